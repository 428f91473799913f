// Create and delete access tokens. Gitea accepts only Basic auth on these routes (so a stolen
// token cannot mint or revoke tokens): the page passes the password the user confirmed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { api } from '@/lib/api/client';
import { basicAuth } from './basic-auth';

export function useCreateAccessToken(password: string) {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async ({ name, scopes }: { name: string; scopes: string[] }) =>
      (
        await api().POST('/users/{username}/tokens', {
          params: { path: { username: me } },
          body: { name, scopes },
          headers: { Authorization: basicAuth(me, password) },
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}

export function useDeleteAccessToken(password: string) {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async (id: number) => {
      await api().DELETE('/users/{username}/tokens/{token}', {
        params: { path: { username: me, token: String(id) } },
        headers: { Authorization: basicAuth(me, password) },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}
