// Lock or unlock an issue's conversation (writers only; the server checks).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { issueKeys } from './issue-detail-queries';

export function useLockIssue(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ lock, reason }: { lock: boolean; reason?: string }) => {
      const params = { path: { owner, repo, index } };
      if (lock) await api().PUT('/repos/{owner}/{repo}/issues/{index}/lock', { params, body: { lock_reason: reason ?? '' } });
      else await api().DELETE('/repos/{owner}/{repo}/issues/{index}/lock', { params });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: issueKeys.issue(owner, repo, index) }),
  });
}
