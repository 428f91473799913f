// The git questions pull request rules ask: how far a head is behind its base, which files a
// range changes, whether a push changed what a pull request brings, when a commit was written.
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** How many commits `base` has that `head` lacks (`git rev-list --count head..base`). */
export async function countCommitsBehind(dir: string, head: string, base: string): Promise<number> {
  return Number((await runGit(git('rev-list').flag('--count').value(`${head}..${base}`), { cwd: dir })).trim()) || 0;
}

/** The paths changed from `from` to `to` (`git diff --name-only -z`). */
export async function changedPaths(dir: string, from: string, to: string): Promise<string[]> {
  return (await runGit(git('diff').flag('--name-only', '-z').value(from, to).paths([]), { cwd: dir })).split('\0').filter(Boolean);
}

/**
 * Gitea's checkIfPRContentChanged: `git diff --name-only new old base` is the combined diff of the
 * new head against the old head and the base's merge base; empty when the new head only merged the base in.
 */
export async function combinedDiffNonEmpty(dir: string, newHead: string, oldHead: string, base: string): Promise<boolean> {
  const out = await runGit(git('diff').flag('--name-only', '-z').value(newHead, oldHead, base).paths([]), { cwd: dir });
  return out.length > 0;
}

/** The author time of a commit, in Unix seconds (NaN when git prints nothing useful). */
export async function commitAuthorTime(dir: string, commit: string): Promise<number> {
  return Number((await runGit(git('show').flag('-s').option('--format', '%at').value(commit), { cwd: dir })).trim());
}
