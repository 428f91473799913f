// PUT / DELETE /teams/{id}/repos/{org}/{repo}: give the team one of the organization's repositories, or take it back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useTeamRepo(org: string, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ repo, add }: { repo: string; add: boolean }) => {
      const init = { params: { path: { id, org, repo } } };
      if (add) await api().PUT('/teams/{id}/repos/{org}/{repo}', init);
      else await api().DELETE('/teams/{id}/repos/{org}/{repo}', init);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams', id, 'repos'] }),
  });
}
