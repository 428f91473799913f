// PATCH an issue (title, body, state, milestone, due date, assignees); refreshes its page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { issueKeys } from './issue-detail-queries';

export type EditIssueInput = components['schemas']['EditIssueOption'];

export function useEditIssue(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditIssueInput) =>
      (await api().PATCH('/repos/{owner}/{repo}/issues/{index}', { params: { path: { owner, repo, index } }, body })).data!,
    onSuccess: (issue) => {
      qc.setQueryData([...issueKeys.issue(owner, repo, index), 'detail'], issue);
      // State, title, milestone and deadline changes add timeline events; lists and counts change too.
      return qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
    },
  });
}
