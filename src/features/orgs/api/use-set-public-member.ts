// PUT / DELETE /orgs/{org}/public_members/{username}: whether strangers see this membership.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgRequest } from './org-api';

export function useSetPublicMember(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, isPublic }: { username: string; isPublic: boolean }) => {
      await orgRequest(isPublic ? 'PUT' : 'DELETE', '/orgs/{org}/public_members/{username}', { params: { path: { org, username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'public_members'] }),
  });
}
