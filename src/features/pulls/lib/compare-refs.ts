// What each side of a comparison names: a branch, a tag or a commit. Our server says so
// (base_ref/head_ref); a Gitea server does not, and then the lists the pickers hold decide, a hex
// name neither branch nor tag being a commit. An unknown name counts as a branch, so the pull
// request form stays and the server has the last word.
import type { Compare } from '../api/compare-queries';

export type RefKind = 'branch' | 'tag' | 'commit';

export interface CompareSides {
  base: RefKind;
  head: RefKind;
  /** The head's commit when the server gave it (for links pinned to a commit). */
  headSha?: string;
}

export function guessKind(name: string, branches: readonly string[], tags: readonly string[]): RefKind {
  if (branches.includes(name)) return 'branch';
  if (tags.includes(name)) return 'tag';
  if (/^[0-9a-f]{7,40}$/i.test(name)) return 'commit';
  return 'branch';
}

export function compareSides(
  compare: Pick<Compare, 'base_ref' | 'head_ref'> | undefined,
  refs: { base: string; head: string },
  lists: { branches: readonly string[]; tags: readonly string[]; headBranches: readonly string[]; headTags: readonly string[] },
): CompareSides {
  return {
    base: compare?.base_ref?.type ?? guessKind(refs.base, lists.branches, lists.tags),
    head: compare?.head_ref?.type ?? guessKind(refs.head, lists.headBranches, lists.headTags),
    headSha: compare?.head_ref?.sha,
  };
}

/** The sentence that says why no pull request can be opened, when a side is not a branch. */
export function notBranchesReason(refs: { base: string; head: string }, sides: CompareSides): string | null {
  const noun = (kind: RefKind) => (kind === 'tag' ? 'tag' : 'commit');
  const { base, head } = sides;
  // A full SHA reads as its first 10 digits, as everywhere else.
  const name = (n: string) => (/^[0-9a-f]{40}$/i.test(n) ? n.slice(0, 10) : n);
  refs = { base: name(refs.base), head: name(refs.head) };
  let what: string;
  if (base !== 'branch' && head !== 'branch') {
    what = base === head ? `${refs.base} and ${refs.head} are ${noun(base)}s` : `${refs.base} is a ${noun(base)} and ${refs.head} is a ${noun(head)}`;
  } else if (base !== 'branch') what = `${refs.base} is a ${noun(base)}`;
  else if (head !== 'branch') what = `${refs.head} is a ${noun(head)}`;
  else return null;
  return `A pull request needs a branch on both sides; ${what}.`;
}
