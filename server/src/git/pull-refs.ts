// What a push changes, as git tells it: the branch and tag tips before and after (snapshotRefs),
// the commits a branch update brought (for the feed), and the commit-graph written after pushes.
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** Full ref name → object id (a tag object's id for annotated tags). */
export type RefSnapshot = Map<string, string>;

export interface RefChange {
  ref: string;
  /** Zero id when the ref was created. */
  oldId: string;
  /** Zero id when the ref was deleted. */
  newId: string;
}

/** Every branch and tag of the repository with the object it points at. */
export async function snapshotRefs(dir: string): Promise<RefSnapshot> {
  const out = await runGit(git('for-each-ref').option('--format', '%(objectname) %(refname)').word('refs/heads/', 'refs/tags/'), { cwd: dir });
  const refs: RefSnapshot = new Map();
  for (const line of out.split('\n')) {
    const i = line.indexOf(' ');
    if (i > 0) refs.set(line.slice(i + 1), line.slice(0, i));
  }
  return refs;
}

/**
 * The raw text of a push's commits in `format`: the newest `max` of the revisions listed in `input`
 * (one id or ^id a line, read through --stdin so a long list cannot overflow the command line),
 * their count, and the pushed tip itself.
 */
export async function pushedCommitsLog(
  dir: string,
  input: string,
  tip: string,
  format: string,
  max: number,
): Promise<{ log: string; count: string; head: string }> {
  const [log, count, head] = await Promise.all([
    runGit(git('log').option('--max-count', max).option('--format', format).flag('--stdin'), { cwd: dir, input }),
    runGit(git('rev-list').flag('--count', '--stdin'), { cwd: dir, input }),
    runGit(git('log').flag('-1').option('--format', format).value(tip), { cwd: dir }),
  ]);
  return { log, count, head };
}

/** `git commit-graph write --reachable` (fails with the lock's message while another writer runs). */
export async function writeReachableCommitGraph(dir: string, timeoutMs: number): Promise<void> {
  await runGit(git('commit-graph').word('write').flag('--reachable'), { cwd: dir, timeoutMs });
}
