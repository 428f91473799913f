// PATCH /orgs/{org}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EditOrgOption } from './org-api';

export function useEditOrg(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditOrgOption) => (await api().PATCH('/orgs/{org}', { params: { path: { org } }, body })).data!,
    onSuccess: (o) => qc.setQueryData(['orgs', org, 'detail'], o),
  });
}
