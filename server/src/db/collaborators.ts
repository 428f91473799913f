// Repository collaborators (the collaboration table) and who may be assigned: the queries.
import type { Db } from './types.ts';
import type { CollaborationRow, UserRow } from './schema.ts';
import type { PageWindow } from './page-rows.ts';

/** A page of the repository's collaborators in the order they were added, with the total. */
export async function listCollaboratorsPage(db: Db, repoId: number, p: PageWindow): Promise<{ total: number; users: UserRow[] }> {
  const base = db.selectFrom('collaboration').innerJoin('user', 'user.id', 'collaboration.user_id').where('collaboration.repo_id', '=', repoId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await base.selectAll('user').orderBy('collaboration.id').limit(p.limit).offset(p.offset).execute();
  return { total: Number(n), users };
}

export function findCollaboration(db: Db, repoId: number, userId: number): Promise<CollaborationRow | undefined> {
  return db.selectFrom('collaboration').selectAll().where('repo_id', '=', repoId).where('user_id', '=', userId).executeTakeFirst();
}

/** Adds the collaborator with `mode`, or changes the mode of an existing one. */
export async function upsertCollaboration(db: Db, repoId: number, userId: number, mode: number, now: number): Promise<void> {
  await db
    .insertInto('collaboration')
    .values({ repo_id: repoId, user_id: userId, mode, created_unix: now, updated_unix: now })
    .onConflict((oc) => oc.columns(['repo_id', 'user_id']).doUpdateSet({ mode, updated_unix: now }))
    .execute();
}

/** Whether a row was deleted. */
export async function deleteCollaboration(db: Db, repoId: number, userId: number): Promise<boolean> {
  const removed = await db.deleteFrom('collaboration').where('repo_id', '=', repoId).where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) !== 0;
}

/** Unassigns the user from every issue and pull request of the repository. */
export async function deleteRepoAssignments(db: Db, repoId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('issue_assignees')
    .where('assignee_id', '=', userId)
    .where('issue_id', 'in', db.selectFrom('issue').select('id').where('repo_id', '=', repoId))
    .execute();
}

/** Ids of collaborators with at least `minMode`. */
export function listCollaboratorIds(db: Db, repoId: number, minMode: number): Promise<{ user_id: number }[]> {
  return db.selectFrom('collaboration').select('user_id').where('repo_id', '=', repoId).where('mode', '>=', minMode).execute();
}

/** Ids of the members of the organization's teams (one row per team membership). */
export function listOrgTeamUserIds(db: Db, orgId: number): Promise<{ uid: number }[]> {
  return db.selectFrom('team_user').select('uid').where('org_id', '=', orgId).execute();
}

/** Active individual users among these ids, by name. */
export function listActiveIndividuals(db: Db, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('id', 'in', ids).where('active', '=', 1).where('type', '=', 0).orderBy('lower_name').execute();
}
