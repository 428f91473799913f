// PATCH a pull request (title, body, base, state, …; Gitea answers 201). Title edits add a timeline
// event and a WIP: prefix decides draft, so everything of the repository is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { pullQueries } from './pull-queries';

export type EditPullInput = components['schemas']['EditPullRequestOption'];

export function useEditPull(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditPullInput) =>
      (await api().PATCH('/repos/{owner}/{repo}/pulls/{index}', { params: { path: { owner, repo, index } }, body })).data!,
    onSuccess: (pull) => {
      qc.setQueryData(pullQueries.detail(owner, repo, index).queryKey, pull);
      return qc.invalidateQueries({ queryKey: ['repos', owner, repo] });
    },
  });
}
