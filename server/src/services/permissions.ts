// The one answer to "what may this user do in this repository".
// Organizations, teams and collaborators will add to it here, and nowhere else.
import type { Db } from '../db/index.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';

/** 0 none, 1 read, 2 write, 3 admin, 4 owner (as Gitea's perm.AccessMode). */
export type AccessMode = 0 | 1 | 2 | 3 | 4;
export const Access = { none: 0, read: 1, write: 2, admin: 3, owner: 4 } as const;

export async function repoAccess(_db: Db, user: UserRow | null, repo: RepoRow): Promise<AccessMode> {
  if (user) {
    if (user.is_admin === 1) return Access.owner;
    if (user.id === repo.owner_id) return Access.owner;
  }
  if (repo.is_private === 0) return Access.read;
  return Access.none;
}
