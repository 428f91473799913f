// A user's further e-mail addresses (email_address, issue #20); the primary one is user.email.
import type { Selectable } from 'kysely';
import type { Db } from './types.ts';
import type { EmailAddressTable } from './schema.ts';

export type EmailAddressRow = Selectable<EmailAddressTable>;

/** The user's further addresses, oldest first. */
export function listEmailAddresses(db: Db, uid: number): Promise<EmailAddressRow[]> {
  return db.selectFrom('email_address').selectAll().where('uid', '=', uid).orderBy('id').execute();
}

/** Whether any account has this address, as its primary (user.email) or a further one. */
export async function isEmailAddressTaken(db: Db, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const primary = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower))
    .executeTakeFirst();
  if (primary) return true;
  return (await db.selectFrom('email_address').select('id').where('lower_email', '=', lower).executeTakeFirst()) !== undefined;
}

export async function insertEmailAddresses(db: Db, uid: number, emails: string[], now: number): Promise<void> {
  if (!emails.length) return;
  await db
    .insertInto('email_address')
    .values(emails.map((email) => ({ uid, email, lower_email: email.toLowerCase(), is_activated: 1, created_unix: now })))
    .execute();
}

/** Deletes these further addresses of the user (lower-case); how many there were. */
export async function deleteEmailAddresses(db: Db, uid: number, lowerEmails: string[]): Promise<number> {
  if (!lowerEmails.length) return 0;
  const res = await db.deleteFrom('email_address').where('uid', '=', uid).where('lower_email', 'in', lowerEmails).executeTakeFirst();
  return Number(res.numDeletedRows);
}
