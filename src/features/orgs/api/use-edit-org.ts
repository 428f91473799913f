// PATCH /orgs/{org}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest, type EditOrgOption, type Organization } from './org-api';

export function useEditOrg(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditOrgOption) => (await orgRequest<Organization>('PATCH', '/orgs/{org}', { params: { path: { org } }, body })).data,
    onSuccess: (o) => qc.setQueryData(['orgs', org, 'detail'], o),
  });
}
