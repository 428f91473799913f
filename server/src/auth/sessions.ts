// Web sessions of the embedded web app (issue #23). Signing in on the web app creates a row in
// web_session and hands the browser a random secret in an HttpOnly, SameSite=Lax cookie; only the
// secret's SHA-256 is stored. /api/v1 takes the cookie from same-origin requests only, and an
// unsafe method (POST, PUT, PATCH, DELETE) must also come from the forge's own origin (Origin, or
// Referer when a browser sends no Origin) and carry the session's CSRF token in X-Csrf-Token. The
// CSRF token is derived from the secret (an HMAC-like hash), so nothing more is stored, and the
// web app keeps it in memory only: GET /user/sessions/current hands it out again after a reload.
// Tokens and Basic auth are untouched: a request with an Authorization header never looks at the cookie.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { findIndividualByEmail, findIndividualByName } from '../db/users.ts';
import { deleteExpiredWebSessions, findLiveWebSession, insertWebSession, touchWebSession, type WebSessionRow } from '../db/sessions.ts';
import { verifyPassword } from './password.ts';
import type { RequestAuthContext } from './throttle.ts';

export const SESSION_COOKIE = 'forge_session';
export const CSRF_HEADER = 'X-Csrf-Token';
/** last_used_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const newSessionSecret = () => randomBytes(32).toString('base64url');
export const hashSessionSecret = (secret: string) => createHash('sha256').update(`session:${secret}`).digest('hex');
export const csrfTokenFor = (secret: string) => createHash('sha256').update(`csrf:${secret}`).digest('base64url');

export function csrfTokenMatches(secret: string, given: string | undefined): boolean {
  if (!given) return false;
  const want = Buffer.from(csrfTokenFor(secret));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The oldest last_used_at and created_at a live session may have at `now`. */
export function sessionLimits(config: Pick<Config, 'sessionIdleSeconds' | 'sessionMaxAgeSeconds'>, now = Date.now()) {
  return { idleBefore: now - config.sessionIdleSeconds * 1000, createdBefore: now - config.sessionMaxAgeSeconds * 1000 };
}

/** The Set-Cookie value carrying `secret` (or clearing the cookie when null). */
export function sessionCookie(config: Config, secret: string | null, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${secret ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  parts.push(secret ? `Max-Age=${config.sessionMaxAgeSeconds}` : 'Max-Age=0');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session secret of a Cookie header, if any. */
export function sessionSecretOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === SESSION_COOKIE) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

/** The forge's own origins: the root URL's, and the one the request was addressed to. */
export function isOwnOrigin(config: Config, origin: string, requestUrl: string): boolean {
  const own = new URL(config.rootUrl).origin;
  return origin === own || origin === new URL(requestUrl).origin;
}

/** Where a browser says the request comes from: Origin, else Referer's origin; null when neither. */
export function requestOrigin(origin: string | undefined, referer: string | undefined): string | null {
  if (origin) return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

const usable = (u: UserRow | undefined): u is UserRow => !!u && u.active === 1 && u.prohibit_login === 0;

/**
 * A password sign-in for a web session: user name or e-mail, and the password (never an access
 * token: a session may do everything, a token only what its scopes allow). Counts towards the
 * sign-in throttle as Basic auth does; an unknown name costs the same password hash.
 */
export async function checkPassword(db: Db, login: string, password: string, ctx?: RequestAuthContext): Promise<UserRow | null> {
  const attempt = await ctx?.throttle.check(login, ctx.address);
  const found = login.includes('@') ? await findIndividualByEmail(db, login) : await findIndividualByName(db, login);
  const ok = await verifyPassword(password, found?.passwd);
  const user = ok && usable(found) ? found : null;
  if (user) await attempt?.succeeded();
  else await attempt?.failed();
  return user;
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, as a dual-stack socket reports IPv4 peers) as plain IPv4. */
export function plainAddress(ip: string | null | undefined): string {
  const a = (ip ?? '').trim();
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return m ? m[1]! : a;
}

/** Creates a session for the user; the secret for the cookie (shown nowhere else) and its row. */
export async function startSession(
  db: Db,
  config: Config,
  user: UserRow,
  client: { userAgent?: string; ip?: string | null },
): Promise<{ secret: string; session: WebSessionRow }> {
  const now = Date.now();
  await deleteExpiredWebSessions(db, sessionLimits(config, now));
  const secret = newSessionSecret();
  const session = await insertWebSession(db, {
    id_hash: hashSessionSecret(secret),
    user_id: user.id,
    created_at: now,
    last_used_at: now,
    user_agent: (client.userAgent ?? '').slice(0, 255),
    ip: plainAddress(client.ip).slice(0, 64),
  });
  return { secret, session };
}

/** The live session a cookie secret names, and its user (who must still be allowed to sign in); marks it used. */
export async function resumeSession(db: Db, config: Config, secret: string): Promise<{ session: WebSessionRow; user: UserRow } | null> {
  const now = Date.now();
  const found = await findLiveWebSession(db, hashSessionSecret(secret), sessionLimits(config, now));
  if (!found || !usable(found.user)) return null;
  if (now - Number(found.session.last_used_at) >= TOUCH_EVERY_MS) await touchWebSession(db, found.session.id, now);
  return found;
}
