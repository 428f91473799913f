// A user's own account (issue #20): further e-mail addresses (Gitea's services/user/email.go),
// changing the password and deleting the account (Gitea's web forms, extensions of the API here).
import type { Db } from '../db/types.ts';
import type { UserRow } from '../db/schema.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation, withDatabaseLock } from '../db/dialect.ts';
import { deleteEmailAddresses, insertEmailAddresses, isEmailAddressTaken, listEmailAddresses } from '../db/emails.ts';
import { countActiveAdmins, countOrgMemberships, deleteUserRows } from '../db/user-delete.ts';
import { countOwnerRepos } from '../db/orgs.ts';
import { updateUserRow } from '../db/users.ts';
import { hashPasswordAsync, verifyPassword } from '../auth/password.ts';
import type { RequestAuthContext } from '../auth/throttle.ts';
import { notFound, unprocessable } from '../errors.ts';

/** Gitea's EmailAddress as the API shows it (structs.Email). */
export interface ApiEmail {
  email: string;
  verified: boolean;
  primary: boolean;
  user_id: number;
  username: string;
}

/** Gitea's ValidateEmail: the characters its regular expression allows, no leading '-', a host name. */
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+\-/=?^_`{|}~]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const isValidEmail = (email: string) => email.length <= 254 && !email.startsWith('-') && EMAIL_RE.test(email);

/** The password rule of every new password (account creation, sign-up, change). */
export const MIN_PASSWORD_LENGTH = 8;
export function passwordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? `must be at least ${MIN_PASSWORD_LENGTH} characters` : null;
}

/** The user's addresses: the primary one (user.email) first, then the others oldest first. */
export async function listEmails(db: Db, user: UserRow): Promise<ApiEmail[]> {
  const others = await listEmailAddresses(db, user.id);
  const of = (email: string, primary: boolean, verified = true): ApiEmail => ({ email, verified, primary, user_id: user.id, username: user.name });
  return [of(user.email, true), ...others.map((e) => of(e.email, false, e.is_activated === 1))];
}

/**
 * Gitea's AddEmailAddresses, all or nothing: every address must be valid (422 "Email address "x"
 * invalid") and used by no account, this one included (422 "Email address has been used: x").
 * The added ones, as Gitea answers them.
 */
export async function addEmails(db: Db, user: UserRow, emails: string[]): Promise<ApiEmail[]> {
  if (!emails.length) throw unprocessable('Email list empty');
  const wanted = emails.map((e) => e.trim());
  for (const e of wanted) if (!isValidEmail(e)) throw unprocessable(`Email address "${e}" invalid`);
  const seen = new Set<string>();
  await withDatabaseLock(db, 'user_email', async () => {
    for (const e of wanted) {
      if (seen.has(e.toLowerCase()) || (await isEmailAddressTaken(db, e))) throw unprocessable(`Email address has been used: ${e}`);
      seen.add(e.toLowerCase());
    }
    await insertEmailAddresses(db, user.id, wanted, nowUnix()).catch((err: unknown) => {
      throw isUniqueViolation(err) ? unprocessable(`Email address has been used: ${wanted.join(', ')}`) : err;
    });
  });
  return (await listEmails(db, user)).filter((e) => seen.has(e.email.toLowerCase()));
}

/**
 * Gitea's DeleteEmailAddresses, all or nothing: each address must be one of the user's (404), and
 * the primary one cannot be deleted (422; Gitea answers 500 there).
 */
export async function deleteEmails(db: Db, user: UserRow, emails: string[]): Promise<void> {
  const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (!lower.length) return;
  if (lower.includes(user.email.toLowerCase())) throw unprocessable(`Primary email address cannot be deleted [email: ${user.email}]`);
  const own = new Set((await listEmailAddresses(db, user.id)).map((e) => e.lower_email));
  const missing = lower.find((e) => !own.has(e));
  if (missing !== undefined) throw notFound(`Email address does not exist [email: ${missing}]`);
  await deleteEmailAddresses(db, user.id, lower);
}

/**
 * Whether `password` is the user's, counted by the sign-in throttle as a sign-in (so a stolen
 * session cannot guess the password any faster than the sign-in form): 429 once locked out.
 */
export async function isOwnPassword(user: UserRow, password: string, ctx?: RequestAuthContext): Promise<boolean> {
  const attempt = await ctx?.throttle.check(user.lower_name, ctx.address);
  const ok = await verifyPassword(password, user.passwd);
  if (ok) await attempt?.succeeded();
  else await attempt?.failed();
  return ok;
}

/** Gitea's account settings form: the current password, then the new one by the creation rule. */
export async function changePassword(db: Db, user: UserRow, input: { old_password: string; new_password: string }, ctx?: RequestAuthContext): Promise<void> {
  if (!(await isOwnPassword(user, input.old_password, ctx))) throw unprocessable('old_password: the current password is incorrect');
  const problem = passwordProblem(input.new_password);
  if (problem) throw unprocessable(`new_password: ${problem}`);
  const passwd = await hashPasswordAsync(input.new_password);
  await updateUserRow(db, user.id, { passwd, must_change_password: 0, updated_unix: nowUnix() });
}

/**
 * Gitea's DeleteUser without purge, as its account settings form: the password first, then refused
 * while the user is the last site administrator, owns repositories or belongs to organizations,
 * with the form's words (Gitea's admin API answers these 422 too).
 */
export async function deleteOwnAccount(db: Db, user: UserRow, password: string, ctx?: RequestAuthContext): Promise<void> {
  if (!(await isOwnPassword(user, password, ctx))) throw unprocessable('password: the password is incorrect');
  if (user.is_admin === 1 && user.active === 1 && (await countActiveAdmins(db)) <= 1)
    throw unprocessable('You cannot delete the last site administrator: there must be at least one.');
  if ((await countOwnerRepos(db, user.id)) > 0) throw unprocessable('Your account owns one or more repositories: delete or transfer them first.');
  if ((await countOrgMemberships(db, user.id)) > 0) throw unprocessable('Your account is a member of one or more organizations: leave them first.');
  await deleteUserRows(db, user.id);
}
