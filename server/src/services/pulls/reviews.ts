// Creating, submitting, deleting and dismissing pull request reviews with their inline comments,
// as Gitea's routers/api/v1/repo/pull_review.go, services/pull/review.go and models/issues/review.go.
// A submitted review is announced as a review.submitted event (a scheduled merge may wait for it).
import type { Deps } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { touchIssue } from '../../db/pulls.ts';
import {
  clearReviewerOfficial,
  deleteReviewComments,
  deleteReviewRow,
  deleteReviewerRequests,
  deleteTeamRequestsOfMember,
  dismissReviewerVerdicts,
  findPendingReview,
  findReviewType,
  findUserName,
  getReviewById,
  insertComment,
  setReviewDismissed,
  updateReview,
} from '../../db/reviews.ts';
import { nowUnix } from '../../db/index.ts';
import { lockRow } from '../../db/dialect.ts';
import type { PullRequestRow, ReviewRow, UserRow } from '../../db/schema.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import type { ReviewState } from '../../api/pull-schemas.ts';
import { mergeBase } from '../../git/compare.ts';
import { CODE_COMMENT_LINES, cutDiffAroundLine, fileDiff } from '../../git/diff-hunk.ts';
import { resolveCommit } from '../../git/repo.ts';
import { recordAction, type OpType } from '../activity.ts';
import { COMMENT_DEFAULTS, CommentType, insertEvent } from '../conversation.ts';
import { emitEvent } from '../events.ts';
import { recordMentions } from '../mentions.ts';
import { ReviewType, reviewCodeComments, type PullRef } from './review-read.ts';
import { insertReview, isOfficialReviewer, restoreLatestOfficial } from './review-official.ts';
import { reconcileComments } from './staleness.ts';

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

/** The web app's range comments start "Lines 20–24" and sit on the last line (there is no range in Gitea's API). */
const RANGE_PREFIX = /^Lines (\d+)–(\d+)\n\n/;
const MAX_RANGE_CONTEXT = 200;

/**
 * Diff lines kept above a commented line: Gitea's default, or for a range comment on this line
 * enough to show the whole range (twice its length, for the other side's lines between).
 */
function contextLinesFor(body: string, line: number): number {
  const m = RANGE_PREFIX.exec(body);
  if (!m || Number(m[2]) !== line) return CODE_COMMENT_LINES;
  const length = line - Number(m[1]) + 1;
  return length > 1 ? Math.min(MAX_RANGE_CONTEXT, Math.max(CODE_COMMENT_LINES, length * 2)) : CODE_COMMENT_LINES;
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
    const patch = cutDiffAroundLine(diff, Math.abs(line), line < 0, contextLinesFor(c.body, Math.abs(line)));
    out.push({ path: c.path, body: c.body, line, patch: patch.replace(/\0/g, '\uFFFD') });
  }
  return out;
}

const isVerdict = (type: number) => type === ReviewType.approve || type === ReviewType.reject;

const pendingReviewOf = (db: Db, issueId: number, doerId: number) => findPendingReview(db, issueId, doerId);

/**
 * Turns the doer's pending review (or a new one) into a submitted review of `type`, as Gitea's
 * SubmitReview: only the latest verdict of a reviewer stays official, a verdict clears the reviewer's
 * open request, and a `review` event joins the timeline. Runs inside the caller's transaction.
 */
