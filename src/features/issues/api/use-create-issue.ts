// POST /repos/{owner}/{repo}/issues.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type CreateIssueOption = components['schemas']['CreateIssueOption'];

export function useCreateIssue(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateIssueOption) => (await api().POST('/repos/{owner}/{repo}/issues', { params: { path: { owner, repo } }, body })).data!,
    onSuccess: () => {
      // Lists, counts, milestone progress and the repository's open_issues_count all move.
      qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
      qc.invalidateQueries({ queryKey: ['issues', 'search'] });
    },
  });
}
