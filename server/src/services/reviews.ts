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
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { lockRow } from '../db/dialect.ts';
import type { CommentRow, IssueRow, PullRequestRow, RepoRow, ReviewRow, TeamRow, UserRow } from '../db/schema.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../errors.ts';
import type { ReviewState } from '../api/pull-schemas.ts';
import { mergeBase } from '../git/compare.ts';
import { changedRanges, cutDiffAroundLine, fileDiff, mapLine } from '../git/diff-hunk.ts';
import { resolveCommit } from '../git/repo.ts';
import { legacyRunGit } from '../git/run-git.ts';
import { recordAction, type OpType } from './activity.ts';
import { COMMENT_DEFAULTS, CommentType, canWrite, insertEvent } from './conversation.ts';
import { afterPullApproval } from './auto-merge.ts';
import { recordMentions } from './mentions.ts';
import { approvalCounts, effectiveRule } from './protection-rules.ts';
import { repoPermission } from './permissions.ts';
import { hasTeamRepo, UNIT_KEYS } from './teams.ts';
import type { RepoContext } from '../http/repo-context.ts';

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
export async function requestReviews(deps: Deps, repo: RepoRow, pull: IssueRow, doer: UserRow, reviewerIds: number[]): Promise<void> {
  const ids = [...new Set(reviewerIds)].filter((id) => id !== pull.poster_id);
  if (!ids.length) return;
  const { db } = deps;
  const rows = await db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
  // In the order the reviewers were given.
  const users = ids.map((id) => rows.find((u) => u.id === id)).filter((u): u is UserRow => !!u);
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', pull.id);
    for (const u of users) await addReviewRequest(trx, repo, pull, u, doer);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

const pullHeadRef = (pr: PullRequestRow) => `refs/pull/${pr.index}/head`;

/** The pull request's head commit: refs/pull/N/head, as Gitea reads it, else the recorded head. */
async function headCommit(dir: string, pr: PullRequestRow): Promise<string> {
  const sha = (await resolveCommit(dir, pullHeadRef(pr))) ?? (pr.head_commit_id || (await resolveCommit(dir, `refs/heads/${pr.head_branch}`)));
  if (!sha) throw unprocessable('the head of this pull request cannot be found');
  return sha;
}

/** Where the pull request's diff starts: the recorded merge base, else the one git finds now. */
async function diffBase(dir: string, pr: PullRequestRow, head: string): Promise<string> {
  if (pr.merge_base) return pr.merge_base;
  const base = await resolveCommit(dir, `refs/heads/${pr.base_branch}`);
  const mb = base && (await mergeBase(dir, base, head));
  if (!mb) throw unprocessable('the base of this pull request cannot be found');
  return mb;
}

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

// ---------------------------------------------------------------------------------------------
// Creating and submitting

export interface NewCodeComment {
  path: string;
  body: string;
  old_position?: number;
  new_position?: number;
}

export interface CreateReviewInput {
  /** '' (what Gitea's SDK sends when none is chosen) means PENDING, as any value Gitea does not know. */
  event?: ReviewState | '';
  body?: string;
  commit_id?: string;
  comments?: NewCodeComment[];
}

function typeOfEvent(event: ReviewState | '' | undefined): number {
  if (event === 'APPROVED') return ReviewType.approve;
  if (event === 'REQUEST_CHANGES') return ReviewType.reject;
  if (event === 'COMMENT') return ReviewType.comment;
  // PENDING, empty, and anything else: keep collecting (Gitea's default).
  return ReviewType.pending;
}

/** Gitea's preparePullReviewType: who may approve or reject, and which events need a body. */
function checkEvent(p: PullRef, doer: UserRow, event: ReviewState | '' | undefined, body: string, hasComments: boolean): number {
  const type = typeOfEvent(event);
  const hasBody = body.trim().length > 0;
  const name = event || 'PENDING';
  if (type === ReviewType.approve && p.issue.poster_id === doer.id) throw unprocessable('approve your own pull is not allowed');
  if (type === ReviewType.reject && p.issue.poster_id === doer.id) throw unprocessable('reject your own pull is not allowed');
  if (type === ReviewType.reject && !hasBody) throw unprocessable(`review event ${name} requires a body`);
  if (type === ReviewType.comment && !hasBody && !hasComments) throw unprocessable(`review event ${name} requires a body or a comment`);
  // As Gitea: a PENDING call needs a body too (it is replaced by the body given when submitting).
  if (type === ReviewType.pending && !hasBody) throw unprocessable(`review event ${name} requires a body`);
  return type;
}

/** Approving or requesting changes is refused once the pull request is closed or merged. */
function checkOpenForVerdict(p: PullRef, type: number) {
  if ((type === ReviewType.approve || type === ReviewType.reject) && (p.issue.is_closed === 1 || p.pr.has_merged === 1)) {
    throw unprocessable("can't submit review for a closed or merged PR");
  }
}

interface PreparedComment {
  path: string;
  body: string;
  line: number;
  patch: string;
}

/** Validates inline comments and cuts the hunk each one sits on, one git diff per file. */
async function prepareComments(dir: string, from: string, to: string, comments: NewCodeComment[]): Promise<PreparedComment[]> {
  const diffs = new Map<string, string>();
  const out: PreparedComment[] = [];
  for (const [i, c] of comments.entries()) {
    const oldLine = c.old_position ?? 0;
    const newLine = c.new_position ?? 0;
    if (oldLine < 0 || newLine < 0) throw unprocessable(`comments[${i}]: positions cannot be negative`);
    const line = oldLine > 0 ? -oldLine : newLine;
    if (line === 0) throw unprocessable(`comments[${i}]: new_position or old_position is required`);
    if (c.path.includes('\0')) throw unprocessable(`comments[${i}].path: invalid path`);
    let diff = diffs.get(c.path);
    if (diff === undefined) {
      diff = await fileDiff(dir, from, to, c.path);
      diffs.set(c.path, diff);
    }
    if (!diff.trim()) throw unprocessable(`comments[${i}].path: ${c.path} is not changed in this pull request`);
    // A NUL byte past git's binary check (the first 8000 bytes) is diffed as text; PostgreSQL's text
    // cannot hold it, so the stored hunk, shown beside the comment, has U+FFFD in its place.
    out.push({ path: c.path, body: c.body, line, patch: cutDiffAroundLine(diff, Math.abs(line), line < 0).replace(/\0/g, '\uFFFD') });
  }
  return out;
}

const isVerdict = (type: number) => type === ReviewType.approve || type === ReviewType.reject;

async function pendingReviewOf(db: Db, issueId: number, doerId: number): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('review')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('reviewer_id', '=', doerId)
    .where('type', '=', ReviewType.pending)
    .orderBy('id')
    .executeTakeFirst();
}

