// A pull request's issue and pull_request rows written straight into the tables, as POST /pulls
// writes them: for tests and benchmarks that need pull requests without going through the API
// (reviews-fixtures.ts, merge-fixtures.ts, bench/list-traffic-seed.ts, bench/merge-bench.ts).
import type { Db } from '../src/db/types.ts';

export interface PullRows {
  repoId: number;
  index: number;
  posterId: number;
  title: string;
  body?: string;
  /** created_unix and updated_unix. */
  unix: number;
  head: string;
  base: string;
  mergeBase?: string;
  headSha?: string;
  /** 1 mergeable, 2 conflicting. */
  status?: number;
  commitsAhead?: number;
  additions?: number;
  deletions?: number;
  changedFiles?: number;
}

/** Inserts both rows (inside the caller's transaction, with an index it allocated); the issue's id. */
export async function insertPullRows(trx: Db, p: PullRows): Promise<number> {
  const issue = await trx
    .insertInto('issue')
    .values({
      repo_id: p.repoId,
      index: p.index,
      poster_id: p.posterId,
      original_author: '',
      original_author_id: 0,
      name: p.title,
      content: p.body ?? '',
      ref: '',
      milestone_id: 0,
      priority: 0,
      is_closed: 0,
      is_pull: 1,
      is_locked: 0,
      num_comments: 0,
      deadline_unix: 0,
      created_unix: p.unix,
      updated_unix: p.unix,
      closed_unix: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('pull_request')
    .values({
      issue_id: issue.id,
      index: p.index,
      head_repo_id: p.repoId,
      base_repo_id: p.repoId,
      head_branch: p.head,
      base_branch: p.base,
      merge_base: p.mergeBase ?? '',
      head_commit_id: p.headSha ?? '',
      status: p.status ?? 1,
      conflicted_files: '[]',
      commits_ahead: p.commitsAhead ?? 0,
      commits_behind: 0,
      additions: p.additions ?? 0,
      deletions: p.deletions ?? 0,
      changed_files: p.changedFiles ?? 0,
      has_merged: 0,
      merged_commit_id: '',
      merger_id: 0,
      merged_unix: 0,
      allow_maintainer_edit: 0,
    })
    .execute();
  return issue.id;
}
