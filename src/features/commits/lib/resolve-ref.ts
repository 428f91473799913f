// Splits the splat of /commits/{kind}/{ref}/{path} into ref and path. Branch and tag names may
// contain slashes, so the longest known name that prefixes the splat wins (as Gitea does).
import type { RefKind } from '@/lib/paths';

export function resolveRefPath(kind: RefKind, splat: string, known: readonly string[]): { ref: string; path: string } {
  const clean = splat.replace(/^\/+|\/+$/g, '');
  if (kind !== 'commit') {
    let best = '';
    for (const name of known) {
      if (name.length > best.length && (clean === name || clean.startsWith(`${name}/`))) best = name;
    }
    if (best) return { ref: best, path: clean.slice(best.length + 1) };
  }
  const slash = clean.indexOf('/');
  return slash < 0 ? { ref: clean, path: '' } : { ref: clean.slice(0, slash), path: clean.slice(slash + 1) };
}
