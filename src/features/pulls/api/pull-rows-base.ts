// The pull request list's base-branch filter and badges where the server gives less (issue #19):
// - a search with words goes through the issue search, whose rows have no branches and no head
//   commit, so each found pull request is read (GET /pulls/{index}, the rows on the page only)
//   for its base branch (the filter), its branches and its head commit (the check badge);
// - Gitea 1.23's GET /pulls has no base_branch parameter and ignores it, listing every base: the
//   rows into another base are dropped here, and the page says the filter covers what was listed.
import { api } from '@/lib/api/client';
import type { PullRequest } from './pull-queries';
import { rowFromPull, type PullRowData } from '../lib/pull-row-data';

/** The pull requests behind search rows (same order; a row that can no longer be read is left out). */
export async function pullsOfRows(owner: string, repo: string, rows: PullRowData[]): Promise<PullRequest[]> {
  const found = await Promise.all(
    rows.map(async (r) => {
      try {
        return (await api().GET('/repos/{owner}/{repo}/pulls/{index}', { params: { path: { owner, repo, index: r.number } } })).data ?? null;
      } catch {
        return null;
      }
    }),
  );
  return found.filter((p): p is PullRequest => !!p);
}

export interface OnBase {
  pulls: PullRequest[];
  rows: PullRowData[];
  /** Rows into other bases came back (the server did not filter), so only this page was filtered. */
  filteredHere: boolean;
}

/** Only the pull requests into `base` (all of them when `base` is empty). */
export function onBase(owner: string, repo: string, pulls: PullRequest[], base: string): OnBase {
  const kept = base ? pulls.filter((p) => p.base.ref === base) : pulls;
  return { pulls: kept, rows: kept.map((p) => rowFromPull(p, owner, repo)), filteredHere: kept.length !== pulls.length };
}
