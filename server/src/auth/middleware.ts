// Reads `Authorization: token|Bearer|Basic` and sets c.var.user. A wrong credential is 401 even on
// routes that allow anonymous reads, as Gitea does.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { authenticate } from './credentials.ts';
import { requestAuthContext } from './throttle.ts';

export const authMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  const auth = header ? await authenticate(c.var.deps.db, header, requestAuthContext(c.req.raw)) : null;
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
