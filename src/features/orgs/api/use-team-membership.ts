// PUT / DELETE /teams/{id}/members/{username}: adding someone to a team makes them a member of
// the organization; the member list of the organization changes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useTeamMembership(org: string, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, add }: { username: string; add: boolean }) => {
      const init = { params: { path: { id, username } } };
      if (add) await api().PUT('/teams/{id}/members/{username}', init);
      else await api().DELETE('/teams/{id}/members/{username}', init);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org] }),
  });
}
