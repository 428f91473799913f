// Pull request reviews, review requests and inline review comments, with Gitea's rules
// (routers/api/v1/repo/pull_review.go, services/pull/review.go, models/issues/review.go).
//
// A review row's type: 0 pending (the reviewer is still collecting comments, visible only to them),
// 1 approve, 2 comment, 3 request changes, 4 review requested. Submitting leaves a `review` event
// (comment type 22) in the timeline; inline comments are comment rows of type 21 (`code`) with the
// review's id, the file, the line (> 0 new side, < 0 old side) and the hunk they were made on.
// For code comments we also keep the two commits their line numbers refer to: commit_sha (the head
// commit the new-side line is counted in; it follows pushes while the line survives) and old_ref
// (the merge base the old-side line is counted in); new_ref keeps the head they were first made on.
import type { Db } from '../../db/types.ts';
import type { CommentRow, IssueRow, PullRequestRow, ReviewRow, UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { ReviewState } from '../../api/pull-schemas.ts';
import { CommentType } from '../conversation.ts';
import type { RepoContext } from '../../http/repo-context.ts';

/** Gitea's ReviewType numbers. */
export const ReviewType = { pending: 0, approve: 1, comment: 2, reject: 3, request: 4 } as const;

export const REVIEW_STATE_OF: Record<number, ReviewState> = {
  [ReviewType.pending]: 'PENDING',
  [ReviewType.approve]: 'APPROVED',
  [ReviewType.comment]: 'COMMENT',
  [ReviewType.reject]: 'REQUEST_CHANGES',
  [ReviewType.request]: 'REQUEST_REVIEW',
};

/** One pull request as the review operations see it. */
export interface PullRef {
  rc: RepoContext;
  issue: IssueRow;
  pr: PullRequestRow;
}

// ---------------------------------------------------------------------------------------------
// Contract used by the pull request object (batched for lists)

/** Issue id → ids of users whose review is requested and not yet given, for the pull request object. */
export async function requestedReviewerIds(db: Db, issueIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!issueIds.length) return out;
  const rows = await db
    .selectFrom('review')
    .select(['issue_id', 'reviewer_id'])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', ReviewType.request)
    .where('reviewer_id', '>', 0)
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.issue_id, [...(out.get(r.issue_id) ?? []), r.reviewer_id]);
  return out;
}

/**
 * Issue id → ids of the teams whose review is requested (Gitea's LoadRequestedReviewersTeams: the
 * open team requests, oldest first), for the pull request object's `requested_reviewers_teams`.
 */
export async function requestedTeamIds(db: Db, issueIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!issueIds.length) return out;
  const rows = await db
    .selectFrom('review')
    .select(['issue_id', 'reviewer_team_id'])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', ReviewType.request)
    .where('reviewer_team_id', '>', 0)
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.issue_id, [...(out.get(r.issue_id) ?? []), r.reviewer_team_id]);
  return out;
}

/**
 * Issue id → the users the pull request object lists as `requested_reviewers`, as Gitea fills it
 * (GetReviewsByIssueID / PullRequestList.LoadReviews): each user's latest approval, change request or
 * review request that is not dismissed, oldest update first. So someone who approved stays listed
 * (with their approval); a dismissed verdict drops back to the one before it, if any.
 */
export async function listedReviewerIds(db: Db, issueIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!issueIds.length) return out;
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
  const rows = await db.selectFrom('review').select(['issue_id', 'reviewer_id']).where('id', 'in', latest).orderBy('updated_unix').orderBy('id').execute();
  for (const r of rows) out.set(r.issue_id, [...(out.get(r.issue_id) ?? []), r.reviewer_id]);
  return out;
}

/**
 * Issue id → the pull request object's `review_comments`, counted as Gitea counts it
 * (LoadReviewCommentsCounts): the submitted reviews in the timeline (comment type `review`), not the
 * inline comments in them.
 */
export async function reviewCommentCounts(db: Db, issueIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!issueIds.length) return out;
  const rows = await db
    .selectFrom('comment')
    .select(['issue_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('issue_id', 'in', issueIds)
    .where('type', '=', CommentType.review)
    .groupBy('issue_id')
    .execute();
  for (const r of rows) out.set(r.issue_id, Number(r.n));
  return out;
}

/**
 * Requests reviews from these users (already checked to exist and be able to read), as the
 * reviewers of POST /pulls; leaves review_request events. Team reviewers come with teams.
 */

// ---------------------------------------------------------------------------------------------
// Reading

/** Pending reviews are only visible to their reviewer and site admins (Gitea). */
const seesPending = (review: Pick<ReviewRow, 'reviewer_id'>, viewer: UserRow | null) => !!viewer && (viewer.is_admin === 1 || viewer.id === review.reviewer_id);

export async function listReviews(db: Db, issueId: number, viewer: UserRow | null, page: { limit: number; offset: number }) {
  let q = db.selectFrom('review').where('issue_id', '=', issueId);
  if (!viewer) q = q.where('type', '!=', ReviewType.pending);
  else if (viewer.is_admin !== 1) q = q.where((eb) => eb.or([eb('type', '!=', ReviewType.pending), eb('reviewer_id', '=', viewer.id)]));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('created_unix').orderBy('id').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(n) };
}

/** A review of this pull request; someone else's pending review is as absent as a missing one. */
export async function getReview(db: Db, p: PullRef, id: number, viewer: UserRow | null): Promise<ReviewRow> {
  const review = await db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
  if (!review || review.issue_id !== p.issue.id || (review.type === ReviewType.pending && !seesPending(review, viewer))) {
    throw notFound(`review does not exist [id: ${id}]`);
  }
  return review;
}

/** The inline comments of a review, in the order they were written. */
export function reviewCodeComments(db: Db, reviewId: number): Promise<CommentRow[]> {
  return db.selectFrom('comment').selectAll().where('review_id', '=', reviewId).where('type', '=', CommentType.code).orderBy('id').execute();
}
