// Raw diff and patch text of one commit, as Gitea's GetRawDiff produces them.
import { legacyRunGitBuffer } from './run-git.ts';

/**
 * `sha` must be a full commit SHA we resolved; `firstParent` its first parent or null for a root
 * commit. Merges diff against their first parent; a merge's patch is the series it brought in.
 */
export function rawCommitDiff(dir: string, sha: string, firstParent: string | null, kind: 'diff' | 'patch'): Promise<Buffer> {
  let args: string[];
  if (kind === 'diff') {
    args = ['diff-tree', '-p', '-M', '--root', '--no-commit-id', '--diff-merges=first-parent', '--end-of-options', sha];
  } else if (firstParent) {
    args = ['format-patch', '--no-signature', '--stdout', '--end-of-options', `${firstParent}..${sha}`];
  } else {
    args = ['format-patch', '--no-signature', '--stdout', '--root', '--end-of-options', sha];
  }
  return legacyRunGitBuffer(args, { cwd: dir });
}
