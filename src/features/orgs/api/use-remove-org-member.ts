// DELETE /orgs/{org}/members/{username} (owners only): leaves every team of the organization too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useRemoveOrgMember(org: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      await api().DELETE('/orgs/{org}/members/{username}', { params: { path: { org, username } } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs', org] }),
  });
}
