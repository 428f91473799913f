// The loaders of the issue and pull request pages, apart from their components (issue #22): the
// router loads each on its own (router.tsx, React Router's lazy route object), so a page's data
// requests and its Markdown code start as soon as this small module is there, not after the
// page's own code (dozens of chunks) has loaded and run.
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { indexRouteParams } from '../index-route';
import { issueDetailQueries } from '@/features/issues/api/issue-detail-queries';
import { timelineQueries } from '@/features/comments/api/timeline-queries';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { preloadMarkdown } from '@/features/markdown/components/markdown-view';

/** /{owner}/{repo}/issues/{index} */
export async function issueLoader({ params }: LoaderFunctionArgs) {
  const { owner, repo, index } = indexRouteParams(params);
  // The body's Markdown code downloads alongside the issue, not after it.
  preloadMarkdown();
  void queryClient.prefetchInfiniteQuery(timelineQueries.list(owner, repo, index));
  await queryClient.ensureQueryData(issueDetailQueries.detail(owner, repo, index));
  return null;
}

/** /{owner}/{repo}/pulls/{index}/*: the header and tabs every tab shows. */
export async function pullLayoutLoader({ params }: LoaderFunctionArgs) {
  const { owner, repo, index } = indexRouteParams(params);
  void queryClient.prefetchQuery(pullQueries.commits(owner, repo, index, 1));
  await queryClient.ensureQueryData(pullQueries.detail(owner, repo, index));
  return null;
}

/** /{owner}/{repo}/pulls/{index}: the conversation. */
export async function pullConversationLoader({ params }: LoaderFunctionArgs) {
  const { owner, repo, index } = indexRouteParams(params);
  // The body's Markdown code downloads alongside the pull request, not after it.
  preloadMarkdown();
  void queryClient.prefetchInfiniteQuery(timelineQueries.list(owner, repo, index));
  void queryClient.prefetchQuery(reviewQueries.list(owner, repo, index));
  await Promise.all([
    queryClient.ensureQueryData(pullQueries.detail(owner, repo, index)),
    queryClient.ensureQueryData(issueDetailQueries.detail(owner, repo, index)),
  ]);
  return null;
}