async function submitInTx(trx: Db, p: PullRef, doer: UserRow, type: number, content: string, commitId: string, stale: boolean, pending: ReviewRow | undefined) {
  const now = nowUnix();
  let official = false;
  if (isVerdict(type)) {
    await clearReviewerOfficial(trx, p.issue.id, doer.id);
    official = await isOfficialReviewer(trx, doer, p.rc.repo, p.pr.base_branch);
  }
  let review: ReviewRow;
  if (pending) {
    review = await updateReview(trx, pending.id, {
      type,
      content,
      official: official ? 1 : 0,
      commit_id: commitId,
      stale: stale ? 1 : 0,
      created_unix: now,
      updated_unix: now,
    });
  } else {
    // A fresh verdict supersedes the reviewer's earlier ones (Gitea's CreateReview).
    if (isVerdict(type)) {
      await dismissReviewerVerdicts(trx, p.issue.id, doer.id, false);
    }
    review = await insertReview(trx, { type, reviewer_id: doer.id, issue_id: p.issue.id, content, official, commit_id: commitId, stale });
  }
  // A verdict answers the reviewer's request (in Gitea it becomes their latest review, which is what
  // counts); a COMMENT review does not, so the request stays, as in Gitea.
  if (isVerdict(type)) await deleteReviewerRequests(trx, p.issue.id, doer.id);
  // ... and the requests to the reviewer's teams in the organization (Gitea's SubmitReview), silently.
  if (isVerdict(type) && p.rc.owner.type === 1) {
    await deleteTeamRequestsOfMember(trx, p.issue.id, p.rc.owner.id, doer.id);
  }
  const eventId = await insertEvent(trx, {
    type: CommentType.review,
    poster_id: doer.id,
    issue_id: p.issue.id,
    content,
    review_id: review.id,
    created_unix: now,
  });
  await touchIssue(trx, p.issue.id, now);
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
  // Subscribers: a merge scheduled for when the checks succeed may have waited only for this approval (auto-merge.ts).
  await emitEvent(deps, { type: 'review.submitted', actor: doer, repository: { repo: p.rc.repo, owner: p.rc.owner }, issue: p.issue, pr: p.pr, review });
}

async function insertCodeComments(trx: Db, p: PullRef, doer: UserRow, reviewId: number, comments: PreparedComment[], commitId: string, base: string) {
  const now = nowUnix();
  const ids: number[] = [];
  for (const c of comments) {
    const id = await insertComment(trx, {
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
    });
    ids.push(id);
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
      else if (body.trim()) review = await updateReview(trx, review.id, { content: body, updated_unix: nowUnix() });
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
    const now = await findReviewType(trx, review.id);
    if (now?.type !== ReviewType.pending) throw unprocessable('only a pending review can be submitted');
    return submitInTx(trx, p, doer, type, content, head, false, review);
  });
  await afterSubmit(deps, p, doer, submitted, eventId);
  return submitted;
}

// ---------------------------------------------------------------------------------------------
// Deleting, dismissing
/** DELETE /reviews/{id}: the reviewer or a site admin removes a review with its comments and events. */
export async function deleteReview(deps: Deps, review: ReviewRow, doer: UserRow): Promise<void> {
  if (doer.is_admin !== 1 && doer.id !== review.reviewer_id) throw forbidden();
  if (review.type === ReviewType.request) throw unprocessable('review request can not be deleted using this method');
  await deps.db.transaction().execute(async (trx) => {
    const types = [CommentType.code, CommentType.review, CommentType.dismissReview];
    await deleteReviewComments(trx, review.issue_id, review.id, types);
    await deleteReviewRow(trx, review.id);
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
      await setReviewDismissed(trx, review.id, dismiss, nowUnix());
    }
    if (priors) {
      await dismissReviewerVerdicts(trx, review.issue_id, review.reviewer_id, true);
    }
    if (!dismiss) return 0;
    return insertEvent(trx, { type: CommentType.dismissReview, poster_id: doer.id, issue_id: p.issue.id, content: message, review_id: review.id });
  });
  if (eventId) {
    const reviewer = await findUserName(db, review.reviewer_id);
    await recordAction(db, {
      op_type: 'pull_review_dismissed',
      act_user_id: doer.id,
      repo: p.rc.repo,
      comment_id: eventId,
      content: `${p.issue.index}|${reviewer?.name ?? 'Ghost'}|${message}`,
    });
  }
  return getReviewById(db, review.id);
}
