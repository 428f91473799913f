import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { conversationKeys } from './timeline-queries';

export function useCreateComment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (await api().POST('/repos/{owner}/{repo}/issues/{index}/comments', { params: { path: { owner, repo, index } }, body: { body } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.of(owner, repo, index) }),
  });
}
