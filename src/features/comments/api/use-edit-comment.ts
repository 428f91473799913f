import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { conversationKeys } from './timeline-queries';

export function useEditComment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) =>
      (await api().PATCH('/repos/{owner}/{repo}/issues/comments/{id}', { params: { path: { owner, repo, id } }, body: { body } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.timeline(owner, repo, index) }),
  });
}
