// DELETE /teams/{id} (the Owners team is refused by the server; the page does not offer it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteTeam(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/teams/{id}', { params: { path: { id } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams'] }),
  });
}
