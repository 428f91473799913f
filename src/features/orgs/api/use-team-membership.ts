// PUT / DELETE /teams/{id}/members/{username}: adding someone to a team makes them a member of
// the organization; the member list of the organization changes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useTeamMembership(org: string, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, add }: { username: string; add: boolean }) => {
      await orgRequest(add ? 'PUT' : 'DELETE', '/teams/{id}/members/{username}', { params: { path: { id, username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org] }),
  });
}
