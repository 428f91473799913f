// POST /orgs/{org}/rename (Gitea 1.22's RenameOrgOption {new_name}); 204 on success.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useRenameOrg(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (newName: string) => {
      await api().POST('/orgs/{org}/rename', { params: { path: { org } }, body: { new_name: newName } });
      return newName;
    },
    // Repositories move with their owner; everything cached under the old name is stale.
    onSuccess: () => qc.removeQueries({ queryKey: ['orgs', org] }),
  });
}
