// Web sessions (web_session) of the embedded web app: the queries of auth/sessions.ts (issue #23).
// Timestamps are epoch milliseconds; PostgreSQL hands bigint back as a string, so readers Number() them.
import type { Selectable } from 'kysely';
import type { Db } from './types.ts';
import type { UserRow, WebSessionTable } from './schema.ts';

export type WebSessionRow = Selectable<WebSessionTable>;

export function insertWebSession(
  db: Db,
  values: { id_hash: string; user_id: number; created_at: number; last_used_at: number; user_agent: string; ip: string },
): Promise<WebSessionRow> {
  return db.insertInto('web_session').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The session with this hash and its user, if it is still live at `now` (neither idle nor too old). */
export async function findLiveWebSession(
  db: Db,
  idHash: string,
  limits: { idleBefore: number; createdBefore: number },
): Promise<{ session: WebSessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('web_session')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('last_used_at', '>', limits.idleBefore)
    .where('created_at', '>', limits.createdBefore)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('user').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function touchWebSession(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('web_session').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** The user's live sessions, most recently used first. */
export function listLiveWebSessions(db: Db, userId: number, limits: { idleBefore: number; createdBefore: number }): Promise<WebSessionRow[]> {
  return db
    .selectFrom('web_session')
    .selectAll()
    .where('user_id', '=', userId)
    .where('last_used_at', '>', limits.idleBefore)
    .where('created_at', '>', limits.createdBefore)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the user's session with this id; whether there was one. */
export async function deleteUserWebSession(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('web_session').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return !!Number(res.numDeletedRows);
}

/** Deletes every session of the user except `keepId` (none kept when undefined). */
export async function deleteOtherWebSessions(db: Db, userId: number, keepId?: number): Promise<void> {
  let q = db.deleteFrom('web_session').where('user_id', '=', userId);
  if (keepId !== undefined) q = q.where('id', '!=', keepId);
  await q.execute();
}

/** Removes every session that has expired (idle or too old). */
export async function deleteExpiredWebSessions(db: Db, limits: { idleBefore: number; createdBefore: number }): Promise<void> {
  await db
    .deleteFrom('web_session')
    .where((eb) => eb.or([eb('last_used_at', '<=', limits.idleBefore), eb('created_at', '<=', limits.createdBefore)]))
    .execute();
}
