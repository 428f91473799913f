// DELETE /pulls/{index}/merge: cancels a merge scheduled for when the checks succeed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { pullKeys } from './pull-queries';

export function useCancelAutoMerge(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/repos/{owner}/{repo}/pulls/{index}/merge', { params: { path: { owner, repo, index } } });
    },
    // The timeline (where the schedule shows) lives under the issue; the pull request under pulls.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: pullKeys.pull(owner, repo, index) }),
        qc.invalidateQueries({ queryKey: pullKeys.conversation(owner, repo, index) }),
      ]),
  });
}
