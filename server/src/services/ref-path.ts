// Which commit and path a "{ref}/{path}" URL tail names. Branch and tag names may hold slashes, so
// the longest leading run of segments that names a ref wins (Gitea's RepoRefByType does the same).
import { resolveCommit } from '../git/repo.ts';
import { notFound } from '../errors.ts';

export type RefKind = 'branch' | 'tag' | 'commit';

export interface RefPath {
  commit: string;
  ref: string;
  kind: RefKind;
  path: string;
}

/** Splits a user path into clean segments; `..`, NUL and empty parts cannot name anything. */
export function pathSegments(p: string): string[] {
  const parts = p.split('/').filter((s) => s && s !== '.');
  if (parts.some((s) => s === '..' || s.includes('\0'))) throw notFound();
  return parts;
}

const lookup = (dir: string, kind: RefKind, name: string) => {
  if (name.startsWith('-')) return Promise.resolve(null);
  if (kind === 'branch') return resolveCommit(dir, `refs/heads/${name}`);
  if (kind === 'tag') return resolveCommit(dir, `refs/tags/${name}`);
  return /^[0-9a-f]{4,64}$/i.test(name) ? resolveCommit(dir, name) : Promise.resolve(null);
};

/**
 * The commit and path of `tail` ("{ref}/{path}"). With a kind, only that kind of ref is tried; without
 * one (the API's "{ref}/{path}") a branch, then a tag, then a commit SHA. Null when nothing matches.
 */
export async function resolveRefPath(dir: string, tail: string, kind?: RefKind): Promise<RefPath | null> {
  const segs = pathSegments(tail);
  const kinds: RefKind[] = kind ? [kind] : ['branch', 'tag', 'commit'];
  for (const k of kinds) {
    // A commit SHA is one segment; branch and tag names may span several.
    for (let i = k === 'commit' ? 1 : segs.length; i >= 1; i--) {
      const name = segs.slice(0, i).join('/');
      const commit = await lookup(dir, k, name);
      if (commit) return { commit, ref: name, kind: k, path: segs.slice(i).join('/') };
    }
  }
  return null;
}
