// POST /orgs/{org}/teams (new) or PATCH /teams/{id} (edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TeamOption } from './org-api';

export function useSaveTeam(org: string, id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamOption) =>
      id === undefined
        ? (await api().POST('/orgs/{org}/teams', { params: { path: { org } }, body })).data!
        : (await api().PATCH('/teams/{id}', { params: { path: { id } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams'] }),
  });
}
