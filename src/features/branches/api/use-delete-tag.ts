// DELETE /repos/{owner}/{repo}/tags/{tag}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteTag(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tag: string) => {
      await api().DELETE('/repos/{owner}/{repo}/tags/{tag}', { params: { path: { owner, repo, tag } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
