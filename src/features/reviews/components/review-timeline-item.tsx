// A review in the pull request's conversation: who, what they decided (approved / requested
// changes / commented / dismissed), its Markdown body and its inline threads with their diff hunks.
// ReviewCard draws given data; ReviewTimelineItem loads it by review id through the shared threads
// query, so a timeline of many reviews makes one set of requests.
import { memo, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import { reviewQueries } from '../api/review-queries';
import type { RenderMarkdown } from '../lib/review-editor';
import { isReplyOnly, threadsOfReview, type PullReview, type ReviewThread } from '../lib/review-threads';
import { ReviewStateBadge, Tag, reviewVerb } from './review-state';
import { ReviewThreadView, type ReplyOptions } from './review-thread';

const ring: Record<PullReview['state'], string> = {
  APPROVED: 'bg-green-700 text-white',
  REQUEST_CHANGES: 'bg-red-600 text-white',
  COMMENT: 'bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-200',
  PENDING: 'bg-amber-500 text-white',
  REQUEST_REVIEW: 'bg-indigo-600 text-white',
};
const glyph: Record<PullReview['state'], string> = { APPROVED: '✓', REQUEST_CHANGES: '±', COMMENT: '…', PENDING: '…', REQUEST_REVIEW: '?' };

export interface ReviewCardProps {
  review: PullReview;
  /** The threads this review started (whole). */
  threads: ReviewThread[];
  /** Its comments in threads other reviews started: shown there, only counted here. */
  replies?: number;
  renderMarkdown: RenderMarkdown;
  /** The element id links point at. */
  anchorId?: string;
  /** Signed-in viewers reply here too, under the review that started the thread (it shows the thread whole). */
  reply?: ReplyOptions;
}

export const ReviewCard = memo(function ReviewCard({ review, threads, replies = 0, renderMarkdown, anchorId, reply }: ReviewCardProps) {
  const login = review.user?.login ?? review.team?.name ?? 'Ghost';
  const state = review.dismissed ? 'COMMENT' : review.state;
  return (
    <article id={anchorId} aria-label={`Review by ${login}`} className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span aria-hidden className={`inline-flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold ${ring[state]}`}>
          {glyph[state]}
        </span>
        <Avatar src={review.user?.avatar_url} name={login} size={20} />
        {review.user ? (
          <Link to={paths.user.href(review.user.login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
            {login}
          </Link>
        ) : (
          <span className="font-semibold">{login}</span>
        )}
        <span className="text-gray-600 dark:text-gray-400">
          {reviewVerb(review.state, review.dismissed)} <RelativeTime date={review.submitted_at || review.updated_at} />
        </span>
        {/* The verb already says the decision; only a dismissal needs saying apart. */}
        {review.dismissed && <ReviewStateBadge state={review.state} dismissed />}
        {review.stale && !review.dismissed && <Tag>Stale</Tag>}
      </div>
      {(review.body.trim() || threads.length > 0 || replies > 0) && (
        <div className="ml-3 space-y-3 border-l-2 border-gray-200 pl-5 dark:border-gray-800">
          {review.body.trim() && <div className="rounded-lg border border-gray-200 px-3 py-2 text-sm dark:border-gray-800">{renderMarkdown(review.body)}</div>}
          {threads.map((t) => (
            <ReviewThreadView key={t.key} thread={t} renderMarkdown={renderMarkdown} showHunk showPath reply={reply} />
          ))}
          {replies > 0 && (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {replies === 1 ? 'Replied in an earlier thread.' : `Replied ${replies} times in earlier threads.`}
            </p>
          )}
        </div>
      )}
    </article>
  );
});

export interface ReviewTimelineItemProps {
  owner: string;
  repo: string;
  index: number;
  reviewId: number;
  renderMarkdown: RenderMarkdown;
  anchorId?: string;
  reply?: ReplyOptions;
}

/** For the conversation's timeline: give it the review id of a `review` event. Nothing when the review is gone (deleted). */
export function ReviewTimelineItem({ owner, repo, index, reviewId, renderMarkdown, anchorId, reply }: ReviewTimelineItemProps) {
  const { data, isError } = useQuery(reviewQueries.threads(owner, repo, index));
  const review = data?.reviews.find((r) => r.id === reviewId);
  const own = useMemo(() => (data ? threadsOfReview(data.threads, reviewId) : { threads: [], replies: 0 }), [data, reviewId]);
  if (isError && !data) return <p className="text-sm text-gray-500 dark:text-gray-400">This review could not be loaded.</p>;
  if (!data) return <div aria-hidden className="h-6 w-64 animate-pulse rounded bg-gray-100 dark:bg-gray-800" />;
  // A reply to a thread (a review of one comment, no body): it shows in that thread, not again here.
  if (!review || isReplyOnly(review, own)) return null;
  return <ReviewCard review={review} threads={own.threads} replies={own.replies} renderMarkdown={renderMarkdown} anchorId={anchorId} reply={reply} />;
}
