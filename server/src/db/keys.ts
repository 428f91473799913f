// Users' SSH public keys (public_key): the queries of the key routes and of adding and deleting keys.
import type { Insertable } from 'kysely';
import type { Db } from './types.ts';
import type { PublicKeyRow, PublicKeyTable } from './schema.ts';
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

/** The id of the key with this fingerprint, whoever owns it. */
export function findKeyIdByFingerprint(db: Db, fingerprint: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('public_key').select('id').where('fingerprint', '=', fingerprint).executeTakeFirst();
}

/** The id of the owner's key with this name. */
export function findUserKeyIdByName(db: Db, ownerId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('public_key').select('id').where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst();
}

export function insertPublicKey(db: Db, values: Insertable<PublicKeyTable>): Promise<PublicKeyRow> {
  return db.insertInto('public_key').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deletePublicKeyById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('public_key').where('id', '=', id).execute();
}
