// Reviews, review requests and the users and teams they name. Data access only; the rules are
// services/pulls/review*.ts, staleness.ts and merge-checks.ts.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './types.ts';
import type { CommentRow, Database, ReviewRow, TeamRow, UserRow } from './schema.ts';

/** Gitea's ReviewType numbers (review.type). */
export const ReviewType = { pending: 0, approve: 1, comment: 2, reject: 3, request: 4 } as const;

/** Open review requests to users on these pull requests (issue ids), oldest first. */
export function listUserRequests(db: Db, issueIds: number[]) {
  return db
    .selectFrom('review')
    .select(['issue_id', 'reviewer_id'])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', ReviewType.request)
    .where('reviewer_id', '>', 0)
    .orderBy('id')
    .execute();
}

/** Open review requests to teams on these pull requests (issue ids), oldest first. */
export function listTeamRequests(db: Db, issueIds: number[]) {
  return db
    .selectFrom('review')
    .select(['issue_id', 'reviewer_team_id'])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', ReviewType.request)
    .where('reviewer_team_id', '>', 0)
    .orderBy('id')
    .execute();
}

/** Each user's latest undismissed approval, change request or request on these pull requests, oldest update first. */
export function listLatestUserVerdicts(db: Db, issueIds: number[]) {
  const latest = db
    .selectFrom('review')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .where('issue_id', 'in', issueIds)
    .where('type', 'in', [ReviewType.approve, ReviewType.reject, ReviewType.request])
    .where('dismissed', '=', 0)
    .where('original_author_id', '=', 0)
    .where('reviewer_team_id', '=', 0)
    .where('reviewer_id', '>', 0)
    .groupBy(['issue_id', 'reviewer_id']);
  return db.selectFrom('review').select(['issue_id', 'reviewer_id']).where('id', 'in', latest).orderBy('updated_unix').orderBy('id').execute();
}

/** How many timeline rows of comment type `type` each of these issues has. */
export function countCommentsOfType(db: Db, issueIds: number[], type: number) {
  return db
    .selectFrom('comment')
    .select(['issue_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', type)
    .groupBy('issue_id')
    .execute();
}

/**
 * One page of a pull request's reviews, oldest first, and how many there are. `viewerId`: null
 * leaves out every pending review, a user id all pending reviews but that user's, undefined none.
 */
export async function listReviewPage(db: Db, issueId: number, viewerId: number | null | undefined, page: { limit: number; offset: number }) {
  let q = db.selectFrom('review').where('issue_id', '=', issueId);
  if (viewerId === null) q = q.where('type', '!=', ReviewType.pending);
  else if (viewerId !== undefined) q = q.where((eb) => eb.or([eb('type', '!=', ReviewType.pending), eb('reviewer_id', '=', viewerId)]));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('created_unix').orderBy('id').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(n) };
}

