// POST /repos/{owner}/{repo}/merge-upstream: brings a fork's branch up to its parent's branch of
// the same name (fast-forward, else a merge commit) and says which it did.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export type MergeType = 'fast-forward' | 'merge' | 'up-to-date' | 'already-up-to-date' | (string & {});

export function useMergeUpstream(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ branch, ffOnly = false }: { branch: string; ffOnly?: boolean }): Promise<MergeType> =>
      (await api().POST('/repos/{owner}/{repo}/merge-upstream', { params: { path: { owner, repo } }, body: { branch, ff_only: ffOnly } })).data!.merge_type,
    onSuccess: () => {
      // The branch moved: the tree, latest commit, commit lists and the divergence all change.
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
    },
  });
}
