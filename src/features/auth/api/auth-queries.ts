// The signed-in user and the sign-in/sign-out actions.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { setSession, useSession } from '@/lib/auth-store';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];

export const authQueries = {
  me: (token: string | undefined) =>
    queryOptions({
      queryKey: ['users', 'me', token ? token.slice(-8) : 'anonymous'],
      queryFn: async () => (await api().GET('/user')).data!,
      enabled: !!token,
      staleTime: 5 * 60_000,
    }),
};

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  const session = useSession();
  const { data } = useQuery(authQueries.me(session?.token));
  return session ? (data ?? null) : null;
}

/** Signs in with a password (creates a token through Basic auth, as Gitea clients do) or with a pasted token. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: 'password'; username: string; password: string } | { kind: 'token'; token: string }) => {
      let token: string;
      if (input.kind === 'password') {
        const basic = `Basic ${btoa(unescape(encodeURIComponent(`${input.username}:${input.password}`)))}`;
        const res = await api().POST('/users/{username}/tokens', {
          params: { path: { username: input.username } },
          body: { name: `forge-web-${new Date().toISOString().replace(/[:.]/g, '-')}`, scopes: ['all'] },
          headers: { Authorization: basic },
        });
        token = res.data!.sha1;
      } else {
        token = input.token.trim();
      }
      const me = (await api().GET('/user', { headers: { Authorization: `token ${token}` } })).data!;
      return { token, me };
    },
    onSuccess: ({ token, me }) => {
      qc.setQueryData(authQueries.me(token).queryKey, me);
      setSession({ token, login: me.login });
      // Everything visible may change with who is asking.
      qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' || q.queryKey[1] !== 'me' });
    },
  });
}

export function useSignOut() {
  const qc = useQueryClient();
  return () => {
    setSession(null);
    qc.clear();
  };
}
