// `git blame --porcelain` of one file at one commit; services/blame.ts folds it into ranges.
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** The porcelain blame of `path` (a literal path, never a pathspec pattern) at `commit`. */
export async function blamePorcelain(dir: string, commit: string, path: string): Promise<string> {
  return runGit(git('blame').flag('--porcelain').value(commit).paths([path]), { cwd: dir, env: { GIT_LITERAL_PATHSPECS: '1' }, timeoutMs: 60_000 });
}
