// Scheduled merges ("merge when checks succeed"). Contract used by the statuses API: after a status
// is stored, afterCommitStatus merges the pull requests waiting on that commit whose checks now pass
// (filled in with the merge service).
import type { Deps } from '../context.ts';
import type { RepoRow } from '../db/schema.ts';

export async function afterCommitStatus(_deps: Deps, _repo: RepoRow, _sha: string): Promise<void> {}

export async function cancelScheduledMerge(_deps: Deps, _pc: import('./pull-context.ts').PullContext, _doer: import('../db/schema.ts').UserRow): Promise<void> {
  throw new Error('not implemented');
}
