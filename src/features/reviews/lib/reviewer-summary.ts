// Where each reviewer stands: their latest decisive review (approve / request changes / review
// request), else "commented" if they only commented. As Gitea's reviewer list: a comment after an
// approval does not take the approval back; a dismissed review counts for nothing but is shown.
import type { PullReview } from './review-threads';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

export type ReviewerState = 'APPROVED' | 'REQUEST_CHANGES' | 'COMMENT' | 'REQUEST_REVIEW';

export interface ReviewerSummary {
  user: User;
  state: ReviewerState;
  /** The review the state comes from. */
  review: PullReview;
  /** That review was dismissed: it no longer approves or blocks. */
  dismissed: boolean;
  /** That review was made on an older head commit. */
  stale: boolean;
}

const decisive = new Set<PullReview['state']>(['APPROVED', 'REQUEST_CHANGES', 'REQUEST_REVIEW']);
const time = (r: PullReview) => Date.parse(r.submitted_at || r.updated_at) || 0;

/** One entry per reviewer (pending drafts and team-only requests left out), in the order they last reviewed. */
export function reviewerSummary(reviews: PullReview[]): ReviewerSummary[] {
  const sorted = [...reviews].sort((a, b) => time(a) - time(b) || a.id - b.id);
  const latest = new Map<number, PullReview>();
  const commented = new Map<number, PullReview>();
  for (const r of sorted) {
    if (!r.user || r.state === 'PENDING') continue;
    if (decisive.has(r.state)) {
      latest.set(r.user.id, r);
      commented.delete(r.user.id);
    } else if (!latest.has(r.user.id)) commented.set(r.user.id, r);
  }
  return [...latest.values(), ...commented.values()]
    .sort((a, b) => time(a) - time(b) || a.id - b.id)
    .map((r) => ({ user: r.user!, state: r.state as ReviewerState, review: r, dismissed: r.dismissed, stale: r.stale }));
}

/** Counts for a list row or the merge box: approvals and change requests that still stand. */
export function reviewCounts(reviews: PullReview[]): { approvals: number; changesRequested: number; reviewers: ReviewerSummary[] } {
  const reviewers = reviewerSummary(reviews);
  const live = reviewers.filter((s) => !s.dismissed);
  return {
    approvals: live.filter((s) => s.state === 'APPROVED').length,
    changesRequested: live.filter((s) => s.state === 'REQUEST_CHANGES').length,
    reviewers,
  };
}
