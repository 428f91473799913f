// PATCH /orgs/{org}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { setAnswer } from '@/lib/api/set-answer';
import type { EditOrgOption } from './org-api';

export function useEditOrg(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EditOrgOption) => (await api().PATCH('/orgs/{org}', { params: { path: { org } }, body })).data!,
    onSuccess: (o) => setAnswer(qc, ['orgs', org, 'detail'], o),
  });
}
