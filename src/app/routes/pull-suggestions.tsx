// Suggested changes on a pull request's Files changed and Conversation pages: composes reviews (the suggestion
// blocks), code (reading files), branches (may the viewer push to the head branch) and editor (the
// contents API commit). Applying reads the head branch's file, checks the commented lines still read
// as they did at the comment's commit, replaces them, commits once to the head branch, and replies
// "Suggestion applied in <sha>" on each thread.
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { contentsQueries, isDirListing } from '@/features/code/api/contents-queries';
import { base64ToBytes, bytesToText } from '@/features/code/lib/blob';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { useChangeFiles } from '@/features/editor/api/use-change-files';
import { textToBase64 } from '@/features/editor/lib/encode';
import type { components } from '@/lib/api/schema';
import { appliedCommentId, appliedMarker, appliedSha, applySuggestions, splitText, SuggestionConflictError } from '@/features/reviews/lib/suggestion';
import { commentPlace, pendingReviewOf, type ReviewThread, type ThreadComment } from '@/features/reviews/lib/review-threads';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { useCreateReview } from '@/features/reviews/api/use-create-review';
import { PENDING_REVIEW_BODY } from '@/features/reviews/api/use-thread-reply';
import { placeComment } from '@/features/reviews/lib/line-range';
import type { SuggestionActions, SuggestionItem } from '@/features/reviews/components/suggestion-context';

type Pull = components['schemas']['PullRequest'];

async function fileText(owner: string, repo: string, ref: string, path: string) {
  const data = await queryClient.fetchQuery({ ...contentsQueries.contents(owner, repo, ref, path), staleTime: 0 });
  if (isDirListing(data) || data.content == null) throw new SuggestionConflictError(`${path} can’t be changed from here (not a text file).`);
  const text = bytesToText(base64ToBytes(data.content));
  if (text === null) throw new SuggestionConflictError(`${path} is binary.`);
  return { text, sha: data.sha };
}

/** The commented lines of the head commit's file, for the composer's "Suggest a change". */
export const commentedLines = async (owner: string, repo: string, sha: string, path: string, start: number, end: number) =>
  splitText((await fileText(owner, repo, sha, path)).text)
    .lines.slice(start - 1, end)
    .join('\n');

export function usePullSuggestions(
  owner: string,
  repo: string,
  pull: Pull | undefined,
  threads: ReviewThread[] | undefined,
  signedIn: boolean,
  reply: (comment: ThreadComment, text: string) => Promise<unknown>,
): SuggestionActions {
  const headOwner = pull?.head.repo?.owner.login ?? owner;
  const headRepo = pull?.head.repo?.name ?? repo;
  const headRef = pull?.head.ref ?? '';
  const branch = useQuery({ ...branchQueries.detail(headOwner, headRepo, headRef), enabled: signedIn && !!pull?.head.repo && pull.state === 'open' });
  const change = useChangeFiles(headOwner, headRepo);
  const [batch, setBatch] = useState<SuggestionItem[]>([]);

  const applied = useMemo(() => {
    const out = new Map<number, string>();
    for (const t of threads ?? []) {
      for (const c of t.comments) {
        const sha = appliedSha(c.body);
        const id = sha && appliedCommentId(c.body);
        if (sha && id) out.set(id, sha);
      }
    }
    return out;
  }, [threads]);

  const apply = useCallback(
    async (items: SuggestionItem[]) => {
      const byPath = new Map<string, SuggestionItem[]>();
      for (const it of items) byPath.set(it.comment.path, [...(byPath.get(it.comment.path) ?? []), it]);
      const files = [];
      for (const [path, list] of byPath) {
        const current = await fileText(headOwner, headRepo, headRef, path);
        const now = splitText(current.text).lines;
        for (const it of list) {
          const was = splitText((await fileText(owner, repo, it.comment.commit_id, path)).text).lines;
          if (was.slice(it.start - 1, it.end).join('\n') !== now.slice(it.start - 1, it.end).join('\n') || it.end > now.length) {
            throw new SuggestionConflictError(
              `Lines ${it.start}–${it.end} of ${path} changed since the suggestion was made, so it can no longer be applied. Edit the file instead.`,
            );
          }
        }
        const content = applySuggestions(current.text, current.text, list, path);
        files.push({ operation: 'update' as const, path, content: textToBase64(content), sha: current.sha });
      }
      const res = await change.mutateAsync({
        branch: headRef,
        message: items.length > 1 ? 'Apply suggestions from code review' : 'Apply suggestion from code review',
        files,
      });
      const sha = res.commit.sha;
      for (const it of items) await reply(it.comment, appliedMarker(sha, it.comment.id));
      setBatch((b) => b.filter((x) => !items.some((i) => i.comment.id === x.comment.id)));
      return sha;
    },
    [owner, repo, headOwner, headRepo, headRef, change, reply],
  );

  const canApply = signedIn && !!branch.data?.user_can_push && pull?.state === 'open' && !pull.merged;
  return {
    canApply,
    cannotApplyReason: !signedIn
      ? 'Sign in to apply suggestions.'
      : pull?.state !== 'open'
        ? 'This pull request is closed; its suggestions can no longer be applied.'
        : `Only people who may push to ${headRef} can apply suggestions.`,
    appliedIn: (id) => applied.get(id) ?? null,
    apply,
    batch,
    toggleBatch: (item) =>
      setBatch((b) => (b.some((x) => x.comment.id === item.comment.id) ? b.filter((x) => x.comment.id !== item.comment.id) : [...b, item])),
  };
}

/**
 * The same for the Conversation tab's review threads (as GitHub): its threads are the ones its
 * reviews draw (loaded once the pull request has a review), and the "applied" reply goes to the
 * thread as on Files changed, into the viewer's pending review if they have one.
 */
export function useConversationSuggestions(owner: string, repo: string, index: number, pull: Pull, viewerId: number | undefined, hasReviews: boolean) {
  const reviews = useQuery({ ...reviewQueries.threads(owner, repo, index), enabled: hasReviews });
  const { mutateAsync: createReview } = useCreateReview(owner, repo, index);
  const hasPending = !!pendingReviewOf(reviews.data?.reviews ?? [], viewerId);
  const reply = useCallback(
    (c: ThreadComment, text: string) => {
      const line = commentPlace(c).line;
      const comment = placeComment({ path: c.path, side: 'new', start: line, end: line }, text);
      return createReview(
        hasPending ? { event: 'PENDING', body: PENDING_REVIEW_BODY, comments: [comment] } : { event: 'COMMENT', body: '', comments: [comment] },
      );
    },
    [createReview, hasPending],
  );
  return usePullSuggestions(owner, repo, pull, reviews.data?.threads, viewerId !== undefined, reply);
}

/** "N suggestions in the batch: Commit suggestions", at the bottom of the page while a batch is open. */
export function SuggestionBatchBar({ actions }: { actions: SuggestionActions }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!actions.batch.length) return null;
  const commit = async () => {
    setBusy(true);
    setError(null);
    try {
      await actions.apply(actions.batch);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const n = actions.batch.length;
  return (
    <div
      role="region"
      aria-label="Suggestion batch"
      className="sticky bottom-2 z-20 flex flex-wrap items-center gap-3 rounded-lg border border-indigo-300 bg-white p-3 shadow-lg dark:border-indigo-700 dark:bg-gray-900"
    >
      <span className="text-sm font-medium">
        {n} {n === 1 ? 'suggestion' : 'suggestions'} in the batch
      </span>
      <Button size="sm" variant="primary" disabled={busy} onClick={() => void commit()}>
        {busy ? 'Committing…' : 'Commit suggestions'}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
