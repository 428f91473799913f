// POST /pulls/{index}/reviews/{id}: turns the viewer's pending review into an approval, a change request or a comment.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { refreshAfterReview } from './review-queries';

export type SubmitPullReviewOptions = components['schemas']['SubmitPullReviewOptions'];

export function useSubmitReview(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: SubmitPullReviewOptions & { id: number }) =>
      (await api().POST('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', { params: { path: { owner, repo, index, id } }, body })).data!,
    onSuccess: () => refreshAfterReview(qc, owner, repo, index),
  });
}
