// POST /pulls/{index}/update: brings the head branch up to date with the base, by a merge commit or
// a rebase. The head moves, so commits, diff, checks and the timeline all change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export type UpdateStyle = 'merge' | 'rebase';

export function useUpdatePullBranch(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (style: UpdateStyle) => {
      await api().POST('/repos/{owner}/{repo}/pulls/{index}/update', { params: { path: { owner, repo, index }, query: { style } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
