// DELETE /repos/{owner}/{repo}: permanent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteRepo(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/repos/{owner}/{repo}', { params: { path: { owner, repo } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', 'search'] }),
  });
}
