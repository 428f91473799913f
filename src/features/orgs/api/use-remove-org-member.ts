// DELETE /orgs/{org}/members/{username} (owners only): leaves every team of the organization too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useRemoveOrgMember(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      await orgRequest('DELETE', '/orgs/{org}/members/{username}', { params: { path: { org, username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org] }),
  });
}
