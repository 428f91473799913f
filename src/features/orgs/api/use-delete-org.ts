// DELETE /orgs/{org}: the server refuses while the organization still owns repositories.
import { useMutation } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useDeleteOrg(org: string) {
  return useMutation({
    mutationFn: async () => {
      await orgRequest('DELETE', '/orgs/{org}', { params: { path: { org } } });
    },
  });
}
