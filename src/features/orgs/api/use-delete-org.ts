// DELETE /orgs/{org}: the server refuses while the organization still owns repositories.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useDeleteOrg(org: string) {
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/orgs/{org}', { params: { path: { org } } });
    },
  });
}
