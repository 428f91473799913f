// DELETE /repos/{owner}/{repo}/branch_protections/{name}: the branches it protected become free.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteProtection(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await api().DELETE('/repos/{owner}/{repo}/branch_protections/{name}', { params: { path: { owner, repo, name } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
