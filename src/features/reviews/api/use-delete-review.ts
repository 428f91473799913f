// DELETE /pulls/{index}/reviews/{id}: discards the viewer's pending review with its draft comments.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { refreshAfterReview } from './review-queries';

export function useDeleteReview(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', { params: { path: { owner, repo, index, id } } });
    },
    onSuccess: () => refreshAfterReview(qc, owner, repo, index),
  });
}
