// Creating users and tokens: shared by the admin API, the CLI and the demo seed.
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation, withDatabaseLock } from '../db/dialect.ts';
import type { UserRow } from '../db/schema.ts';
import { findUserByName, insertUserRow, isNameTaken } from '../db/users.ts';
import { isEmailAddressTaken } from '../db/emails.ts';
import { insertToken, isTokenNameUsed } from '../db/tokens.ts';
import { userVisibleTo } from './permissions.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { hashPasswordAsync } from '../auth/password.ts';
import { hashToken, newTokenSecret } from '../auth/tokens.ts';

/** Gitea's user name rule: letters, digits, '-', '_', '.'; no leading/trailing punctuation. */
export const USERNAME_RE = /^[\da-zA-Z](?:[\w.-]*[\da-zA-Z])?$/;
/** Names the routes and pages use: no user or organization may take one. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'api',
  'admin',
  'explore',
  'user',
  'users',
  'repo',
  'login',
  'logout',
  'new',
  'issues',
  'pulls',
  'org',
  'orgs',
  'avatars',
  'assets',
  'config.json',
  'settings',
  'notifications',
  'search',
]);

export interface NewUserInput {
  username: string;
  email: string;
  password: string;
  full_name?: string;
  admin?: boolean;
  must_change_password?: boolean;
  visibility?: string;
  restricted?: boolean;
}

export async function createUser(db: Db, input: NewUserInput): Promise<UserRow> {
  const name = input.username.trim();
  if (!USERNAME_RE.test(name) || name.length > 40) throw unprocessable(`username: invalid user name "${name}"`);
  if (RESERVED_NAMES.has(name.toLowerCase())) throw unprocessable(`username: name is reserved [name: ${name}]`);
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw unprocessable(`email: invalid email address "${input.email}"`);
  if (input.password.length < 8) throw unprocessable('password: must be at least 8 characters');
  if (await isNameTaken(db, name)) throw unprocessable(`user already exists [name: ${name}]`);
  const passwd = await hashPasswordAsync(input.password);
  const t = nowUnix();
  // No unique index on e-mail: the check and the insert hold a lock across server processes, so two
  // sign-ups with one address at once cannot both pass.
  return withDatabaseLock(db, 'user_email', async () => {
    if (await isEmailAddressTaken(db, input.email)) throw unprocessable(`e-mail already in use [email: ${input.email}]`);
    return insertUserRow(db, {
      name,
      lower_name: name.toLowerCase(),
      full_name: input.full_name ?? '',
      email: input.email.toLowerCase(),
      passwd,
      type: 0,
      is_admin: input.admin ? 1 : 0,
      must_change_password: input.must_change_password ? 1 : 0,
      restricted: input.restricted ? 1 : 0,
      active: 1,
      prohibit_login: 0,
      visibility: input.visibility ?? 'public',
      description: '',
      website: '',
      location: '',
      language: '',
      created_unix: t,
      updated_unix: t,
      last_login_unix: 0,
    }).catch((e: unknown) => {
      // The same name signed up twice at once, past the check above: Gitea's answer, not a 409.
      throw isUniqueViolation(e) ? unprocessable(`user already exists [name: ${name}]`) : e;
    });
  });
}

/** `scopes`: Gitea's normal form (auth/token-scopes.ts normalizeScopes). */
export async function createToken(db: Db, userId: number, name: string, scopes = 'all') {
  if (await isTokenNameUsed(db, userId, name)) throw badRequest('access token name has been used already');
  const secret = newTokenSecret();
  const t = nowUnix();
  const row = await insertToken(db, {
    user_id: userId,
    name,
    token_hash: hashToken(secret),
    token_last_eight: secret.slice(-8),
    scopes,
    created_unix: t,
    updated_unix: t,
  }).catch((e: unknown) => {
    throw isUniqueViolation(e) ? badRequest('access token name has been used already') : e;
  });
  return { row, secret };
}

/** A user by name that the viewer may see, else 404 in Gitea's words. */
export async function visibleUserByName(db: Db, name: string, viewer: UserRow | null): Promise<UserRow> {
  const u = await findUserByName(db, name);
  if (!u || !(await userVisibleTo(db, u, viewer))) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}
