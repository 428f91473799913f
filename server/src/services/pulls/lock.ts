// The repository merge lock: merges, scheduled merges, updates and merge-upstream of one repository
// run one at a time, across server processes on PostgreSQL (db/dialect.ts withRepoLock).
import type { Db } from '../../db/types.ts';
import { withRepoLock as withScopedRepoLock } from '../../db/dialect.ts';

/** Runs `fn` after every earlier merge-like write to the same repository has finished, in any server process. */
export function withRepoLock<T>(db: Db, repoId: number, fn: () => Promise<T>): Promise<T> {
  return withScopedRepoLock(db, 'merge', repoId, fn);
}
