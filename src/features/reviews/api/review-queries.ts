// The one query factory for pull request reviews and their inline comments. Keys sit under
// ['repos', owner, repo, 'pulls', index, 'reviews'], so invalidating the pull request after any
// review action (or a push or merge) refreshes reviews, comments and threads together.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { groupThreads, type PullReview, type PullReviewComment, type ReviewThread } from '../lib/review-threads';

export type { PullReview, PullReviewComment, ReviewThread, ThreadComment } from '../lib/review-threads';

/** Gitea's largest page; a pull request rarely has more reviews, but we never cut the list. */
const PAGE = 50;

export const reviewKeys = {
  /** Everything of one pull request (detail, diff, commits, reviews): what every review action invalidates. */
  pull: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'pulls', index] as const,
  all: (owner: string, repo: string, index: number) => [...reviewKeys.pull(owner, repo, index), 'reviews'] as const,
};

export interface ReviewThreadsData {
  reviews: PullReview[];
  comments: PullReviewComment[];
  threads: ReviewThread[];
}

export const reviewQueries = {
  /** Every review of the pull request (all pages), oldest first as Gitea lists them; includes the viewer's own PENDING review. */
  list: (owner: string, repo: string, index: number) =>
    queryOptions({
      queryKey: [...reviewKeys.all(owner, repo, index), 'list'],
      queryFn: async ({ signal }) => {
        const all: PullReview[] = [];
        for (let page = 1; ; page++) {
          const { data, response } = await api().GET('/repos/{owner}/{repo}/pulls/{index}/reviews', {
            params: { path: { owner, repo, index }, query: { page, limit: PAGE } },
            signal,
          });
          all.push(...data!);
          const { total } = pageInfo(response);
          if (data!.length < PAGE || (total !== undefined && all.length >= total)) return all;
        }
      },
    }),
  /** The inline comments of one review. */
  comments: (owner: string, repo: string, index: number, reviewId: number) =>
    queryOptions({
      queryKey: [...reviewKeys.all(owner, repo, index), reviewId, 'comments'],
      queryFn: async ({ signal }) =>
        (await api().GET('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments', { params: { path: { owner, repo, index, id: reviewId } }, signal }))
          .data!,
    }),
  /**
   * Reviews, then the comments of every review that has any, all at once (one request per review,
   * through the same cache entries as list() and comments()), grouped into threads by path + side + line.
   */
  threads: (owner: string, repo: string, index: number) =>
    queryOptions({
      queryKey: [...reviewKeys.all(owner, repo, index), 'threads'],
      queryFn: async ({ client }): Promise<ReviewThreadsData> => {
        const reviews = await client.fetchQuery(reviewQueries.list(owner, repo, index));
        // comments_count is Gitea's count of code comments: reviews without any need no request.
        const withComments = reviews.filter((r) => r.comments_count > 0);
        const lists = await Promise.all(withComments.map((r) => client.fetchQuery(reviewQueries.comments(owner, repo, index, r.id))));
        const comments = lists.flat();
        return { reviews, comments, threads: groupThreads(reviews, comments) };
      },
    }),
};

/**
 * After a review action: invalidates the whole pull request (its state, counts and diff may follow),
 * but waits only for the threads, so a composer closes onto its new comment without waiting for a big diff.
 */
export async function refreshAfterReview(qc: QueryClient, owner: string, repo: string, index: number) {
  void qc.invalidateQueries({ queryKey: reviewKeys.pull(owner, repo, index) });
  // The action itself succeeded: a failed refresh must not make it look failed (and be retried).
  await qc.fetchQuery(reviewQueries.threads(owner, repo, index)).catch(() => undefined);
}
