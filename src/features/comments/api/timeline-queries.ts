// An issue's timeline, 50 items a page, loaded as the reader scrolls (useInfiniteQuery).
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { issueKeys } from './issue-detail-queries';

export const TIMELINE_PAGE_SIZE = 50;

export const timelineQueries = {
  list: (owner: string, repo: string, index: number) =>
    infiniteQueryOptions({
      queryKey: [...issueKeys.issue(owner, repo, index), 'timeline'],
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
