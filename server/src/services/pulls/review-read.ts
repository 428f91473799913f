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
import {
  ReviewType,
  countCommentsOfType,
  findReviewById,
  listLatestUserVerdicts,
  listReviewComments,
  listReviewPage,
  listTeamRequests,
  listUserRequests,
} from '../../db/reviews.ts';
import type { Db } from '../../db/types.ts';
import type { CommentRow, IssueRow, PullRequestRow, ReviewRow, UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { ReviewState } from '../../api/pull-schemas.ts';
import { CommentType } from '../conversation.ts';
import type { RepoContext } from '../repo-access.ts';

export { ReviewType };

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
  const rows = await listUserRequests(db, issueIds);
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
  const rows = await listTeamRequests(db, issueIds);
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
  const rows = await listLatestUserVerdicts(db, issueIds);
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
  const rows = await countCommentsOfType(db, issueIds, CommentType.review);
  for (const r of rows) out.set(r.issue_id, Number(r.n));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Pending reviews are only visible to their reviewer and site admins (Gitea). */
const seesPending = (review: Pick<ReviewRow, 'reviewer_id'>, viewer: UserRow | null) => !!viewer && (viewer.is_admin === 1 || viewer.id === review.reviewer_id);

export async function listReviews(db: Db, issueId: number, viewer: UserRow | null, page: { limit: number; offset: number }) {
  // Others' pending reviews are left out, except for site admins.
  return listReviewPage(db, issueId, !viewer ? null : viewer.is_admin !== 1 ? viewer.id : undefined, page);
}

/** A review of this pull request; someone else's pending review is as absent as a missing one. */
export async function getReview(db: Db, p: PullRef, id: number, viewer: UserRow | null): Promise<ReviewRow> {
  const review = await findReviewById(db, id);
  if (!review || review.issue_id !== p.issue.id || (review.type === ReviewType.pending && !seesPending(review, viewer))) {
    throw notFound(`review does not exist [id: ${id}]`);
  }
  return review;
}

/** The inline comments of a review, in the order they were written. */
export function reviewCodeComments(db: Db, reviewId: number): Promise<CommentRow[]> {
  return listReviewComments(db, reviewId, CommentType.code);
}
