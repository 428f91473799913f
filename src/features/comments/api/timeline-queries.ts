// The conversation of an issue or a pull request (they share numbering and the timeline): its
// keys, and its timeline, 50 items a page, loaded as the reader scrolls (useInfiniteQuery).
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Attachment = components['schemas']['Attachment'];

export const TIMELINE_PAGE_SIZE = 50;

export const conversationKeys = {
  /** Everything of one issue or pull request's conversation: the issue, its timeline. Comments invalidate it. */
  of: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'issues', index] as const,
  timeline: (owner: string, repo: string, index: number) => ['repos', owner, repo, 'issues', index, 'timeline'] as const,
};

export const timelineQueries = {
  list: (owner: string, repo: string, index: number) =>
    infiniteQueryOptions({
      queryKey: conversationKeys.timeline(owner, repo, index),
      initialPageParam: 1,
      queryFn: async ({ pageParam }) => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/issues/{index}/timeline', {
          params: { path: { owner, repo, index }, query: { page: pageParam, limit: TIMELINE_PAGE_SIZE } },
        });
        const info = pageInfo(response);
        // Gitea may omit the Link header; a full page then means there may be more.
        const hasNext = info.hasNext || (info.total === undefined && data!.length === TIMELINE_PAGE_SIZE);
        return { items: data!, page: pageParam, hasNext, total: info.total };
      },
      getNextPageParam: (last) => (last.hasNext ? last.page + 1 : undefined),
    }),
};
