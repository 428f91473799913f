// PUT /repos/{owner}/{repo}/topics (Gitea's repoUpdateTopics): the repository's topics become
// exactly the names sent; the repository (which lists them) and searches are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { repoQueries } from './repo-queries';

export function useSetRepoTopics(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (topics: string[]) => {
      await api().PUT('/repos/{owner}/{repo}/topics', { params: { path: { owner, repo } }, body: { topics } });
    },
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: repoQueries.detail(owner, repo).queryKey }), qc.invalidateQueries({ queryKey: ['repos', 'search'] })]),
  });
}
