// Reads `Authorization: token|Bearer|Basic` and sets c.var.user. A wrong credential is 401 even on
// routes that allow anonymous reads, as Gitea does.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { hashToken } from './tokens.ts';
import { verifyPassword } from './password.ts';

export const authMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  c.set('authMethod', null);
  const header = c.req.header('authorization');
  if (header) {
    const [scheme, ...rest] = header.trim().split(/\s+/);
    const value = rest.join(' ');
    const { db } = c.var.deps;
    const kind = scheme?.toLowerCase();
    if (kind === 'token' || kind === 'bearer') {
      const row = await db
        .selectFrom('access_token')
        .innerJoin('user', 'user.id', 'access_token.user_id')
        .selectAll('user')
        .where('access_token.token_hash', '=', hashToken(value))
        .executeTakeFirst();
      if (!row || !row.active || row.prohibit_login) throw unauthorized('user does not exist or token is invalid');
      c.set('user', row);
      c.set('authMethod', 'token');
    } else if (kind === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      const name = i >= 0 ? decoded.slice(0, i) : decoded;
      const secret = i >= 0 ? decoded.slice(i + 1) : '';
      const user = await db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).where('type', '=', 0).executeTakeFirst();
      let ok = !!user && verifyPassword(secret, user.passwd);
      // Git clients send a token as the password (or as the user name), as with Gitea.
      if (!ok && user) {
        const tok = await db.selectFrom('access_token').select('user_id').where('token_hash', '=', hashToken(secret)).executeTakeFirst();
        ok = tok?.user_id === user.id;
      }
      if (!ok || !user || !user.active || user.prohibit_login) throw unauthorized('user does not exist or password is wrong');
      c.set('user', user);
      c.set('authMethod', 'basic');
    } else {
      throw unauthorized('unsupported authorization scheme');
    }
  }
  await next();
};

/** The signed-in user, or 401 `token is required`. */
export function requireUser(c: { var: AppEnv['Variables'] }) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}
