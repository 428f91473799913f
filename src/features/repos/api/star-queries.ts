// Stars and watching of one repository for the signed-in user, and its stargazers. Keys sit under
// ['repos', owner, repo] so a repository's invalidation refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { isFound } from '@/lib/api/is-found';

export const STARGAZERS_PAGE_SIZE = 30;

export const starQueries = {
  /** Whether the signed-in user starred the repository (GET /user/starred/{o}/{r}: 204 or 404). */
  starred: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'starred-by-me'],
      queryFn: () => isFound(api().GET('/user/starred/{owner}/{repo}', { params: { path: { owner, repo } } })),
    }),
  /** Whether the signed-in user watches it (GET …/subscription: WatchInfo, or 404 when not watching). */
  watched: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'watched-by-me'],
      queryFn: () => isFound(api().GET('/repos/{owner}/{repo}/subscription', { params: { path: { owner, repo } } })),
    }),
  stargazers: (owner: string, repo: string, page: number) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'stargazers', page],
      queryFn: async () => {
        const { data, response } = await api().GET('/repos/{owner}/{repo}/stargazers', {
          params: { path: { owner, repo }, query: { page, limit: STARGAZERS_PAGE_SIZE } },
        });
        return { users: data!, ...pageInfo(response) };
      },
    }),
};
