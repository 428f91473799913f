// Splits the "<ref>/<path>" splat of /src/{kind}/* URLs. Branch and tag names may contain slashes,
// so the ref is the longest leading run of segments that names a known branch (or tag).
import type { RefKind } from '@/lib/paths';

export interface RefLocation {
  kind: RefKind;
  ref: string;
  path: string;
}

export const isRefKind = (k: string | undefined): k is RefKind => k === 'branch' || k === 'tag' || k === 'commit';

/**
 * @param known names of the branches (kind branch) or tags (kind tag) of the repository; unused for commits.
 * When no prefix is known (a list cut by paging, or a ref that does not exist) the first segment is the
 * ref, as Gitea does, and the server answers 404 if it is wrong.
 */
export function splitRefPath(kind: RefKind, splat: string, known: Iterable<string> = []): RefLocation {
  const segments = splat.split('/').filter((s) => s !== '');
  if (segments.length === 0) return { kind, ref: '', path: '' };
  if (kind !== 'commit') {
    const names = new Set(known);
    for (let i = segments.length; i > 1; i--) {
      const candidate = segments.slice(0, i).join('/');
      if (names.has(candidate)) return { kind, ref: candidate, path: segments.slice(i).join('/') };
    }
  }
  return { kind, ref: segments[0], path: segments.slice(1).join('/') };
}

/** The parent folder of a path ('' for the root). */
export const parentPath = (path: string) => path.split('/').slice(0, -1).join('/');
