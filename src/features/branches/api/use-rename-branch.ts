// PATCH /repos/{owner}/{repo}/branches/{branch} with {name}: renames a branch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useRenameBranch(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { branch: string; name: string }) => {
      await api().PATCH('/repos/{owner}/{repo}/branches/{branch}', {
        params: { path: { owner, repo, branch: input.branch } },
        body: { name: input.name },
      });
    },
    // Renaming the default branch changes the repository too.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
