// GET /repos/{owner}/{repo}/languages (Gitea's repoGetLanguages): bytes of code per language on
// the default branch. Keyed under the repository, so its invalidations refresh it too.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const languageQueries = {
  stats: (owner: string, repo: string) =>
    queryOptions({
      queryKey: ['repos', owner, repo, 'languages'],
      queryFn: async () => (await api().GET('/repos/{owner}/{repo}/languages', { params: { path: { owner, repo } } })).data ?? {},
      // Nothing to show (or a server without the route) is not worth asking again and again.
      retry: false,
      staleTime: 60_000,
    }),
};
