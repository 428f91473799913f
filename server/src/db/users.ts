// Users and organizations by name or id: the lookups nearly every request starts from. Names
// compare case-insensitively through lower_name, as Gitea's.
import type { Db } from './types.ts';
import type { UserRow } from './schema.ts';

export const USER_TYPE = 0;
export const ORG_TYPE = 1;

/** A user or organization by name (any case), or undefined. */
export function findUserByName(db: Db, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** Only an individual user (not an organization) by name. */
export function findIndividualByName(db: Db, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).where('type', '=', USER_TYPE).executeTakeFirst();
}

/** Only an organization by name. */
export function findOrgByName(db: Db, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).where('type', '=', ORG_TYPE).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a user or organization (other than `exceptId`) has this name. */
export async function isNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('user').select('id').where('lower_name', '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The users (or organizations) with these ids, in no particular order. */
export function findUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
}

/** The user or organization with this id; Kysely's NoResultError when there is none. */
export function findUserByIdOrThrow(db: Db, id: number): Promise<UserRow> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
