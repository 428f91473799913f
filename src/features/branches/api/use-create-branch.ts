// POST /repos/{owner}/{repo}/branches: a new branch from a branch, tag or commit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useCreateBranch(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; from: string }) =>
      (
        await api().POST('/repos/{owner}/{repo}/branches', {
          params: { path: { owner, repo } },
          body: { new_branch_name: input.name, old_ref_name: input.from || undefined },
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
