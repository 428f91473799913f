// POST /pulls/{index}/merge with Gitea's form keys. Resolves to 'scheduled' when the server only
// scheduled it (201, merge when checks succeed), else 'merged'. A merge moves the base branch,
// closes issues and may delete a branch: everything under the repository is refreshed. A refusal
// (405 naming an unmet rule, 409 for a moved head) means the box was out of date: the pull
// request and the base branch are read again so it shows what blocks now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { pullKeys } from './pull-queries';

export type MergePullInput = components['schemas']['MergePullRequestOption'];
export type MergeStyle = NonNullable<MergePullInput['Do']>;

export function useMergePull(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MergePullInput): Promise<'merged' | 'scheduled'> => {
      const { response } = await api().POST('/repos/{owner}/{repo}/pulls/{index}/merge', { params: { path: { owner, repo, index } }, body });
      return response.status === 201 ? 'scheduled' : 'merged';
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['repos', owner, repo] }),
    onError: () => {
      void qc.invalidateQueries({ queryKey: pullKeys.pull(owner, repo, index) });
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'branch'] });
    },
  });
}
