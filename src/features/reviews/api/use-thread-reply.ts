// Replying to a review thread, wherever the thread is drawn (Files changed, or under its review in
// the Conversation): a reply is a comment on the thread's line, posted at once as a COMMENT review or
// into the viewer's pending review (created on first use, as Gitea).
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReplyOptions } from '../components/review-thread';
import type { CommentMode } from '../components/comment-composer';
import type { ReviewEditor } from '../lib/review-editor';
import { pendingReviewOf, type ReviewThread } from '../lib/review-threads';
import { placeComment } from '../lib/line-range';
import { reviewQueries } from './review-queries';
import { useCreateReview } from './use-create-review';

/** The placeholder body of a pending review (Gitea asks for one; submitting replaces it). */
export const PENDING_REVIEW_BODY = 'Review in progress';

/** Reply options for the threads of one pull request; undefined for a signed-out viewer. */
export function useThreadReply(owner: string, repo: string, index: number, viewerId: number | undefined, Editor: ReviewEditor): ReplyOptions | undefined {
  const reviews = useQuery({ ...reviewQueries.threads(owner, repo, index), enabled: viewerId !== undefined });
  const { mutateAsync: createReview } = useCreateReview(owner, repo, index);
  const [drafts] = useState(() => new Map<string, string>());
  const hasPending = !!pendingReviewOf(reviews.data?.reviews ?? [], viewerId);
  const onReply = useCallback(
    (t: ReviewThread, mode: CommentMode, text: string) => {
      const comment = placeComment({ path: t.path, side: t.side, start: t.line, end: t.line }, text);
      return createReview(
        mode === 'single' ? { event: 'COMMENT', body: '', comments: [comment] } : { event: 'PENDING', body: PENDING_REVIEW_BODY, comments: [comment] },
      );
    },
    [createReview],
  );
  return useMemo(() => (viewerId === undefined ? undefined : { hasPending, Editor, drafts, onReply }), [viewerId, hasPending, Editor, drafts, onReply]);
}
