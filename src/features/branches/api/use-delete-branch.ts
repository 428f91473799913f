// DELETE /repos/{owner}/{repo}/branches/{branch}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteBranch(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (branch: string) => {
      await api().DELETE('/repos/{owner}/{repo}/branches/{branch}', { params: { path: { owner, repo, branch } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
