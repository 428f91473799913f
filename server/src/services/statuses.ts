// Commit statuses (CI results posted against a commit) and their combined state, as Gitea.
// Contract used by the pull requests' scheduled merge (filled in with the statuses API).
import type { Db } from '../db/index.ts';

export type CombinedState = 'pending' | 'success' | 'error' | 'failure' | 'warning';

/**
 * The combined state of a commit: the latest status of each context, worst first (failure/error >
 * pending > warning > success), as Gitea's CalcCommitStatus; null when the commit has no status.
 */
export async function combinedState(_db: Db, _repoId: number, _sha: string): Promise<CombinedState | null> {
  return null;
}
