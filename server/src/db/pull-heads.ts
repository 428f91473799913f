// The open pull requests a repository's branches already have (what a push tells the pusher).
import type { Db } from './types.ts';

/** Open, unmerged pull requests from `headRepoId` into `baseBranch` of `baseRepoId`: head branch and index. */
export function listOpenPullHeads(db: Db, headRepoId: number, baseRepoId: number, baseBranch: string): Promise<{ head_branch: string; index: number }[]> {
  return db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .select(['pull_request.head_branch', 'issue.index'])
    .where('pull_request.head_repo_id', '=', headRepoId)
    .where('pull_request.base_repo_id', '=', baseRepoId)
    .where('pull_request.base_branch', '=', baseBranch)
    .where('pull_request.has_merged', '=', 0)
    .where('issue.is_closed', '=', 0)
    .orderBy('pull_request.id')
    .execute();
}
