// Repository and user rows the pull request rules look up by owner and name or by id. Data access only.
import type { Db } from './types.ts';
import type { RepoRow, UserRow } from './schema.ts';

/** A repository of an owner by lower-case name. */
export function findRepoByOwnerAndName(db: Db, ownerId: number, lowerName: string): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('owner_id', '=', ownerId).where('lower_name', '=', lowerName).executeTakeFirst();
}

/** A repository row by id. */
export function findRepoById(db: Db, id: number): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where a repository lives on disk: its owner's name and its name. */
export function findRepoPathById(db: Db, id: number): Promise<{ owner_name: string; name: string } | undefined> {
  return db.selectFrom('repository').select(['owner_name', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The users with these ids (the creators of a page of statuses). */
export function listUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
}
