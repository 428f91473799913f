// DELETE /teams/{id} (the Owners team is refused by the server; the page does not offer it).
// The page showing the team is still mounted when the delete succeeds: its members and
// repositories queries must not be asked again (they would 404), so they are cancelled and left
// alone, and the team list is only marked stale — the list page fetches it anew when it opens.
// forgetTeam drops the deleted team's queries once the page has moved on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteTeam(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/teams/{id}', { params: { path: { id } } });
    },
    onSuccess: async (_data, id) => {
      await qc.cancelQueries({ queryKey: ['orgs', org, 'teams', id] });
      await qc.invalidateQueries({ queryKey: ['orgs', org, 'teams'], exact: true, refetchType: 'none' });
    },
  });
}

/** After leaving the deleted team's page: its cached members and repositories go. */
export function forgetTeam(qc: ReturnType<typeof useQueryClient>, org: string, id: number) {
  qc.removeQueries({ queryKey: ['orgs', org, 'teams', id] });
}