export function findReviewById(db: Db, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A review's comments of comment type `type` (its inline comments), in the order they were written. */
export function listReviewComments(db: Db, reviewId: number, type: number): Promise<CommentRow[]> {
  return db.selectFrom('comment').selectAll().where('review_id', '=', reviewId).where('type', '=', type).orderBy('id').execute();
}

/** A user by login or, when the name holds an @, by email (`name` already lower-case). */
export function findUserByLoginOrEmail(db: Db, name: string): Promise<UserRow | undefined> {
  const q = db.selectFrom('user').selectAll();
  return (name.includes('@') ? q.where('email', '=', name) : q.where('lower_name', '=', name)).executeTakeFirst();
}

/** An organization's team by name (any case): its id. */
export function findTeamIdByName(db: Db, orgId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('team').select('id').where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** An organization's team by name (any case). */
export function findTeamByName(db: Db, orgId: number, name: string): Promise<TeamRow | undefined> {
  return db.selectFrom('team').selectAll().where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

const reviewsOf = (db: Db, issueId: number, type: number) => db.selectFrom('review').where('review.issue_id', '=', issueId).where('review.type', '=', type);

/** How many official, undismissed reviews of `type` a pull request has (`fresh`: not stale either). */
export async function countLiveReviews(db: Db, issueId: number, type: number, fresh: boolean): Promise<number> {
  let q = reviewsOf(db, issueId, type).where('official', '=', 1).where('dismissed', '=', 0);
  if (fresh) q = q.where('stale', '=', 0);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** The official review requests (`requestType`) of a pull request, oldest first: the user's or the team's name. */
export function listOfficialRequestNames(db: Db, issueId: number, requestType: number) {
  return reviewsOf(db, issueId, requestType)
    .leftJoin('user', (j) => j.onRef('user.id', '=', 'review.reviewer_id').on('review.reviewer_team_id', '=', 0))
    .leftJoin('team', (j) => j.onRef('team.id', '=', 'review.reviewer_team_id').on('review.reviewer_team_id', '!=', 0))
    .select(['user.name as user_name', 'team.name as team_name'])
    .where('review.official', '=', 1)
    .orderBy('review.id')
    .execute();
}

export function insertReviewRow(db: Db, values: Omit<ReviewRow, 'id'>): Promise<ReviewRow> {
  return db.insertInto('review').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The base branch of the pull request an issue row is, if it is one. */
export function findPullBaseBranch(db: Db, issueId: number): Promise<{ base_branch: string } | undefined> {
  return db.selectFrom('pull_request').select('base_branch').where('issue_id', '=', issueId).executeTakeFirst();
}

/** Marks a review official. */
export async function setReviewOfficial(db: Db, id: number): Promise<void> {
  await db.updateTable('review').set({ official: 1 }).where('id', '=', id).execute();
}

/** The reviewer's latest verdict or open request on the pull request (Gitea's GetReviewByIssueIDAndUserID). */
export function findLatestVerdictOrRequest(db: Db, issueId: number, reviewerId: number): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('review')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('reviewer_id', '=', reviewerId)
    .where('original_author_id', '=', 0)
    .where('type', 'in', [ReviewType.approve, ReviewType.reject, ReviewType.request])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether the user is a collaborator of the repository: the collaboration's id. */
export function findCollaborationId(db: Db, repoId: number, userId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('collaboration').select('id').where('repo_id', '=', repoId).where('user_id', '=', userId).executeTakeFirst();
}

/** A membership of the user in a team of the organization that has the repository with unit `unitType` readable. */
export function findTeamMembershipWithUnit(db: Db, userId: number, orgId: number, repoId: number, unitType: number): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('team_user')
    .innerJoin('team_repo', 'team_repo.team_id', 'team_user.team_id')
    .innerJoin('team_unit', 'team_unit.team_id', 'team_user.team_id')
    .select('team_user.id')
    .where('team_user.uid', '=', userId)
    .where('team_user.org_id', '=', orgId)
    .where('team_repo.repo_id', '=', repoId)
    .where('team_unit.type', '=', unitType)
    .where('team_unit.access_mode', '>=', 1)
    .executeTakeFirst();
}

/** A team's access to one unit, if it has the unit. */
export function findTeamUnitAccess(db: Db, teamId: number, unitType: number): Promise<{ access_mode: number } | undefined> {
  return db.selectFrom('team_unit').select('access_mode').where('team_id', '=', teamId).where('type', '=', unitType).executeTakeFirst();
}

/** Whether the pull request an issue row is has been merged. */
export function findPullMergedFlag(db: Db, issueId: number): Promise<{ has_merged: number } | undefined> {
  return db.selectFrom('pull_request').select('has_merged').where('issue_id', '=', issueId).executeTakeFirst();
}

/** Makes none of a reviewer's reviews of a pull request official. */
export async function clearReviewerOfficial(db: Db, issueId: number, reviewerId: number): Promise<void> {
  await db.updateTable('review').set({ official: 0 }).where('issue_id', '=', issueId).where('reviewer_id', '=', reviewerId).execute();
}

export async function deleteReviewRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('review').where('id', '=', id).execute();
}

/** The team's latest review row (its request) on a pull request. */
export function findTeamReview(db: Db, issueId: number, teamId: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('review').selectAll().where('issue_id', '=', issueId).where('reviewer_team_id', '=', teamId).orderBy('id', 'desc').executeTakeFirst();
}

/** Reviews of `types` become stale unless they are of `head`, which become fresh again. */
export async function markReviewsStale(db: Db, issueId: number, types: number[], head: string): Promise<void> {
  await db.updateTable('review').set({ stale: 1 }).where('issue_id', '=', issueId).where('type', 'in', types).where('commit_id', '!=', head).execute();
  await db.updateTable('review').set({ stale: 0 }).where('issue_id', '=', issueId).where('type', 'in', types).where('commit_id', '=', head).execute();
}

/** The undismissed reviews of one type on a pull request, oldest first. */
export function listStandingReviews(db: Db, issueId: number, type: number): Promise<ReviewRow[]> {
  return db.selectFrom('review').selectAll().where('issue_id', '=', issueId).where('type', '=', type).where('dismissed', '=', 0).orderBy('id').execute();
}

/** Who wrote the latest timeline row of comment type `type` on an issue. */
export function findLatestCommentPoster(db: Db, issueId: number, type: number): Promise<{ poster_id: number } | undefined> {
  return db.selectFrom('comment').select('poster_id').where('issue_id', '=', issueId).where('type', '=', type).orderBy('id', 'desc').executeTakeFirst();
}

export async function dismissReviews(db: Db, ids: number[]): Promise<void> {
  await db.updateTable('review').set({ dismissed: 1 }).where('id', 'in', ids).execute();
}

/** A user's name by id. */
export function findUserName(db: Db, id: number): Promise<{ name: string } | undefined> {
  return db.selectFrom('user').select('name').where('id', '=', id).executeTakeFirst();
}

/** An issue's comments of `type` that are not outdated (only `onlyIds` when given). */
export function listLiveComments(db: Db, issueId: number, type: number, onlyIds?: number[]): Promise<CommentRow[]> {
  let q = db.selectFrom('comment').selectAll().where('issue_id', '=', issueId).where('type', '=', type).where('invalidated', '=', 0);
  if (onlyIds) q = q.where('id', 'in', onlyIds);
  return q.execute();
}

export async function updateComment(db: Db, id: number, set: { invalidated?: number; line?: number; commit_sha?: string; old_ref?: string }): Promise<void> {
  await db.updateTable('comment').set(set).where('id', '=', id).execute();
}

/** The reviewer's pending review of a pull request, the oldest if several. */
export function findPendingReview(db: Db, issueId: number, reviewerId: number): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('review')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('reviewer_id', '=', reviewerId)
    .where('type', '=', ReviewType.pending)
    .orderBy('id')
    .executeTakeFirst();
}

/** Changes a review and gives it back. */
export function updateReview(db: Db, id: number, set: Updateable<Database['review']>): Promise<ReviewRow> {
  return db.updateTable('review').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Dismisses a reviewer's approvals and change requests on a pull request (`onlyStanding`: those not dismissed yet). */
export async function dismissReviewerVerdicts(db: Db, issueId: number, reviewerId: number, onlyStanding: boolean): Promise<void> {
  let q = db.updateTable('review').set({ dismissed: 1 }).where('issue_id', '=', issueId).where('reviewer_id', '=', reviewerId);
  if (onlyStanding) q = q.where('dismissed', '=', 0);
  await q.where('type', 'in', [ReviewType.approve, ReviewType.reject]).execute();
}

/** Removes the reviewer's open requests on a pull request. */
export async function deleteReviewerRequests(db: Db, issueId: number, reviewerId: number): Promise<void> {
  await db.deleteFrom('review').where('issue_id', '=', issueId).where('reviewer_id', '=', reviewerId).where('type', '=', ReviewType.request).execute();
}

/** Removes the open requests to the organization's teams the user is a member of. */
export async function deleteTeamRequestsOfMember(db: Db, issueId: number, orgId: number, userId: number): Promise<void> {
  const doerTeams = db.selectFrom('team_user').select('team_id').where('org_id', '=', orgId).where('uid', '=', userId);
  await db
    .deleteFrom('review')
    .where('issue_id', '=', issueId)
    .where('type', '=', ReviewType.request)
    .where('reviewer_team_id', '>', 0)
    .where('reviewer_team_id', 'in', doerTeams)
    .execute();
}

/** Inserts a comment row; its id. */
export async function insertComment(db: Db, values: Insertable<Database['comment']>): Promise<number> {
  const row = await db.insertInto('comment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A review's type now (it may have been submitted meanwhile). */
export function findReviewType(db: Db, id: number): Promise<{ type: number } | undefined> {
  return db.selectFrom('review').select('type').where('id', '=', id).executeTakeFirst();
}

/** Removes a review's comments of these types. */
export async function deleteReviewComments(db: Db, issueId: number, reviewId: number, types: number[]): Promise<void> {
  await db.deleteFrom('comment').where('issue_id', '=', issueId).where('review_id', '=', reviewId).where('type', 'in', types).execute();
}

export async function setReviewDismissed(db: Db, id: number, dismissed: boolean, now: number): Promise<void> {
  await db
    .updateTable('review')
    .set({ dismissed: dismissed ? 1 : 0, updated_unix: now })
    .where('id', '=', id)
    .execute();
}

export function getReviewById(db: Db, id: number): Promise<ReviewRow> {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** How many comments of `type` each of these reviews has. */
export function countReviewCommentsOfType(db: Db, reviewIds: number[], type: number) {
  return db
    .selectFrom('comment')
    .select(['review_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('review_id', 'in', reviewIds)
    .where('type', '=', type)
    .groupBy('review_id')
    .execute();
}

/** The first comment of `type` of each of these reviews (a submitted review's timeline entry). */
export function firstReviewCommentsOfType(db: Db, reviewIds: number[], type: number) {
  return db
    .selectFrom('comment')
    .select(['review_id', (eb) => eb.fn.min<number>('id').as('id')])
    .where('review_id', 'in', reviewIds)
    .where('type', '=', type)
    .groupBy('review_id')
    .execute();
}

/** The ids among `reviewIds` of pending reviews. */
export async function pendingReviewIds(db: Db, reviewIds: number[]): Promise<number[]> {
  return (await db.selectFrom('review').select('id').where('id', 'in', reviewIds).where('type', '=', ReviewType.pending).execute()).map((rv) => rv.id);
}
