// Raw git objects by id and the repository's refs, as Gitea's /git/blobs and /git/refs show them.
import { git } from './command.ts';
import { GitError, runGit } from './run-git.ts';

/** The size of blob `sha` (a full object id), or null when the repository has no such blob. */
export async function blobSize(dir: string, sha: string): Promise<number | null> {
  try {
    const type = (await runGit(git('cat-file').flag('-t').value(sha), { cwd: dir })).trim();
    if (type !== 'blob') return null;
    return Number((await runGit(git('cat-file').flag('-s').value(sha), { cwd: dir })).trim());
  } catch (e) {
    if (e instanceof GitError) return null;
    throw e;
  }
}

export interface RefRecord {
  name: string;
  sha: string;
  /** commit, or tag for an annotated tag. */
  type: string;
}

/** Every ref (branches, tags, pull request heads…) by name, as `git for-each-ref` lists them. */
export async function listAllRefs(dir: string): Promise<RefRecord[]> {
  const out = await runGit(git('for-each-ref').option('--format', '%(objectname) %(objecttype) %(refname)'), { cwd: dir });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, type, ...name] = line.split(' ');
      return { sha: sha!, type: type!, name: name.join(' ') };
    });
}
