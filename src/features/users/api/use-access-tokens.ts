// Create and delete access tokens. Gitea accepts only Basic auth on these routes (so a stolen
// token cannot mint or revoke tokens): the page passes the password the user confirmed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { loose, p } from '@/lib/api/untyped';
import { basicAuth } from './basic-auth';
import type { AccessToken } from './gitea-types';

export function useCreateAccessToken(password: string) {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async ({ name, scopes }: { name: string; scopes: string[] }) =>
      (await loose().POST(p`/users/${me}/tokens`, { body: { name, scopes }, headers: { Authorization: basicAuth(me, password) } })).data as AccessToken,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}

export function useDeleteAccessToken(password: string) {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async (id: number) => {
      await loose().DELETE(p`/users/${me}/tokens/${id}`, { headers: { Authorization: basicAuth(me, password) } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}
