// Request reviews from people, or take a request back (POST / DELETE /pulls/{index}/requested_reviewers).
// Both change the pull request's requested_reviewers, its reviews (REQUEST_REVIEW entries) and timeline.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { pullKeys } from './pull-queries';

export interface ReviewRequestChange {
  add?: string[];
  remove?: string[];
}

export function useRequestReviewers(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ add = [], remove = [] }: ReviewRequestChange) => {
      const params = { path: { owner, repo, index } };
      if (add.length) await api().POST('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', { params, body: { reviewers: add } });
      if (remove.length) await api().DELETE('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', { params, body: { reviewers: remove } });
    },
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: pullKeys.pull(owner, repo, index) }), qc.invalidateQueries({ queryKey: pullKeys.conversation(owner, repo, index) })]),
  });
}
