// People who can be assigned in a repository: GET /repos/{o}/{r}/assignees (write access to code,
// issues or pull requests; Gitea answers the same list). It is small and unpaged, so the picker's
// text filters it here instead of asking the server again for every keystroke.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

const matches = (u: User, q: string) => {
  const t = q.trim().toLowerCase();
  return !t || u.login.toLowerCase().includes(t) || (u.full_name ?? '').toLowerCase().includes(t);
};

export const assigneeQueries = {
  /** The picker's search for one repository: `forRepo(owner, repo)(q)`. */
  forRepo: (owner: string, repo: string) => (q: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'assignees'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/assignees', { params: { path: { owner, repo } } })).data!,
      select: (users: User[]) => users.filter((u) => matches(u, q)).slice(0, 10),
      staleTime: 60_000,
    }),
};
