// PUT / DELETE /teams/{id}/repos/{org}/{repo}: give the team one of the organization's repositories, or take it back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useTeamRepo(org: string, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ repo, add }: { repo: string; add: boolean }) => {
      await orgRequest(add ? 'PUT' : 'DELETE', '/teams/{id}/repos/{org}/{repo}', { params: { path: { id, org, repo } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams', id, 'repos'] }),
  });
}
