// Replace an issue's labels with the picked set (PUT, Gitea's issueReplaceLabels).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { issueKeys } from './issue-detail-queries';

export function useReplaceIssueLabels(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (labels: number[]) =>
      (await api().PUT('/repos/{owner}/{repo}/issues/{index}/labels', { params: { path: { owner, repo, index } }, body: { labels } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: issueKeys.issue(owner, repo, index) }),
  });
}
