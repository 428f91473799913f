// PUT / DELETE /orgs/{org}/public_members/{username}: whether strangers see this membership.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useSetPublicMember(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, isPublic }: { username: string; isPublic: boolean }) => {
      const init = { params: { path: { org, username } } };
      if (isPublic) await api().PUT('/orgs/{org}/public_members/{username}', init);
      else await api().DELETE('/orgs/{org}/public_members/{username}', init);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org, 'public_members'] }),
  });
}
