// Activity feeds: a repository's (newest first, optionally one day) and a user's dashboard feed.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Activity = components['schemas']['Activity'];

export const ACTIVITIES_PER_PAGE = 20;

function feedPage(activities: Activity[], response: Response) {
  const info = pageInfo(response);
  // Gitea may send neither a total nor a Link header; a full page then means there may be more.
  const hasNext = info.hasNext || (info.total === undefined && activities.length === ACTIVITIES_PER_PAGE);
  return { activities, total: info.total, hasNext };
}

export const activityQueries = {
  repoFeed: (owner: string, repo: string, f: { date?: string; page: number }) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'activities', f],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/activities/feeds', {
          params: { path: { owner, repo }, query: { date: f.date || undefined, page: f.page, limit: ACTIVITIES_PER_PAGE } },
        });
        return feedPage(data!, response);
      },
    }),
  /** What the dashboard shows: the user's own actions and actions on their repositories. */
  userFeed: (username: string, page = 1) =>
    queryOptions({
      queryKey: ['users', username, 'feeds', { page }],
      queryFn: async () => {
        const { data, response } = await api().GET('/users/{username}/activities/feeds', {
          params: { path: { username }, query: { page, limit: ACTIVITIES_PER_PAGE } },
        });
        return feedPage(data!, response);
      },
    }),
};
