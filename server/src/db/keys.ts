// Users' SSH public keys (public_key): the queries the key routes ask.
import type { Db } from './types.ts';
import type { PublicKeyRow } from './schema.ts';
import { countThenPage, type PageWindow, type RowsPage } from './page-rows.ts';

/** A page of the owner's keys by id, only the one with `fingerprint` when given. */
export function listUserKeysPage(db: Db, ownerId: number, fingerprint: string | undefined, p: PageWindow): Promise<RowsPage<PublicKeyRow>> {
  let query = db.selectFrom('public_key').where('owner_id', '=', ownerId);
  if (fingerprint) query = query.where('fingerprint', '=', fingerprint);
  return countThenPage(query, p, (page) => page.selectAll().orderBy('id'));
}

export function findPublicKeyById(db: Db, id: number): Promise<PublicKeyRow | undefined> {
  return db.selectFrom('public_key').selectAll().where('id', '=', id).executeTakeFirst();
}
