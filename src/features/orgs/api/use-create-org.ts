// POST /orgs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CreateOrgOption } from './org-api';

export function useCreateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrgOption) => (await api().POST('/orgs', { body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', 'list'] }),
  });
}
