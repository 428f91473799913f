// Uploads one file to an issue or pull request body (no commentId) or to one of its comments, then refreshes
// the conversation (issue and timeline) so the attachment lists show it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { conversationKeys, type Attachment } from './timeline-queries';

export interface UploadAttachmentInput {
  file: File;
  /** The comment to attach to; the issue's own body when absent. */
  commentId?: number;
}

// openapi-typescript types a binary form field as `string`; the value really sent is the File,
// put into FormData by the serializer (openapi-fetch then lets the browser set the boundary).
const formOf = (body: { attachment?: string }) => {
  const form = new FormData();
  const file = body.attachment as unknown as File;
  form.append('attachment', file, file.name);
  return form;
};

export function useUploadAttachment(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, commentId }: UploadAttachmentInput): Promise<Attachment> => {
      const body = { attachment: file as unknown as string };
      const { data } =
        commentId === undefined
          ? await api().POST('/repos/{owner}/{repo}/issues/{index}/assets', { params: { path: { owner, repo, index } }, body, bodySerializer: formOf })
          : await api().POST('/repos/{owner}/{repo}/issues/comments/{id}/assets', {
              params: { path: { owner, repo, id: commentId } },
              body,
              bodySerializer: formOf,
            });
      return data!;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.of(owner, repo, index) }),
  });
}
