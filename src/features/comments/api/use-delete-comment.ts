import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { conversationKeys } from './timeline-queries';

export function useDeleteComment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/issues/comments/{id}', { params: { path: { owner, repo, id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.of(owner, repo, index) }),
  });
}
