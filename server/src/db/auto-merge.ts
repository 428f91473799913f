// Scheduled merges (pull_auto_merge: "merge when checks succeed"). Data access only; the rules are
// services/pulls/auto-merge.ts and merge.ts, which read and write these under the repository's merge lock.
import type { Db } from './types.ts';

/** The schedule of a pull request, if any. */
export function findAutoMergeOfPull(db: Db, pullId: number) {
  return db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pullId).executeTakeFirst();
}

/** Only whether a pull request has a schedule: its id. */
export function findAutoMergeIdOfPull(db: Db, pullId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('pull_auto_merge').select('id').where('pull_id', '=', pullId).executeTakeFirst();
}

export async function insertAutoMerge(
  db: Db,
  v: { pull_id: number; doer_id: number; merge_style: string; message: string; delete_branch_after_merge: number; created_unix: number },
): Promise<void> {
  await db.insertInto('pull_auto_merge').values(v).execute();
}

/** Removes one schedule; whether it was still there. */
export async function deleteAutoMerge(db: Db, id: number): Promise<boolean> {
  const gone = await db.deleteFrom('pull_auto_merge').where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}

/** Removes the schedule of a pull request, if any. */
export async function deleteAutoMergeOfPull(db: Db, pullId: number): Promise<void> {
  await db.deleteFrom('pull_auto_merge').where('pull_id', '=', pullId).execute();
}

/** The schedules of pull requests based in a repository, oldest first, with what deciding on each needs. */
export function listAutoMergesOfRepo(db: Db, repoId: number) {
  return db
    .selectFrom('pull_auto_merge')
    .innerJoin('pull_request', 'pull_request.id', 'pull_auto_merge.pull_id')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .select([
      'pull_auto_merge.id',
      'pull_auto_merge.pull_id',
      'pull_auto_merge.doer_id',
      'pull_auto_merge.merge_style',
      'pull_auto_merge.message',
      'pull_auto_merge.delete_branch_after_merge',
      'pull_request.head_branch',
      'pull_request.head_repo_id',
      'pull_request.head_commit_id',
      'pull_request.index',
      'pull_request.has_merged',
      'issue.is_closed',
    ])
    .where('pull_request.base_repo_id', '=', repoId)
    .orderBy('pull_auto_merge.id')
    .execute();
}

/** What finding a pull request's head needs. */
export function findPullHeadFields(db: Db, pullId: number) {
  return db.selectFrom('pull_request').select(['head_branch', 'head_repo_id', 'head_commit_id', 'index']).where('id', '=', pullId).executeTakeFirst();
}
