// Groups inline review comments into threads. Gitea's API has no "reply to" field: a reply is a
// comment on the same path and line, so a thread is every comment at one path + side + line.
// Outdated comments form their own threads: their line number points into an older version of
// the file, so they must not merge with a current thread that happens to sit at the same number.
import type { components } from '@/lib/api/schema';
import { splitRangeBody } from './line-range';

export type PullReview = components['schemas']['PullReview'];
export type PullReviewComment = components['schemas']['PullReviewComment'];
export type ReviewSide = 'old' | 'new';

/** A comment with the review it belongs to (for its state: a comment of a PENDING review is a draft). */
export interface ThreadComment extends PullReviewComment {
  review: PullReview | undefined;
}

export interface ReviewThread {
  /** Stable within a pull request: path, side, line and whether it is outdated. */
  key: string;
  path: string;
  side: ReviewSide;
  /** Line on `side` (Gitea's `position` for the new file, `original_position` for the old one); 0 when unknown. */
  line: number;
  outdated: boolean;
  /** Oldest first. */
  comments: ThreadComment[];
  /** A range comment started the thread ("Lines 20–24" on line 24): the range's first line. */
  rangeStart?: number;
}

/** Where Gitea placed a comment: `position` is the new-file line, `original_position` the old-file line (0 = not that side). */
export function commentPlace(c: Pick<PullReviewComment, 'position' | 'original_position'>): { side: ReviewSide; line: number } {
  if (c.position > 0) return { side: 'new', line: c.position };
  if (c.original_position > 0) return { side: 'old', line: c.original_position };
  return { side: 'new', line: 0 };
}

export function threadKey(path: string, side: ReviewSide, line: number, outdated: boolean) {
  return `${path}\u0000${side}\u0000${line}${outdated ? '\u0000outdated' : ''}`;
}

const byTime = (a: PullReviewComment, b: PullReviewComment) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/** Threads ordered by path, then line (old side before new at the same number); comments oldest first. */
export function groupThreads(reviews: PullReview[], comments: PullReviewComment[]): ReviewThread[] {
  const reviewById = new Map(reviews.map((r) => [r.id, r]));
  const threads = new Map<string, ReviewThread>();
  for (const c of comments) {
    const { side, line } = commentPlace(c);
    const outdated = !!c.outdated;
    const key = threadKey(c.path, side, line, outdated);
    let t = threads.get(key);
    if (!t) threads.set(key, (t = { key, path: c.path, side, line, outdated, comments: [] }));
    t.comments.push({ ...c, review: reviewById.get(c.pull_request_review_id) });
  }
  const list = [...threads.values()];
  for (const t of list) {
    t.comments.sort(byTime);
    const range = t.comments[0] ? splitRangeBody(t.comments[0].body) : null;
    if (range && range.end === t.line && range.start < range.end) t.rangeStart = range.start;
  }
  return list.sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      a.line - b.line ||
      (a.side === b.side ? 0 : a.side === 'old' ? -1 : 1) ||
      Number(a.outdated) - Number(b.outdated),
  );
}

/** Threads by file path, for the diff's annotations. */
export function threadsByPath(threads: ReviewThread[]): Map<string, ReviewThread[]> {
  const m = new Map<string, ReviewThread[]>();
  for (const t of threads) {
    const list = m.get(t.path);
    if (list) list.push(t);
    else m.set(t.path, [t]);
  }
  return m;
}

/** The viewer's own PENDING review (Gitea lists a pending review only to its author, but do not rely on it). */
export function pendingReviewOf(reviews: PullReview[], userId: number | undefined): PullReview | null {
  if (userId === undefined) return null;
  return reviews.find((r) => r.state === 'PENDING' && r.user?.id === userId) ?? null;
}

/** Comments of a review in `threads` (a pending review's draft comments, for the review bar's count). */
export function countReviewComments(threads: ReviewThread[], reviewId: number): number {
  let n = 0;
  for (const t of threads) for (const c of t.comments) if (c.pull_request_review_id === reviewId) n++;
  return n;
}

/**
 * The threads to show under one review in the conversation: those it started, whole (replies from
 * later reviews included). A reply is a review of its own in Gitea's API (a COMMENT review with one
 * comment on the thread's line), but its thread is drawn once, under the review that started it:
 * `replies` counts this review's comments in threads started elsewhere, which are not repeated here.
 */
export function threadsOfReview(threads: ReviewThread[], reviewId: number): { threads: ReviewThread[]; replies: number } {
  const out: ReviewThread[] = [];
  let replies = 0;
  for (const t of threads) {
    if (t.comments[0]?.pull_request_review_id === reviewId) out.push(t);
    else replies += t.comments.filter((c) => c.pull_request_review_id === reviewId).length;
  }
  return { threads: out, replies };
}

/** A review that only replied in others' threads, with nothing of its own to say (no body, no decision). */
export function isReplyOnly(review: PullReview, own: { threads: ReviewThread[]; replies: number }): boolean {
  return review.state === 'COMMENT' && !review.dismissed && !review.body.trim() && own.threads.length === 0 && own.replies > 0;
}
