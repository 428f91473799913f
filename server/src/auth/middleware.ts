// Reads `Authorization: token|Bearer|Basic` and sets c.var.user. A wrong credential is 401 even on
// routes that allow anonymous reads, as Gitea does.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { dbVersion } from '../db/index.ts';
import type { Db } from '../db/types.ts';
import { unauthorized } from '../errors.ts';
import { authenticate, type Authenticated } from './credentials.ts';
import { requestAuthContext } from './throttle.ts';

// Token sign-ins by header while the database is unchanged (issue #11): a token, its user and
// whether that user may sign in all live in the database, so an equal dbVersion() means the same
// answer. Basic sign-ins always go to authenticate() (password hashing and the throttle).
const MAX_TOKENS = 1000;
const tokenAuth = new WeakMap<Db, Map<string, { version: string; auth: Authenticated }>>();

async function authenticateCached(db: Db, header: string, c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<Authenticated | null> {
  let cache = tokenAuth.get(db);
  if (!cache) tokenAuth.set(db, (cache = new Map()));
  const version = dbVersion(db);
  const hit = cache.get(header);
  // A copy each time: the row is the request's own, as a fresh query's would be.
  if (hit?.version === version) return { method: hit.auth.method, user: { ...hit.auth.user } };
  const auth = await authenticate(db, header, requestAuthContext(c.req.raw));
  if (auth?.method === 'token' && dbVersion(db) === version) {
    cache.delete(header);
    if (cache.size >= MAX_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(header, { version, auth: { method: auth.method, user: { ...auth.user } } });
  }
  return auth;
}

export const authMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  const auth = header ? await authenticateCached(c.var.deps.db, header, c) : null;
  c.set('user', auth?.user ?? null);
  c.set('authMethod', auth?.method ?? null);
  await next();
};

/** The signed-in user, or 401 `token is required`. */
export function requireUser(c: { var: AppEnv['Variables'] }) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}
