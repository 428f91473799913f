// The compare page's URL: /{owner}/{repo}/compare/{base}...{head}. "base..head" is accepted as
// Gitea does; a lone name is the head against the default branch; "base..." (our picker's
// in-between state) has a base and no head yet.
import { encPath, paths } from '@/lib/paths';

export interface CompareRefs {
  base: string;
  head: string;
}

export function parseCompareSplat(splat: string, defaultBranch: string): CompareRefs {
  if (!splat) return { base: defaultBranch, head: '' };
  for (const sep of ['...', '..']) {
    const i = splat.indexOf(sep);
    if (i >= 0) return { base: splat.slice(0, i) || defaultBranch, head: splat.slice(i + sep.length) };
  }
  return { base: defaultBranch, head: splat };
}

export function compareHref(owner: string, repo: string, { base, head }: CompareRefs): string {
  return head ? paths.compare.href(owner, repo, base, head) : `${paths.compare.href(owner, repo)}/${encPath(base)}...`;
}
