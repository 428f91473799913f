// Repository collaborators (Gitea's collaboration table and services/repository/collaboration.go)
// and the people who can be assigned (Gitea's GetRepoAssignees).
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import type { Paging } from '../api/paging.ts';
import {
  deleteCollaboration,
  deleteRepoAssignments,
  findCollaboration,
  listActiveIndividuals,
  listCollaboratorIds,
  listCollaboratorsPage,
  listOrgTeamUserIds,
  upsertCollaboration,
} from '../db/collaborators.ts';
import { Access, type AccessMode, isAssignable, repoPermission } from './permissions.ts';

export async function listCollaborators(db: Db, repoId: number, p: Paging): Promise<{ total: number; users: UserRow[] }> {
  return listCollaboratorsPage(db, repoId, p);
}

export async function collaboration(db: Db, repoId: number, userId: number) {
  return findCollaboration(db, repoId, userId);
}

/** Adds `user` with `mode` (read, write or admin), or changes the mode of an existing collaborator. */
export async function addOrUpdateCollaborator(db: Db, repo: RepoRow, user: UserRow, mode: AccessMode): Promise<void> {
  await upsertCollaboration(db, repo.id, user.id, mode, nowUnix());
}

/**
 * Removes the collaborator. As Gitea's DeleteCollaboration, the user stops being assigned to the
 * repository's issues (they can no longer be assigned) in the same transaction.
 */
export async function deleteCollaborator(db: Db, repo: RepoRow, user: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteCollaboration(trx, repo.id, user.id))) return;
    // Only when nothing else still lets them be assigned (a team, ownership).
    if (isAssignable(await repoPermission(trx, user, repo))) return;
    await deleteRepoAssignments(trx, repo.id, user.id);
  });
}

/**
 * Users who can be assigned to issues and pull requests: the owner (a user), collaborators and
 * organization team members whose permission passes isAssignable(), active, sorted by name.
 */
export async function listAssignees(db: Db, repo: RepoRow, owner: UserRow): Promise<UserRow[]> {
  const ids = new Set<number>();
  if (owner.type !== 1) ids.add(owner.id);
  for (const r of await listCollaboratorIds(db, repo.id, Access.read)) ids.add(r.user_id);
  if (owner.type === 1) {
    for (const r of await listOrgTeamUserIds(db, owner.id)) ids.add(r.uid);
  }
  if (!ids.size) return [];
  const users = await listActiveIndividuals(db, [...ids]);
  const out: UserRow[] = [];
  for (const u of users) if (isAssignable(await repoPermission(db, u, repo, owner))) out.push(u);
  return out;
}
