// POST /orgs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest, type CreateOrgOption, type Organization } from './org-api';

export function useCreateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrgOption) => (await orgRequest<Organization>('POST', '/orgs', { body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', 'list'] }),
  });
}
