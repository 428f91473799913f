// POST /orgs/{org}/rename (RenameOrgOption {new_name}); 204 on success. Gitea 1.23 has no such
// endpoint: its 404 becomes a sentence saying so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orExplainMissing } from '@/lib/api/missing-endpoint';

export function useRenameOrg(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (newName: string) => {
      await orExplainMissing('renaming organizations', () => api().POST('/orgs/{org}/rename', { params: { path: { org } }, body: { new_name: newName } }));
      return newName;
    },
    // Repositories move with their owner; everything cached under the old name is stale.
    onSuccess: () => qc.removeQueries({ queryKey: ['orgs', org] }),
  });
}
