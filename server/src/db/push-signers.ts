// What the push hook's signature check needs from the database. Data access only; the rules are
// services/push-protection.ts.
import type { Db } from './types.ts';

/** The SSH keys of users who may sign in, with their emails (the allowed signers of signed pushes). */
export function listActiveUserKeys(db: Db) {
  return db
    .selectFrom('public_key')
    .innerJoin('user', 'user.id', 'public_key.owner_id')
    .select(['user.email', 'public_key.content'])
    .where('user.active', '=', 1)
    .where('user.prohibit_login', '=', 0)
    .execute();
}
