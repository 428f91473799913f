// POST /repos/{owner}/{repo}/pulls.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type CreatePullOption = components['schemas']['CreatePullRequestOption'];

export function useCreatePull(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePullOption) => (await api().POST('/repos/{owner}/{repo}/pulls', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => {
      // Lists, counts, the compare page's "already exists" and the repository's open_pr_counter all move.
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
      void qc.invalidateQueries({ queryKey: ['issues', 'search'] });
    },
  });
}
