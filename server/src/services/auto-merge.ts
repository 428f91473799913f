// Scheduled merges ("merge when checks succeed"). Contract used by the statuses API: after a status
// is stored, afterCommitStatus merges the pull requests waiting on that commit whose checks now pass
// (filled in with the merge service).
import type { Deps } from '../context.ts';
import type { RepoRow } from '../db/schema.ts';

export async function afterCommitStatus(_deps: Deps, _repo: RepoRow, _sha: string): Promise<void> {}
