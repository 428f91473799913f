// Deletes an attachment of an issue or pull request body (no commentId) or of one of its comments.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { conversationKeys } from './timeline-queries';

export interface DeleteAttachmentInput {
  attachmentId: number;
  /** The comment it hangs on; the issue's own body when absent. */
  commentId?: number;
}

export function useDeleteAttachment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachmentId, commentId }: DeleteAttachmentInput) => {
      if (commentId === undefined) {
        await api().DELETE('/repos/{owner}/{repo}/issues/{index}/assets/{attachment_id}', {
          params: { path: { owner, repo, index, attachment_id: attachmentId } },
        });
      } else {
        await api().DELETE('/repos/{owner}/{repo}/issues/comments/{id}/assets/{attachment_id}', {
          params: { path: { owner, repo, id: commentId, attachment_id: attachmentId } },
        });
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.of(owner, repo, index) }),
  });
}
