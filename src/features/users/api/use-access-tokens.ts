// Create and delete access tokens. Creating one needs the password (Gitea accepts only Basic auth
// there, so a stolen token cannot mint more tokens); deleting works with the session token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { loose, p } from '@/lib/api/untyped';
import type { AccessToken } from './gitea-types';

export interface CreateTokenInput {
  name: string;
  scopes: string[];
  password: string;
}

const basic = (user: string, password: string) => `Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}`;

export function useCreateAccessToken() {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async ({ name, scopes, password }: CreateTokenInput) =>
      (await loose().POST(p`/users/${me}/tokens`, { body: { name, scopes }, headers: { Authorization: basic(me, password) } })).data as AccessToken,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}

export function useDeleteAccessToken() {
  const qc = useQueryClient();
  const me = useSession()?.login ?? '';
  return useMutation({
    mutationFn: async (id: number) => {
      await loose().DELETE(p`/users/${me}/tokens/${id}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users', me, 'tokens'] }),
  });
}
