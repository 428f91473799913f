// DELETE /teams/{id} (the Owners team is refused by the server; the page does not offer it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useDeleteTeam(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await orgRequest('DELETE', '/teams/{id}', { params: { path: { id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams'] }),
  });
}
