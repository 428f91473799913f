// Lock or unlock an issue's conversation (writers only; the server checks).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orExplainMissing } from '@/lib/api/missing-endpoint';
import { issueKeys } from './issue-detail-queries';

export function useLockIssue(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ lock, reason }: { lock: boolean; reason?: string }) => {
      const params = { path: { owner, repo, index } };
      // The lock API is this forge's (Gitea 1.23 has none): a 404 on the issue just shown says so.
      await orExplainMissing('locking conversations', async () => {
        if (lock) await api().PUT('/repos/{owner}/{repo}/issues/{index}/lock', { params, body: { lock_reason: reason ?? '' } });
        else await api().DELETE('/repos/{owner}/{repo}/issues/{index}/lock', { params });
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: issueKeys.issue(owner, repo, index) }),
  });
}
