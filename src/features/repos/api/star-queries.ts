// Stars and watching of one repository for the signed-in user, and its stargazers. Keys sit under
// ['repos', owner, repo] so a repository's invalidation refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import { pageInfo } from '@/lib/api/client';
import { exists, loose, p } from '@/lib/api/untyped';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

export const STARGAZERS_PAGE_SIZE = 30;

export const starQueries = {
  /** Whether the signed-in user starred the repository (GET /user/starred/{o}/{r}: 204 or 404). */
  starred: (owner: string, repo: string) =>
    queryOptions({ queryKey: ['repos', owner, repo, 'starred-by-me'], queryFn: () => exists(p`/user/starred/${owner}/${repo}`) }),
  /** Whether the signed-in user watches it (GET …/subscription: WatchInfo, or 404 when not watching). */
  watched: (owner: string, repo: string) =>
    queryOptions({ queryKey: ['repos', owner, repo, 'watched-by-me'], queryFn: () => exists(p`/repos/${owner}/${repo}/subscription`) }),
  stargazers: (owner: string, repo: string, page: number) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'stargazers', page],
      queryFn: async () => {
        const { data, response } = await loose().GET(p`/repos/${owner}/${repo}/stargazers`, { params: { query: { page, limit: STARGAZERS_PAGE_SIZE } } });
        return { users: (data ?? []) as User[], ...pageInfo(response) };
      },
    }),
};
