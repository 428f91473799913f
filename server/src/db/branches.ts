// Repository columns that branch operations change: the empty flag and the default branch.
import type { Db } from './types.ts';

/** The repository has commits now. */
export async function markRepoNotEmpty(db: Db, repoId: number, now: number): Promise<void> {
  await db.updateTable('repository').set({ is_empty: 0, updated_unix: now }).where('id', '=', repoId).execute();
}

export async function updateRepoDefaultBranch(db: Db, repoId: number, branch: string, now: number): Promise<void> {
  await db.updateTable('repository').set({ default_branch: branch, updated_unix: now }).where('id', '=', repoId).execute();
}
