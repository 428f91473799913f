// Turns an Authorization header into a user. Shared by the API middleware and git over HTTP so
// both accept exactly the same credentials: `token T`, `Bearer T`, and Basic with the user's
// password or an access token as the password (or as the user name, as git clients send it).
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { findIndividualByName } from '../db/users.ts';
import { findUserByTokenHash } from '../db/tokens.ts';
import { unauthorized } from '../errors.ts';
import { hashToken } from './tokens.ts';
import { verifyPassword } from './password.ts';
import type { RequestAuthContext } from './throttle.ts';

export interface Authenticated {
  user: UserRow;
  method: 'token' | 'basic';
  /** The access token's scopes when a token signed in (either scheme), else null (auth/token-scopes.ts). */
  scopes: string | null;
}

const usable = (u: UserRow | undefined): u is UserRow => !!u && u.active === 1 && u.prohibit_login === 0;

async function userByToken(db: Db, secret: string): Promise<{ user: UserRow; scopes: string } | undefined> {
  if (!secret) return undefined;
  return findUserByTokenHash(db, hashToken(secret));
}

/**
 * Basic credentials: name + password, name + token, or token + ('' | 'x-oauth-basic').
 * An unknown name costs the same password hash and token lookup as a known one, so timing does
 * not tell which names exist; failures count towards the sign-in throttle (throttle.ts).
 */
export async function authenticateBasic(
  db: Db,
  name: string,
  secret: string,
  ctx?: RequestAuthContext,
): Promise<{ user: UserRow; scopes: string | null } | null> {
  const attempt = await ctx?.throttle.check(name, ctx.address);
  // A token as the user name (git clients): no password involved, so no hash to spend. Passwords
  // are at least 8 characters and never empty, so this cannot shadow a name + password sign-in.
  if (secret === '' || secret === 'x-oauth-basic') {
    const byToken = await userByToken(db, name);
    if (usable(byToken?.user)) return byToken!;
  }
  const found = await findIndividualByName(db, name);
  // An access token as the password (git clients, scripts) first: it needs no hash. Both steps run
  // for unknown names too, so a wrong password costs the same whether the name exists or not.
  const tokenOwner = await userByToken(db, secret);
  const byToken = !!found && tokenOwner?.user.id === found.id;
  const ok = byToken || (await verifyPassword(secret, found?.passwd));
  const user = ok && usable(found) ? found : null;
  if (user) await attempt?.succeeded();
  else await attempt?.failed();
  return user ? { user, scopes: byToken ? tokenOwner!.scopes : null } : null;
}

/**
 * The user an Authorization header names, null when there is no header, and a 401 error for a
 * wrong or unsupported credential (even where anonymous access would be allowed, as Gitea does).
 */
/** `ctx`: the request's throttle and address (auth/throttle.ts requestAuthContext), for Basic sign-ins. */
export async function authenticate(db: Db, header: string | undefined, ctx?: RequestAuthContext): Promise<Authenticated | null> {
  if (!header) return null;
  const [scheme, ...rest] = header.trim().split(/\s+/);
  const value = rest.join(' ');
  const kind = scheme?.toLowerCase();
  if (kind === 'token' || kind === 'bearer') {
    const found = await userByToken(db, value);
    if (!usable(found?.user)) throw unauthorized('user does not exist or token is invalid');
    return { user: found!.user, method: 'token', scopes: found!.scopes };
  }
  if (kind === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    const name = i >= 0 ? decoded.slice(0, i) : decoded;
    const secret = i >= 0 ? decoded.slice(i + 1) : '';
    const signed = await authenticateBasic(db, name, secret, ctx);
    if (!signed) throw unauthorized('user does not exist or password is wrong');
    return { user: signed.user, method: 'basic', scopes: signed.scopes };
  }
  throw unauthorized('unsupported authorization scheme');
}
