// Users and organizations by name or id: the lookups nearly every request starts from. Names
// compare case-insensitively through lower_name, as Gitea's.
import type { Insertable } from 'kysely';
import type { Db } from './types.ts';
import type { UserRow, UserTable } from './schema.ts';
import { int32OrNone, likeContains } from './dialect.ts';
import { countThenPage, type PageWindow, type RowsPage, type UserFilter } from './page-rows.ts';

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

/** Only an individual user by e-mail address (any case). */
export function findIndividualByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .selectAll()
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.toLowerCase()))
    .where('type', '=', USER_TYPE)
    .executeTakeFirst();
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

/** The id of a user or organization by name (any case), or undefined. */
export function findUserIdByName(db: Db, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('user').select('id').where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** Whether any user or organization has this e-mail address (stored lower-case). */
export async function isEmailUsed(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst()) !== undefined;
}

/** Whether there is any user or organization at all. */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('user').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The id of one of the users or organizations with these lower-case names, if any has one. */
export function findUserIdAmongNames(db: Db, lowerNames: string[]): Promise<{ id: number } | undefined> {
  return db.selectFrom('user').select('id').where('lower_name', 'in', lowerNames).executeTakeFirst();
}

/** The lower-case name of the user or organization with this id (its folder's name). */
export function findUserLowerName(db: Db, id: number): Promise<{ lower_name: string } | undefined> {
  return db.selectFrom('user').select('lower_name').where('id', '=', id).executeTakeFirst();
}

/** Every individual user (not organization), oldest first. */
export function listIndividualUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('type', '=', USER_TYPE).orderBy('id').execute();
}

/** Sets the user's avatar file name and whether it is a custom one. */
export async function updateUserAvatar(db: Db, id: number, avatar: string, useCustom: number, now: number): Promise<void> {
  await db.updateTable('user').set({ avatar, use_custom_avatar: useCustom, updated_unix: now }).where('id', '=', id).execute();
}

export function insertUserRow(db: Db, values: Insertable<UserTable>): Promise<UserRow> {
  return db.insertInto('user').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateUserRow(db: Db, id: number, values: Record<string, string | number>): Promise<UserRow> {
  return db.updateTable('user').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A page of individual users that pass `visible`, by id: only `uid` when given, only names or full names containing `text` when given. */
export function searchUsersPage(db: Db, search: { uid?: number; text?: string }, visible: UserFilter, p: PageWindow): Promise<RowsPage<UserRow>> {
  let query = db.selectFrom('user').where('type', '=', USER_TYPE);
  if (search.uid) query = query.where('id', '=', int32OrNone(search.uid));
  const text = search.text;
  if (text) query = query.where((eb) => eb.or([likeContains(eb.ref('lower_name'), text), likeContains(eb.fn<string>('lower', ['full_name']), text)]));
  query = query.where(visible);
  return countThenPage(query, p, (page) => page.selectAll().orderBy('id'));
}
