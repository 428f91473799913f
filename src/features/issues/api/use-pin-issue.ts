// Pin or unpin an issue or pull request (repository admins; the server checks). Gitea 1.23 has the
// same routes; an older server's 404 on the issue just shown says the action is missing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orExplainMissing } from '@/lib/api/missing-endpoint';

export function usePinIssue(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (pin: boolean) => {
      const params = { path: { owner, repo, index } };
      await orExplainMissing('pinning issues', async () => {
        if (pin) await api().POST('/repos/{owner}/{repo}/issues/{index}/pin', { params });
        else await api().DELETE('/repos/{owner}/{repo}/issues/{index}/pin', { params });
      });
    },
    // The issue (its pin_order, its timeline) and the pinned lists.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
  });
}
