// The feed of a repository: what happened, newest first, optionally on one day.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';

async function getRepoFeed(owner: string, repo: string, f: { date?: string; page: number }) {
  const { data, response } = await api().GET('/repos/{owner}/{repo}/activities/feeds', {
    params: { path: { owner, repo }, query: { date: f.date || undefined, page: f.page, limit: ACTIVITIES_PER_PAGE } },
  });
  return { activities: data!, ...pageInfo(response) };
}

// From the client's answer: the generated nullable `repo` reference is unusable as a type.
export type Activity = Awaited<ReturnType<typeof getRepoFeed>>['activities'][number];

export const ACTIVITIES_PER_PAGE = 20;

export const activityQueries = {
  repoFeed: (owner: string, repo: string, f: { date?: string; page: number }) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'activities', f],
      queryFn: () => getRepoFeed(owner, repo, f),
    }),
};
