import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { issueKeys } from './issue-detail-queries';

export function useDeleteComment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/issues/comments/{id}', { params: { path: { owner, repo, id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: issueKeys.issue(owner, repo, index) }),
  });
}
