// POST /repos/{owner}/{repo}/issues.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Issue = components['schemas']['Issue'];
export type CreateIssueOption = components['schemas']['CreateIssueOption'];

export function useCreateIssue(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateIssueOption) =>
      // Cast: the generated schema spells the nullable `assignee` as an intersection, so the
      // client's inferred type and components['schemas']['Issue'] differ; the wire shape is the same.
      (await api().POST('/repos/{owner}/{repo}/issues', { params: { path: { owner, repo } }, body })).data! as Issue,
    onSuccess: () => {
      // Lists, counts, milestone progress and the repository's open_issues_count all move.
      qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
      qc.invalidateQueries({ queryKey: ['issues', 'search'] });
    },
  });
}
