// DELETE /repos/{owner}/{repo}/labels/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteLabel(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/labels/{id}', { params: { path: { owner, repo, id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
