// POST /pulls/{index}/reviews: a review with an event (APPROVED / REQUEST_CHANGES / COMMENT), or
// PENDING to add comments to the viewer's draft review (Gitea creates the draft on first use).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { refreshAfterReview } from './review-queries';

export type CreatePullReviewOptions = components['schemas']['CreatePullReviewOptions'];

export function useCreateReview(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePullReviewOptions) =>
      (await api().POST('/repos/{owner}/{repo}/pulls/{index}/reviews', { params: { path: { owner, repo, index } }, body })).data!,
    onSuccess: () => refreshAfterReview(qc, owner, repo, index),
  });
}
