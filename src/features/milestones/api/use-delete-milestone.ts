// DELETE /repos/{owner}/{repo}/milestones/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteMilestone(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/milestones/{id}', { params: { path: { owner, repo, id: String(id) } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