async function insertReview(
  db: Db,
  v: {
    type: number;
    reviewer_id: number;
    reviewer_team_id?: number;
    issue_id: number;
    content?: string;
    official?: boolean;
    commit_id?: string;
    stale?: boolean;
  },
) {
  const now = nowUnix();
  return db
    .insertInto('review')
    .values({
      type: v.type,
      reviewer_id: v.reviewer_id,
      reviewer_team_id: v.reviewer_team_id ?? 0,
      original_author: '',
      original_author_id: 0,
      issue_id: v.issue_id,
      content: v.content ?? '',
      official: v.official ? 1 : 0,
      commit_id: v.commit_id ?? '',
      stale: v.stale ? 1 : 0,
      dismissed: 0,
      created_unix: now,
      updated_unix: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gitea's IsOfficialReviewer: whose verdicts and requests are official (count toward required
 * approvals and block as rejections). Without a rule on the base branch, or with its approvals
 * whitelist off, write access to the code; with the whitelist on, only the users and team members listed.
 */
async function isOfficialReviewer(db: Db, user: UserRow, repo: RepoRow, baseBranch: string) {
  const rule = await effectiveRule(db, repo.id, baseBranch);
  const perm = await repoPermission(db, user, repo);
  return rule ? approvalCounts(db, rule, user.id, perm) : perm.canWrite('code');
}

/** The base branch of the pull request an issue row is ('' when it has none). */
const baseBranchOf = async (db: Db, issueId: number) =>
  (await db.selectFrom('pull_request').select('base_branch').where('issue_id', '=', issueId).executeTakeFirst())?.base_branch ?? '';

/**
 * Turns the doer's pending review (or a new one) into a submitted review of `type`, as Gitea's
 * SubmitReview: only the latest verdict of a reviewer stays official, a verdict clears the reviewer's
 * open request, and a `review` event joins the timeline. Runs inside the caller's transaction.
 */
async function submitInTx(trx: Db, p: PullRef, doer: UserRow, type: number, content: string, commitId: string, stale: boolean, pending: ReviewRow | undefined) {
  const now = nowUnix();
  let official = false;
  if (isVerdict(type)) {
    await trx.updateTable('review').set({ official: 0 }).where('issue_id', '=', p.issue.id).where('reviewer_id', '=', doer.id).execute();
    official = await isOfficialReviewer(trx, doer, p.rc.repo, p.pr.base_branch);
  }
  let review: ReviewRow;
  if (pending) {
    review = await trx
      .updateTable('review')
      .set({ type, content, official: official ? 1 : 0, commit_id: commitId, stale: stale ? 1 : 0, created_unix: now, updated_unix: now })
      .where('id', '=', pending.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    // A fresh verdict supersedes the reviewer's earlier ones (Gitea's CreateReview).
    if (isVerdict(type)) {
      await trx
        .updateTable('review')
        .set({ dismissed: 1 })
        .where('issue_id', '=', p.issue.id)
        .where('reviewer_id', '=', doer.id)
        .where('type', 'in', [ReviewType.approve, ReviewType.reject])
        .execute();
    }
    review = await insertReview(trx, { type, reviewer_id: doer.id, issue_id: p.issue.id, content, official, commit_id: commitId, stale });
  }
  // A verdict answers the reviewer's request (in Gitea it becomes their latest review, which is what
  // counts); a COMMENT review does not, so the request stays, as in Gitea.
  if (isVerdict(type))
    await trx.deleteFrom('review').where('issue_id', '=', p.issue.id).where('reviewer_id', '=', doer.id).where('type', '=', ReviewType.request).execute();
  // ... and the requests to the reviewer's teams in the organization (Gitea's SubmitReview), silently.
  if (isVerdict(type) && p.rc.owner.type === 1) {
    const doerTeams = trx.selectFrom('team_user').select('team_id').where('org_id', '=', p.rc.owner.id).where('uid', '=', doer.id);
    await trx
      .deleteFrom('review')
      .where('issue_id', '=', p.issue.id)
      .where('type', '=', ReviewType.request)
      .where('reviewer_team_id', '>', 0)
      .where('reviewer_team_id', 'in', doerTeams)
      .execute();
  }
  const eventId = await insertEvent(trx, {
    type: CommentType.review,
    poster_id: doer.id,
    issue_id: p.issue.id,
    content,
    review_id: review.id,
    created_unix: now,
  });
  await trx.updateTable('issue').set({ updated_unix: now }).where('id', '=', p.issue.id).execute();
  return { review, eventId };
}

const firstLine = (s: string) => s.split('\n')[0] ?? '';

/** Feed rows and mentions after a review is submitted, as Gitea's notifiers. */
async function afterSubmit(deps: Deps, p: PullRef, doer: UserRow, review: ReviewRow, eventId: number) {
  const { db } = deps;
  const codeComments = await reviewCodeComments(db, review.id);
  for (const c of codeComments) {
    await recordMentions(db, p.rc, p.issue, c.content);
    await recordAction(db, {
      op_type: 'comment_pull',
      act_user_id: doer.id,
      repo: p.rc.repo,
      comment_id: c.id,
      content: `${p.issue.index}|${firstLine(c.content)}`,
    });
  }
  await recordMentions(db, p.rc, p.issue, review.content);
  if (review.type !== ReviewType.comment || review.content.trim() !== '') {
    const op: OpType = review.type === ReviewType.approve ? 'approve_pull_request' : review.type === ReviewType.reject ? 'reject_pull_request' : 'comment_pull';
    await recordAction(db, {
      op_type: op,
      act_user_id: doer.id,
      repo: p.rc.repo,
      comment_id: eventId,
      content: `${p.issue.index}|${firstLine(review.content)}`,
    });
  }
  // A merge scheduled for when the checks succeed may have waited only for this approval.
  if (review.type === ReviewType.approve) await afterPullApproval(deps, p.rc.repo, p.pr.id);
}

async function insertCodeComments(trx: Db, p: PullRef, doer: UserRow, reviewId: number, comments: PreparedComment[], commitId: string, base: string) {
  const now = nowUnix();
  const ids: number[] = [];
  for (const c of comments) {
    const row = await trx
      .insertInto('comment')
      .values({
        ...COMMENT_DEFAULTS,
        type: CommentType.code,
        poster_id: doer.id,
        issue_id: p.issue.id,
        content: c.body,
        review_id: reviewId,
        tree_path: c.path,
        line: c.line,
        patch: c.patch,
        commit_sha: commitId,
        old_ref: base,
        new_ref: commitId,
        created_unix: now,
        updated_unix: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * POST /pulls/{index}/reviews: adds the inline comments to the doer's pending review (creating it),
 * then either keeps it pending (event PENDING or none) or submits it as APPROVED, REQUEST_CHANGES or COMMENT.
 */
export async function createReview(deps: Deps, p: PullRef, doer: UserRow, input: CreateReviewInput): Promise<ReviewRow> {
  const { db } = deps;
  const body = input.body ?? '';
  const comments = input.comments ?? [];
  const type = checkEvent(p, doer, input.event, body, comments.length > 0);
  checkOpenForVerdict(p, type);

  const dir = p.rc.dir;
  const head = await headCommit(dir, p.pr);
  let commitId = head;
  if (input.commit_id) {
    const sha = await resolveCommit(dir, input.commit_id);
    if (!sha) throw unprocessable(`commit_id: commit does not exist [sha: ${input.commit_id}]`);
    commitId = sha;
  }
  const base = comments.length ? await diffBase(dir, p.pr, head) : '';
  const prepared = await prepareComments(dir, base, commitId, comments);

  const result = await db.transaction().execute(async (trx) => {
    // Review writes on one pull request one at a time (PostgreSQL's transactions overlap): two
    // requests at once find or make one pending review, request a reviewer once.
    await lockRow(trx, 'issue', p.issue.id);
    let pending = await pendingReviewOf(trx, p.issue.id, doer.id);
    if (prepared.length && !pending)
      pending = await insertReview(trx, { type: ReviewType.pending, reviewer_id: doer.id, issue_id: p.issue.id, commit_id: commitId });
    const commentIds = pending ? await insertCodeComments(trx, p, doer, pending.id, prepared, commitId, base) : [];
    if (type === ReviewType.pending) {
      // Still collecting: a body given now becomes the review's text.
      let review = pending;
      if (!review)
        review = await insertReview(trx, { type: ReviewType.pending, reviewer_id: doer.id, issue_id: p.issue.id, content: body, commit_id: commitId });
      else if (body.trim())
        review = await trx
          .updateTable('review')
          .set({ content: body, updated_unix: nowUnix() })
          .where('id', '=', review.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      return { review, eventId: 0, commentIds };
    }
    const stale = isVerdict(type) && commitId !== head;
    return { ...(await submitInTx(trx, p, doer, type, body, commitId, stale, pending)), commentIds };
  });

  // Comments written against an older commit than the head follow it (or go outdated) right away.
  if (commitId !== head && result.commentIds.length) await reconcileComments(deps, p.rc.repo, p.issue, p.pr, head, result.commentIds);
  if (result.eventId) await afterSubmit(deps, p, doer, result.review, result.eventId);
  return result.review;
}

/** POST /pulls/{index}/reviews/{id}: submits the doer's pending review against the current head. */
export async function submitReview(deps: Deps, p: PullRef, review: ReviewRow, doer: UserRow, event: ReviewState, body: string | undefined): Promise<ReviewRow> {
  if (review.type !== ReviewType.pending) throw unprocessable('only a pending review can be submitted');
  if (review.reviewer_id !== doer.id) throw forbidden('only the reviewer can submit a pending review');
  const { db } = deps;
  const content = body ?? '';
  const codeCount = (await reviewCodeComments(db, review.id)).length;
  const type = checkEvent(p, doer, event, content, codeCount > 0);
  if (type === ReviewType.pending) throw unprocessable('review stay pending');
  checkOpenForVerdict(p, type);
  const head = await headCommit(p.rc.dir, p.pr);
  const { review: submitted, eventId } = await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', p.issue.id);
    // Submitted meanwhile by another request: once only.
    const now = await trx.selectFrom('review').select('type').where('id', '=', review.id).executeTakeFirst();
    if (now?.type !== ReviewType.pending) throw unprocessable('only a pending review can be submitted');
    return submitInTx(trx, p, doer, type, content, head, false, review);
  });
  await afterSubmit(deps, p, doer, submitted, eventId);
  return submitted;
}

// ---------------------------------------------------------------------------------------------
// Deleting, dismissing

/** Gitea: the latest verdict or request of a reviewer becomes official again once a later one goes. */
async function restoreLatestOfficial(trx: Db, issueId: number, reviewerId: number) {
  const latest = await latestReviewOf(trx, issueId, reviewerId);
  if (latest) await trx.updateTable('review').set({ official: 1 }).where('id', '=', latest.id).execute();
}

/** The reviewer's latest verdict or open request on the pull request (Gitea's GetReviewByIssueIDAndUserID). */
function latestReviewOf(db: Db, issueId: number, reviewerId: number) {
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

/** DELETE /reviews/{id}: the reviewer or a site admin removes a review with its comments and events. */
export async function deleteReview(deps: Deps, review: ReviewRow, doer: UserRow): Promise<void> {
  if (doer.is_admin !== 1 && doer.id !== review.reviewer_id) throw forbidden();
  if (review.type === ReviewType.request) throw unprocessable('review request can not be deleted using this method');
  await deps.db.transaction().execute(async (trx) => {
    const types = [CommentType.code, CommentType.review, CommentType.dismissReview];
    await trx.deleteFrom('comment').where('issue_id', '=', review.issue_id).where('review_id', '=', review.id).where('type', 'in', types).execute();
    await trx.deleteFrom('review').where('id', '=', review.id).execute();
    if (review.official) await restoreLatestOfficial(trx, review.issue_id, review.reviewer_id);
  });
}

/**
 * Dismissals (Gitea's DismissReview): repository admins only, verdicts only, open pull requests
 * only. Dismissing leaves a `dismiss_review` event with the message; `priors` also dismisses the
 * reviewer's earlier reviews. Undismissing leaves no event.
 */
export async function dismissReview(
  deps: Deps,
  p: PullRef,
  review: ReviewRow,
  doer: UserRow,
  dismiss: boolean,
  message = '',
  priors = false,
): Promise<ReviewRow> {
  if (!isVerdict(review.type)) throw forbidden("not need to dismiss this review because it's type is not Approve or change request");
  if (p.issue.is_closed === 1 || p.pr.has_merged === 1) throw forbidden("can't dismiss a review associated to a closed or merged PR");
  const { db } = deps;
  const eventId = await db.transaction().execute(async (trx) => {
    if ((review.dismissed === 1) !== dismiss) {
      await trx
        .updateTable('review')
        .set({ dismissed: dismiss ? 1 : 0, updated_unix: nowUnix() })
        .where('id', '=', review.id)
        .execute();
    }
    if (priors) {
      await trx
        .updateTable('review')
        .set({ dismissed: 1 })
        .where('issue_id', '=', review.issue_id)
        .where('reviewer_id', '=', review.reviewer_id)
        .where('dismissed', '=', 0)
        .where('type', 'in', [ReviewType.approve, ReviewType.reject])
        .execute();
    }
    if (!dismiss) return 0;
    return insertEvent(trx, { type: CommentType.dismissReview, poster_id: doer.id, issue_id: p.issue.id, content: message, review_id: review.id });
  });
  if (eventId) {
    const reviewer = await db.selectFrom('user').select('name').where('id', '=', review.reviewer_id).executeTakeFirst();
    await recordAction(db, {
      op_type: 'pull_review_dismissed',
      act_user_id: doer.id,
      repo: p.rc.repo,
      comment_id: eventId,
      content: `${p.issue.index}|${reviewer?.name ?? 'Ghost'}|${message}`,
    });
  }
  return db.selectFrom('review').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Review requests

const invalidRequest = (reason: string, doer: UserRow, repo: RepoRow) => unprocessable(`${reason} [user_id: ${doer.id}, repo_id: ${repo.id}]`);

/**
 * Gitea's CanDoerChangeReviewRequests: not in an archived repository; the poster, any collaborator
 * (reading ones too) and, in an organization, members of a team that has the repository with its
 * pull requests unit. Writers on pull requests (here also site admins) may as before.
 */
async function canChangeRequests(db: Db, p: PullRef, doer: UserRow): Promise<boolean> {
  const repo = p.rc.repo;
  if (repo.is_archived === 1) return false;
  if (doer.id === p.issue.poster_id || doer.id === repo.owner_id || canWrite(p.rc, true)) return true;
  if (await db.selectFrom('collaboration').select('id').where('repo_id', '=', repo.id).where('user_id', '=', doer.id).executeTakeFirst()) return true;
  if (p.rc.owner.type !== 1) return false;
  const viaTeam = await db
    .selectFrom('team_user')
    .innerJoin('team_repo', 'team_repo.team_id', 'team_user.team_id')
    .innerJoin('team_unit', 'team_unit.team_id', 'team_user.team_id')
    .select('team_user.id')
    .where('team_user.uid', '=', doer.id)
    .where('team_user.org_id', '=', p.rc.owner.id)
    .where('team_repo.repo_id', '=', repo.id)
    .where('team_unit.type', '=', UNIT_KEYS['repo.pulls']!)
    .where('team_unit.access_mode', '>=', 1)
    .executeTakeFirst();
  return !!viaTeam;
}

async function findReviewers(db: Db, names: string[]): Promise<UserRow[]> {
  const out: UserRow[] = [];
  for (const name of names) {
    const q = db.selectFrom('user').selectAll();
    const u = await (name.includes('@') ? q.where('email', '=', name.toLowerCase()) : q.where('lower_name', '=', name.toLowerCase())).executeTakeFirst();
    if (!u) throw notFound(`User '${name}' not exist`);
    if (!out.some((o) => o.id === u.id)) out.push(u);
  }
  return out;
}

async function addReviewRequest(trx: Db, repo: RepoRow, issue: IssueRow, reviewer: UserRow, doer: UserRow): Promise<ReviewRow | null> {
  const last = await latestReviewOf(trx, issue.id, reviewer.id);
  if (last?.type === ReviewType.request) return null;
  if (last) {
    const pr = await trx.selectFrom('pull_request').select('has_merged').where('issue_id', '=', issue.id).executeTakeFirst();
    if (issue.is_closed === 1 || pr?.has_merged === 1) throw new ApiError(403, 'cannot request a re-review on a closed or merged PR');
  }
  const official = await isOfficialReviewer(trx, reviewer, repo, await baseBranchOf(trx, issue.id));
  if (official) await trx.updateTable('review').set({ official: 0 }).where('issue_id', '=', issue.id).where('reviewer_id', '=', reviewer.id).execute();
  const review = await insertReview(trx, { type: ReviewType.request, reviewer_id: reviewer.id, issue_id: issue.id, official });
  await insertEvent(trx, {
    type: CommentType.reviewRequest,
    poster_id: doer.id,
    issue_id: issue.id,
    assignee_id: reviewer.id,
    removed_assignee: 0,
    review_id: review.id,
  });
  return review;
}

async function removeReviewRequest(trx: Db, repo: RepoRow, issue: IssueRow, reviewer: UserRow, doer: UserRow): Promise<void> {
  const last = await latestReviewOf(trx, issue.id, reviewer.id);
  if (last?.type !== ReviewType.request) return;
  await trx.deleteFrom('review').where('id', '=', last.id).execute();
  if (await isOfficialReviewer(trx, reviewer, repo, await baseBranchOf(trx, issue.id))) await restoreLatestOfficial(trx, issue.id, reviewer.id);
  await insertEvent(trx, { type: CommentType.reviewRequest, poster_id: doer.id, issue_id: issue.id, assignee_id: reviewer.id, removed_assignee: 1 });
}

/** The organization's teams by name, as Gitea's GetTeam (case-insensitive); an unknown one is 404. */
async function findTeams(db: Db, orgId: number, names: string[]): Promise<TeamRow[]> {
  const out: TeamRow[] = [];
  for (const name of names) {
    const t = await db.selectFrom('team').selectAll().where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
    if (!t) throw notFound(`Team '${name}' not exist`);
    if (!out.some((o) => o.id === t.id)) out.push(t);
  }
  return out;
}

/**
 * Gitea's IsOfficialReviewerTeam: with a rule on the base branch, a team in its approvals whitelist
 * (whitelist on), or a team with write access to the code (whitelist off); without a rule, none.
 */
async function isOfficialReviewerTeam(db: Db, team: TeamRow, repo: RepoRow, baseBranch: string): Promise<boolean> {
  const rule = await effectiveRule(db, repo.id, baseBranch);
  if (!rule) return false;
  if (rule.row.enable_approvals_whitelist) return rule.approvalsWhitelistTeamIds.includes(team.id);
  const unit = await db
    .selectFrom('team_unit')
    .select('access_mode')
    .where('team_id', '=', team.id)
    .where('type', '=', UNIT_KEYS['repo.code']!)
    .executeTakeFirst();
  return (unit?.access_mode ?? 0) >= 2;
}

/** The team's request on this pull request, if any (Gitea's GetTeamReviewerByIssueIDAndTeamID). */
const teamRequestOf = (db: Db, issueId: number, teamId: number) =>
  db.selectFrom('review').selectAll().where('issue_id', '=', issueId).where('reviewer_team_id', '=', teamId).orderBy('id', 'desc').executeTakeFirst();

/**
 * Gitea's AddTeamReviewRequest: once per team; official when the team is an official reviewer, or
 * else when the one asking is. A review row with the team and no reviewer, and a review_request event
 * naming the team.
 */
async function addTeamReviewRequest(trx: Db, p: PullRef, team: TeamRow, doer: UserRow): Promise<ReviewRow | null> {
  if (await teamRequestOf(trx, p.issue.id, team.id)) return null;
  const official = (await isOfficialReviewerTeam(trx, team, p.rc.repo, p.pr.base_branch)) || (await isOfficialReviewer(trx, doer, p.rc.repo, p.pr.base_branch));
  const review = await insertReview(trx, { type: ReviewType.request, reviewer_id: 0, reviewer_team_id: team.id, issue_id: p.issue.id, official });
  await insertEvent(trx, {
    type: CommentType.reviewRequest,
    poster_id: doer.id,
    issue_id: p.issue.id,
    assignee_team_id: team.id,
    removed_assignee: 0,
    review_id: review.id,
  });
  return review;
}

/** Gitea's RemoveTeamReviewRequest: drops the team's request and says so in the timeline. */
async function removeTeamReviewRequest(trx: Db, p: PullRef, team: TeamRow, doer: UserRow): Promise<void> {
  const request = await teamRequestOf(trx, p.issue.id, team.id);
  if (!request) return;
  await trx.deleteFrom('review').where('id', '=', request.id).execute();
  await insertEvent(trx, { type: CommentType.reviewRequest, poster_id: doer.id, issue_id: p.issue.id, assignee_team_id: team.id, removed_assignee: 1 });
}

/**
 * POST / DELETE /pulls/{index}/requested_reviewers. Every name is checked before anything changes
 * (Gitea stops at the first bad one, having applied those before it). Returns the new requests,
 * the users' first, then the teams' (as Gitea).
 */
export async function changeReviewRequests(deps: Deps, p: PullRef, doer: UserRow, names: string[], teamNames: string[], add: boolean): Promise<ReviewRow[]> {
  const { db } = deps;
  const reviewers = await findReviewers(db, names);
  // Teams exist only in organizations; for a user's repository Gitea ignores team names.
  const isOrgRepo = p.rc.owner.type === 1;
  const teams = isOrgRepo ? await findTeams(db, p.rc.owner.id, teamNames) : [];

  const repo = p.rc.repo;
  const mayChange = await canChangeRequests(db, p, doer);
  for (const reviewer of reviewers) {
    if (reviewer.type === 1) throw invalidRequest("Organization can't be added as reviewer", doer, repo);
    if (add) {
      if (!(await repoPermission(db, reviewer, repo, p.rc.owner)).canRead('pulls')) throw invalidRequest("Reviewer can't read", doer, repo);
      if (reviewer.id === p.issue.poster_id && p.issue.original_author_id === 0) throw invalidRequest("poster of pr can't be reviewer", doer, repo);
      if (!mayChange) throw invalidRequest("Doer can't choose reviewer", doer, repo);
    } else if (!mayChange) {
      // A reviewer may decline their own request.
      const last = await latestReviewOf(db, p.issue.id, reviewer.id);
      if (!(last?.type === ReviewType.request && reviewer.id === doer.id)) throw invalidRequest("Doer can't remove reviewer", doer, repo);
    }
  }
  // Gitea's isValidTeamReviewRequest: a private repository's team must have it; only those who may
  // choose reviewers add or remove teams.
  for (const team of teams) {
    if (add) {
      if (repo.is_private === 1 && !(await hasTeamRepo(db, team.id, repo.id))) throw invalidRequest("Reviewing team can't read repo", doer, repo);
      if (!mayChange) throw invalidRequest("Doer can't choose reviewer", doer, repo);
    } else if (!mayChange) throw invalidRequest("Doer can't remove reviewer", doer, repo);
  }
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', p.issue.id);
    const created: ReviewRow[] = [];
    for (const reviewer of reviewers) {
      if (!add) await removeReviewRequest(trx, repo, p.issue, reviewer, doer);
      else {
        const r = await addReviewRequest(trx, repo, p.issue, reviewer, doer);
        if (r) created.push(r);
      }
    }
    for (const team of teams) {
      if (!add) await removeTeamReviewRequest(trx, p, team, doer);
      else {
        const r = await addTeamReviewRequest(trx, p, team, doer);
        if (r) created.push(r);
      }
    }
    if (reviewers.length || teams.length) await trx.updateTable('issue').set({ updated_unix: nowUnix() }).where('id', '=', p.issue.id).execute();
    return created;
  });
}

// ---------------------------------------------------------------------------------------------
// When the head moves

/**
 * Called after the head of a pull request moved (push, update, force push): inline comments whose
 * line changed become outdated (invalidated), the others follow their line to the new head; reviews
 * of another commit become stale, those of the new head fresh again (a force push back).
 */
export async function afterPullHeadChange(deps: Deps, repo: RepoRow, pull: IssueRow, oldHead: string, newHead: string, pusher?: UserRow): Promise<void> {
  const { db } = deps;
  const verdicts = [ReviewType.approve, ReviewType.comment, ReviewType.reject];
  await db.updateTable('review').set({ stale: 1 }).where('issue_id', '=', pull.id).where('type', 'in', verdicts).where('commit_id', '!=', newHead).execute();
  await db.updateTable('review').set({ stale: 0 }).where('issue_id', '=', pull.id).where('type', 'in', verdicts).where('commit_id', '=', newHead).execute();
  const pr = await db.selectFrom('pull_request').selectAll().where('issue_id', '=', pull.id).executeTakeFirst();
  if (!pr) return;
  await dismissStaleApprovals(deps, pull, pr, oldHead, newHead, pusher);
  await reconcileComments(deps, repo, pull, pr, newHead);
}

const STALE_DISMISSAL = 'New commits pushed, approval review dismissed automatically according to repository settings';

/**
 * dismiss_stale_approvals (Gitea's DismissApprovalReviews, run from AddTestPullRequestTask): when a
 * push changes what the pull request brings, every standing approval is dismissed, each with a
 * dismiss_review event by the pusher. Bringing in only the base branch changes nothing.
 */
async function dismissStaleApprovals(deps: Deps, pull: IssueRow, pr: PullRequestRow, oldHead: string, newHead: string, pusher?: UserRow) {
  const { db, config } = deps;
  if (!oldHead || oldHead === newHead) return;
  const rule = await effectiveRule(db, pr.base_repo_id, pr.base_branch);
  if (!rule?.row.dismiss_stale_approvals) return;
  const approvals = await db
    .selectFrom('review')
    .selectAll()
    .where('issue_id', '=', pull.id)
    .where('type', '=', ReviewType.approve)
    .where('dismissed', '=', 0)
    .orderBy('id')
    .execute();
  if (!approvals.length) return;
  const baseRepo = await db.selectFrom('repository').selectAll().where('id', '=', pr.base_repo_id).executeTakeFirst();
  if (!baseRepo) return;
  const dir = repoDir(config, baseRepo.owner_name, baseRepo.name);
  if (!(await contentChanged(dir, pr.base_branch, oldHead, newHead))) return;
  // The push hook knows the pusher; otherwise the pull_push event it has just written names them.
  const doerId =
    pusher?.id ??
    (
      await db
        .selectFrom('comment')
        .select('poster_id')
        .where('issue_id', '=', pull.id)
        .where('type', '=', CommentType.pullPush)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.poster_id ??
    pull.poster_id;
  const events = await db.transaction().execute(async (trx) => {
    const ids = approvals.map((a) => a.id);
    await trx.updateTable('review').set({ dismissed: 1 }).where('id', 'in', ids).execute();
    const out: { review: ReviewRow; eventId: number }[] = [];
    for (const review of approvals) {
      out.push({
        review,
        eventId: await insertEvent(trx, {
          type: CommentType.dismissReview,
          poster_id: doerId,
          issue_id: pull.id,
          content: STALE_DISMISSAL,
          review_id: review.id,
        }),
      });
    }
    return out;
  });
  for (const { review, eventId } of events) {
    const reviewer = await db.selectFrom('user').select('name').where('id', '=', review.reviewer_id).executeTakeFirst();
    await recordAction(db, {
      op_type: 'pull_review_dismissed',
      act_user_id: doerId,
      repo: baseRepo,
      comment_id: eventId,
      content: `${pull.index}|${reviewer?.name ?? 'Ghost'}|${STALE_DISMISSAL}`,
    });
  }
}

/**
 * Gitea's checkIfPRContentChanged: `git diff --name-only new old base` is the combined diff of the new
 * head against the old head and the base's merge base; empty when the new head only merged the base in.
 */
async function contentChanged(dir: string, baseBranch: string, oldHead: string, newHead: string): Promise<boolean> {
  try {
    const baseSha = await resolveCommit(dir, `refs/heads/${baseBranch}`);
    const base = baseSha && (await mergeBase(dir, baseSha, newHead));
    if (!base) return true;
    const out = await legacyRunGit(['diff', '--name-only', '-z', newHead, oldHead, base, '--'], { cwd: dir });
    return out.length > 0;
  } catch {
    return true; // a head git cannot read (force push and gc): treat it as changed
  }
}

/**
 * Moves live code comments (all of the pull request, or `onlyIds`) onto `head`: a new-side line is
 * looked up in `git diff -U0 <its commit> <head>`, an old-side line in the diff between the merge
 * base it was counted in and today's. One git call per distinct commit pair, all paths at once.
 */
async function reconcileComments(deps: Deps, repo: RepoRow, issue: IssueRow, pr: PullRequestRow, head: string, onlyIds?: number[]) {
  const { db, config } = deps;
  let q = db.selectFrom('comment').selectAll().where('issue_id', '=', issue.id).where('type', '=', CommentType.code).where('invalidated', '=', 0);
  if (onlyIds) q = q.where('id', 'in', onlyIds);
  const comments = await q.execute();
  if (!comments.length) return;
  const dir = repoDir(config, repo.owner_name, repo.name);
  const baseSha = await resolveCommit(dir, `refs/heads/${pr.base_branch}`);
  const newBase = (baseSha && (await mergeBase(dir, baseSha, head))) || pr.merge_base;

  // Group by the commit each line is counted in and by what it must move to.
  const groups = new Map<string, { from: string; to: string; side: 'new' | 'old'; items: CommentRow[] }>();
  for (const c of comments) {
    const side = c.line < 0 ? 'old' : 'new';
    const from = side === 'new' ? c.commit_sha : c.old_ref;
    const to = side === 'new' ? head : newBase;
    if (!from || !to || from === to) continue;
    const key = `${side} ${from} ${to}`;
    const g = groups.get(key) ?? { from, to, side, items: [] };
    g.items.push(c);
    groups.set(key, g);
  }

  const updates: { id: number; set: { invalidated?: number; line?: number; commit_sha?: string; old_ref?: string } }[] = [];
  for (const g of groups.values()) {
    let changes: Awaited<ReturnType<typeof changedRanges>> | null;
    try {
      changes = await changedRanges(dir, g.from, g.to, [...new Set(g.items.map((c) => c.tree_path))]);
    } catch {
      // The commit the comment was made on is gone (force push and gc): its line cannot be followed.
      changes = null;
    }
    for (const c of g.items) {
      const n = Math.abs(c.line);
      const fileChanges = changes?.get(c.tree_path);
      const moved = changes === null ? null : fileChanges === undefined ? n : mapLine(fileChanges, n);
      if (moved === null) updates.push({ id: c.id, set: { invalidated: 1 } });
      else if (g.side === 'new') updates.push({ id: c.id, set: { line: moved, commit_sha: g.to } });
      else updates.push({ id: c.id, set: { line: -moved, old_ref: g.to } });
    }
  }
  if (!updates.length) return;
  await db.transaction().execute(async (trx) => {
    for (const u of updates) await trx.updateTable('comment').set(u.set).where('id', '=', u.id).execute();
  });
}
