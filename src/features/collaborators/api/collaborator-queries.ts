// Query factories for a repository's collaborators. Key: ['repos', owner, repo, 'collaborators', ...].
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { User } from './collaborator-api';

const PAGE = 50;

export const collaboratorQueries = {
  /** Each collaborator with the permission they hold (Gitea's list carries no permission, so one look-up each). */
  list: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'collaborators'],
      queryFn: async () => {
        const users: User[] = [];
        for (let page = 1; page <= 20; page++) {
          const { data = [], response } = await api().GET('/repos/{owner}/{repo}/collaborators', {
            params: { path: { owner, repo }, query: { page, limit: PAGE } },
          });
          users.push(...data);
          const { total, hasNext } = pageInfo(response);
          if (data.length < PAGE || (total !== undefined ? users.length >= total : !hasNext)) break;
        }
        return Promise.all(
          users.map(async (user) => {
            const { data } = await api().GET('/repos/{owner}/{repo}/collaborators/{collaborator}/permission', {
              params: { path: { owner, repo, collaborator: user.login } },
            });
            return { user, permission: data!.permission, role_name: data!.role_name };
          }),
        );
      },
    }),
  userSearch: (q: string) =>
    queryOptions({
      queryKey: ['users', 'search', q],
      queryFn: async () => (await api().GET('/users/search', { params: { query: { q, limit: 10 } } })).data!.data,
    }),
};
