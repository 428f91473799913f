// POST /orgs/{org}/teams (new) or PATCH /teams/{id} (edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest, type Team, type TeamOption } from './org-api';

export function useSaveTeam(org: string, id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamOption) =>
      id === undefined
        ? (await orgRequest<Team>('POST', '/orgs/{org}/teams', { params: { path: { org } }, body })).data
        : (await orgRequest<Team>('PATCH', '/teams/{id}', { params: { path: { id } }, body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'teams'] }),
  });
}
