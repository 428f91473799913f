// Access tokens (access_token): only the secret's hash is stored; the queries.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './types.ts';
import type { AccessTokenTable, UserRow } from './schema.ts';
import { countThenPage, type PageWindow, type RowsPage } from './page-rows.ts';

export type AccessTokenRow = Selectable<AccessTokenTable>;

/** The user whose token has this hash, with the token's scopes. */
export async function findUserByTokenHash(db: Db, tokenHash: string): Promise<{ user: UserRow; scopes: string } | undefined> {
  const row = await db
    .selectFrom('access_token')
    .innerJoin('user', 'user.id', 'access_token.user_id')
    .selectAll('user')
    .select('access_token.scopes as token_scopes')
    .where('access_token.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_scopes, ...user } = row;
  return { user: user as UserRow, scopes: token_scopes };
}

/** Whether the user has a token of this name. */
export async function isTokenNameUsed(db: Db, userId: number, name: string): Promise<boolean> {
  return !!(await db.selectFrom('access_token').select('id').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst());
}

export function insertToken(db: Db, values: Insertable<AccessTokenTable>): Promise<AccessTokenRow> {
  return db.insertInto('access_token').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A page of the user's tokens, newest first. */
export function listUserTokensPage(db: Db, userId: number, p: PageWindow): Promise<RowsPage<AccessTokenRow>> {
  const q = db.selectFrom('access_token').where('user_id', '=', userId);
  return countThenPage(q, p, (page) => page.selectAll().orderBy('id', 'desc'));
}

/** Deletes the tokens with these ids, whoever owns them. */
export async function deleteTokensByIds(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('access_token').where('id', 'in', ids).execute();
}

/** Deletes the user's token with this id or name; whether there was one. */
export async function deleteUserToken(db: Db, userId: number, token: { id: number } | { name: string }): Promise<boolean> {
  let q = db.deleteFrom('access_token').where('user_id', '=', userId);
  q = 'id' in token ? q.where('id', '=', token.id) : q.where('name', '=', token.name);
  const res = await q.executeTakeFirst();
  return !!Number(res.numDeletedRows);
}
