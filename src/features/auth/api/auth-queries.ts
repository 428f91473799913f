// The signed-in user and the sign-in/sign-out actions (issue #23). On the embedded server a
// password sign-in creates a cookie session (POST /user/sessions); against another
// Gitea-compatible server it creates an access token through Basic auth, as Gitea clients do, and
// sign-out revokes that token. A pasted token is used as given (and not revoked: the user made it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { isApiError } from '@/lib/api/api-error';
import { getServerKind, getSession, sessionKey, setServerKind, setSession, useSession, type Session } from '@/lib/auth-store';
import { apiRoot } from '@/lib/config';
import { takeBootResponse } from '@/lib/boot';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];

export const authQueries = {
  me: (key: string | undefined) =>
    queryOptions({
      queryKey: ['users', 'me', key ?? 'anonymous'],
      queryFn: async () => (await api().GET('/user')).data!,
      enabled: !!key,
      staleTime: 5 * 60_000,
    }),
};

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  const session = useSession();
  const { data } = useQuery(authQueries.me(sessionKey(session)));
  return session ? (data ?? null) : null;
}

/** Whether the API is on this page's origin, the only place a cookie session can be. */
function apiIsSameOrigin(): boolean {
  try {
    return new URL(apiRoot(), window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Run once before the app renders: works out which kind of server this is and, on the embedded
 * one, whether the browser's cookie is still a session (its user and CSRF token). A 404 from the
 * session endpoint means another server (it has no such endpoint).
 */
export async function restoreSession(): Promise<void> {
  // index.html asked this origin's /api/v1 already; its answer counts when that is the API.
  const early = takeBootResponse('session');
  if (!apiIsSameOrigin()) return setServerKind('remote');
  try {
    const url = `${apiRoot()}/user/sessions/current`;
    const res = await ((url === `${window.location.origin}/api/v1/user/sessions/current` && early) ||
      fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }));
    if (res.status === 404) return setServerKind('remote');
    setServerKind('embedded');
    // A token kept from an earlier visit is for API clients now; the cookie is the web session.
    if (res.ok) {
      const body = (await res.json()) as { user: User; csrf_token: string };
      setSession({ login: body.user.login, csrf: body.csrf_token });
    } else if (getSession()?.token) {
      setSession(null);
    }
  } catch {
    setServerKind('remote');
  }
}

type SignInInput = { kind: 'password'; username: string; password: string } | { kind: 'token'; token: string };

async function signInWithPassword(username: string, password: string): Promise<{ session: Session; me: User }> {
  if (getServerKind() === 'embedded') {
    const res = await api().POST('/user/sessions', { body: { username, password } });
    return { session: { login: res.data!.user.login, csrf: res.data!.csrf_token }, me: res.data!.user };
  }
  const basic = `Basic ${btoa(unescape(encodeURIComponent(`${username}:${password}`)))}`;
  const res = await api().POST('/users/{username}/tokens', {
    params: { path: { username } },
    body: { name: `forge-web-${new Date().toISOString().replace(/[:.]/g, '-')}`, scopes: ['all'] },
    headers: { Authorization: basic },
  });
  const token = res.data!.sha1;
  const me = (await api().GET('/user', { headers: { Authorization: `token ${token}` } })).data!;
  return { session: { token, tokenId: res.data!.id, login: me.login }, me };
}

/** Signs in with a password or with a pasted token. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      if (input.kind === 'password') return signInWithPassword(input.username, input.password);
      const token = input.token.trim();
      const me = (await api().GET('/user', { headers: { Authorization: `token ${token}` } })).data!;
      return { session: { token, login: me.login }, me };
    },
    onSuccess: ({ session, me }) => {
      qc.setQueryData(authQueries.me(sessionKey(session)).queryKey, me);
      setSession(session);
      // Everything visible may change with who is asking.
      qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' || q.queryKey[1] !== 'me' });
    },
  });
}

/**
 * Ends the session on the server (the cookie session, or the token the app made at sign-in),
 * then forgets it here whatever the server said: signing out must always work.
 */
export async function endSession(s: Session | null): Promise<void> {
  if (!s) return;
  try {
    if (!s.token) {
      // The app has already forgotten the session, so the middleware adds no CSRF header: send it here.
      await api().DELETE('/user/sessions/current', { headers: s.csrf ? { 'X-Csrf-Token': s.csrf } : {} });
    } else if (s.tokenId !== undefined) {
      // Gitea manages tokens over Basic auth only; a token in the password place counts as Basic.
      const basic = `Basic ${btoa(unescape(encodeURIComponent(`${s.login}:${s.token}`)))}`;
      await api().DELETE('/users/{username}/tokens/{token}', {
        params: { path: { username: s.login, token: String(s.tokenId) } },
        headers: { Authorization: basic },
      });
    }
  } catch (err) {
    if (!isApiError(err)) console.warn('Sign-out could not reach the server', err);
  }
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    const s = getSession();
    setSession(null);
    qc.clear();
    await endSession(s);
  };
}
