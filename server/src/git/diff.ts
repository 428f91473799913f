// Raw diff and patch text of one commit, as Gitea's GetRawDiff produces them.
import { git, type GitCommand } from './command.ts';
import { runGitBuffer } from './run-git.ts';

/**
 * `sha` must be a full commit SHA we resolved; `firstParent` its first parent or null for a root
 * commit. Merges diff against their first parent; a merge's patch is the series it brought in.
 */
export async function rawCommitDiff(dir: string, sha: string, firstParent: string | null, kind: 'diff' | 'patch'): Promise<Buffer> {
  let cmd: GitCommand;
  if (kind === 'diff') {
    cmd = git('diff-tree').flag('-p', '-M', '--root', '--no-commit-id').option('--diff-merges', 'first-parent').flag('--end-of-options').value(sha);
  } else if (firstParent) {
    cmd = git('format-patch').flag('--no-signature', '--stdout', '--end-of-options').value(`${firstParent}..${sha}`);
  } else {
    cmd = git('format-patch').flag('--no-signature', '--stdout', '--root', '--end-of-options').value(sha);
  }
  return runGitBuffer(cmd, { cwd: dir });
}
