// Who is signed in, and how (issue #23). Nothing here is kept where page scripts could lift a
// lasting credential from:
// - On the embedded server the session is an HttpOnly cookie the app never sees; the app keeps the
//   login and the CSRF token in memory only, and asks GET /user/sessions/current after a reload
//   (restoreSession).
// - Against another Gitea-compatible server the app holds an access token, in memory and in this
//   tab's sessionStorage (forge.remote-token, so a reload keeps it), and revokes it at sign-out.
import { useSyncExternalStore } from 'react';

export interface Session {
  login: string;
  /** Another server's access token (Authorization: token …); absent for a cookie session. */
  token?: string;
  /** The token's id, to revoke it at sign-out. */
  tokenId?: number;
  /** The cookie session's CSRF token, sent back on unsafe methods. */
  csrf?: string;
}

/** Which kind of server the app talks to: the embedded one (cookie sessions) or another. */
export type ServerKind = 'embedded' | 'remote';

const TOKEN_KEY = 'forge.remote-token';
/** Where older versions kept a full-access token; removed on sight. */
const LEGACY_KEY = 'forge.session';
const listeners = new Set<() => void>();

function readToken(): Session | null {
  try {
    localStorage.removeItem(LEGACY_KEY);
    const raw = sessionStorage.getItem(TOKEN_KEY);
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s?.token && s.login ? s : null;
  } catch {
    return null;
  }
}

let session: Session | null = typeof sessionStorage === 'undefined' ? null : readToken();
let serverKind: ServerKind = 'remote';

export const getSession = () => session;
export const getServerKind = () => serverKind;
export const setServerKind = (kind: ServerKind) => void (serverKind = kind);

export function setSession(next: Session | null) {
  session = next;
  try {
    // On the embedded server even a pasted token stays in memory: the cookie session is the way to last.
    if (next?.token && serverKind === 'remote')
      sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ login: next.login, token: next.token, tokenId: next.tokenId }));
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the session lives in memory only.
  }
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export const useSession = () => useSyncExternalStore(subscribe, getSession, () => null);

/** A key for queries that depend on who is signed in (never the secret itself). */
export const sessionKey = (s: Session | null | undefined) => (!s ? undefined : s.token ? `t:${s.token.slice(-8)}` : `c:${s.login}`);

// The first page's loaders start while GET /user/sessions/current is still on its way (issue #22:
// one request round less), so a loader that reads the session awaits this first.
let restoring: Promise<void> | null = null;

/** Marks the session as being restored until `p` settles (main.tsx, at start). */
export function trackSessionRestore(p: Promise<unknown>) {
  const done = p.then(
    () => undefined,
    () => undefined,
  );
  restoring = done;
  void done.then(() => {
    if (restoring === done) restoring = null;
  });
}

/** Resolves once the session is known (at once, except while the app is starting). */
export const sessionReady = (): Promise<void> => restoring ?? Promise.resolve();
