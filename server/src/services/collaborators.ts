// Repository collaborators (Gitea's collaboration table and services/repository/collaboration.go)
// and the people who can be assigned (Gitea's GetRepoAssignees).
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import type { Paging } from '../api/paging.ts';
import { Access, type AccessMode, isAssignable, repoPermission } from './permissions.ts';

export async function listCollaborators(db: Db, repoId: number, p: Paging): Promise<{ total: number; users: UserRow[] }> {
  const base = db.selectFrom('collaboration').innerJoin('user', 'user.id', 'collaboration.user_id').where('collaboration.repo_id', '=', repoId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await base.selectAll('user').orderBy('collaboration.id').limit(p.limit).offset(p.offset).execute();
  return { total: Number(n), users };
}

export async function collaboration(db: Db, repoId: number, userId: number) {
  return db.selectFrom('collaboration').selectAll().where('repo_id', '=', repoId).where('user_id', '=', userId).executeTakeFirst();
}

/** Adds `user` with `mode` (read, write or admin), or changes the mode of an existing collaborator. */
export async function addOrUpdateCollaborator(db: Db, repo: RepoRow, user: UserRow, mode: AccessMode): Promise<void> {
  const now = nowUnix();
  await db
    .insertInto('collaboration')
    .values({ repo_id: repo.id, user_id: user.id, mode, created_unix: now, updated_unix: now })
    .onConflict((oc) => oc.columns(['repo_id', 'user_id']).doUpdateSet({ mode, updated_unix: now }))
    .execute();
}

/**
 * Removes the collaborator. As Gitea's DeleteCollaboration, the user stops being assigned to the
 * repository's issues (they can no longer be assigned) in the same transaction.
 */
export async function deleteCollaborator(db: Db, repo: RepoRow, user: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('collaboration').where('repo_id', '=', repo.id).where('user_id', '=', user.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return;
    // Only when nothing else still lets them be assigned (a team, ownership).
    if (isAssignable(await repoPermission(trx, user, repo))) return;
    await trx
      .deleteFrom('issue_assignees')
      .where('assignee_id', '=', user.id)
      .where('issue_id', 'in', trx.selectFrom('issue').select('id').where('repo_id', '=', repo.id))
      .execute();
  });
}

/**
 * Users who can be assigned to issues and pull requests: the owner (a user), collaborators and
 * organization team members whose permission passes isAssignable(), active, sorted by name.
 */
export async function listAssignees(db: Db, repo: RepoRow, owner: UserRow): Promise<UserRow[]> {
  const ids = new Set<number>();
  if (owner.type !== 1) ids.add(owner.id);
  for (const r of await db.selectFrom('collaboration').select('user_id').where('repo_id', '=', repo.id).where('mode', '>=', Access.read).execute())
    ids.add(r.user_id);
  if (owner.type === 1) {
    for (const r of await db.selectFrom('team_user').select('uid').where('org_id', '=', owner.id).execute()) ids.add(r.uid);
  }
  if (!ids.size) return [];
  const users = await db
    .selectFrom('user')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('active', '=', 1)
    .where('type', '=', 0)
    .orderBy('lower_name')
    .execute();
  const out: UserRow[] = [];
  for (const u of users) if (isAssignable(await repoPermission(db, u, repo, owner))) out.push(u);
  return out;
}
