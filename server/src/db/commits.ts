// Users behind commits: the authors and committers whose e-mail a forge account has.
import type { Db } from './types.ts';
import type { UserRow } from './schema.ts';

/** Individual users (not organizations) by lower-cased e-mail. */
export function listIndividualsByEmails(db: Db, emails: string[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('email', 'in', emails).where('type', '=', 0).execute();
}
