// Reads `Authorization: token|Bearer|Basic` and sets c.var.user. A wrong credential is 401 even on
// routes that allow anonymous reads, as Gitea does. Without that header, the web app's session
// cookie (auth/sessions.ts): same-origin only, with the CSRF checks on unsafe methods.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { requestTicket, scopedDbVersion } from '../db/index.ts';
import type { Dependencies } from '../db/write-scopes.ts';
import type { Db } from '../db/types.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { authenticate, type Authenticated } from './credentials.ts';
import { requestAuthContext } from './throttle.ts';
import { CSRF_HEADER, csrfTokenFor, csrfTokenMatches, isOwnOrigin, requestOrigin, resumeSession, sessionCookie, sessionSecretOf } from './sessions.ts';
import type { Config } from '../config.ts';
import { requestHeader } from '../http/request-header.ts';

// Token sign-ins by header while their tables are unchanged (issues #11, #22): a token, its user
// and whether that user may sign in all live in `access_token` and `user`, so an equal version of
// those two means the same answer, on PostgreSQL too, where the version shares the request's
// snapshot with its kept answer (db/pg-snapshot.ts). Basic sign-ins always go to authenticate()
// (password hashing and the throttle).
const TOKEN_READS: Dependencies = { scoped: [], ignored: [], only: ['access_token', 'user'] };
const MAX_TOKENS = 1000;
const tokenAuth = new WeakMap<Db, Map<string, { version: string; auth: Authenticated }>>();

async function authenticateCached(db: Db, header: string, c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<Authenticated | null> {
  let cache = tokenAuth.get(db);
  if (!cache) tokenAuth.set(db, (cache = new Map()));
  const version = await scopedDbVersion(db, TOKEN_READS, requestTicket(c.req.raw));
  const hit = cache.get(header);
  // A copy each time: the row is the request's own, as a fresh query's would be.
  if (hit?.version === version) return { method: hit.auth.method, user: { ...hit.auth.user }, scopes: hit.auth.scopes };
  const auth = await authenticate(db, header, requestAuthContext(c.req.raw));
  // Not kept when a write came between: the row may be older than the version says.
  if (auth?.method === 'token' && (await scopedDbVersion(db, TOKEN_READS)) === version) {
    cache.delete(header);
    if (cache.size >= MAX_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(header, { version, auth: { method: auth.method, user: { ...auth.user }, scopes: auth.scopes } });
  }
  return auth;
}

export const authMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('session', null);
  c.set('tokenScopes', null);
  const header = requestHeader(c, 'authorization');
  if (header || c.req.method === 'OPTIONS') {
    const auth = header ? await authenticateCached(c.get('deps').db, header, c) : null;
    c.set('user', auth?.user ?? null);
    c.set('authMethod', auth?.method ?? null);
    c.set('tokenScopes', auth?.scopes ?? null);
    return next();
  }
  c.set('user', null);
  c.set('authMethod', null);
  c.set('tokenScopes', null);
  const secret = sessionSecretOf(requestHeader(c, 'cookie'));
  // The sign-in itself authenticates by password (routes/user-sessions.ts), whatever cookie came along.
  if (!secret || (c.req.method === 'POST' && c.req.path === '/api/v1/user/sessions')) return next();
  const { db, config } = c.get('deps');
  const unsafe = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  const from = requestOrigin(requestHeader(c, 'origin'), requestHeader(c, 'referer'));
  const foreign = from !== null && !isOwnOrigin(config, from, c.req.url);
  // Another site's page reading the API in a visitor's browser gets what an anonymous visitor gets.
  if (foreign && !unsafe) return next();
  const found = await resumeSession(db, config, secret);
  if (!found) {
    // Ended or expired: anonymous, and the browser forgets the cookie.
    await next();
    c.header('Set-Cookie', sessionCookie(config, null, secureRequest(config, c.req.url)), { append: true });
    return;
  }
  if (unsafe) {
    if (from === null || foreign) throw forbidden('CSRF check failed: the request does not come from this site');
    if (!csrfTokenMatches(secret, requestHeader(c, CSRF_HEADER.toLowerCase()))) throw forbidden(`CSRF check failed: missing or wrong ${CSRF_HEADER} header`);
  }
  c.set('user', found.user);
  c.set('authMethod', 'session');
  c.set('session', { id: found.session.id, csrfToken: csrfTokenFor(secret) });
  await next();
};

/** Whether cookies for this request get the Secure flag: an https root URL or an https request. */
export function secureRequest(config: Config, url: string): boolean {
  return config.rootUrl.startsWith('https:') || url.startsWith('https:');
}

/** The signed-in user, or 401 `token is required`. */
export function requireUser(c: { var: AppEnv['Variables'] }) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}
