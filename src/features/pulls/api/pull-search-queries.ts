// The pull request list with words to look for: Gitea's GET /repos/{owner}/{repo}/pulls has no
// keyword, so a search goes through GET /repos/{owner}/{repo}/issues?type=pulls&q= (as Gitea's own
// pull request list does), with the state, poster, milestone and labels of the view; the base
// branch and the badges come from the found pull requests (pull-rows-base.ts).
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import { PULLS_PER_PAGE, pullKeys, pullQueries, type PullRequest } from './pull-queries';
import { rowFromIssue, rowFromPull, type PullRowData } from '../lib/pull-row-data';
import { pullListQuery, type PullListView } from '../lib/pull-list-params';
import { onBase, pullsOfRows } from './pull-rows-base';

export interface PullSearch {
  q: string;
  state: 'open' | 'closed';
  poster?: string;
  /** Milestone id. */
  milestone?: string;
  /** Label names (the issue list filters by name). */
  labels?: string[];
  page?: number;
}

export const pullSearchQuery = (owner: string, repo: string, s: PullSearch) =>
  queryOptions({
    queryKey: ['repos', owner, repo, 'pulls', 'search', s],
    queryFn: async (): Promise<{ rows: PullRowData[]; total?: number; hasNext: boolean }> => {
      const { data, response } = await api().GET('/repos/{owner}/{repo}/issues', {
        params: {
          path: { owner, repo },
          query: {
            type: 'pulls',
            q: s.q,
            state: s.state,
            ...(s.poster ? { created_by: s.poster } : {}),
            ...(s.milestone ? { milestones: s.milestone } : {}),
            ...(s.labels?.length ? { labels: s.labels.join(',') } : {}),
            page: s.page ?? 1,
            limit: PULLS_PER_PAGE,
          },
        },
      });
      return { rows: data!.map(rowFromIssue), ...pageInfo(response) };
    },
  });

export interface PullRows {
  rows: PullRowData[];
  /** The pull requests themselves (for review and check badges). */
  pulls: PullRequest[];
  total?: number;
  hasNext: boolean;
  /** The base-branch filter was applied to this page only (a search, or a server that ignores it). */
  baseFilteredHere?: boolean;
}

/** The list page's rows: GET /pulls for the view, or the issue search when it has words. */
export function pullRowsQuery(owner: string, repo: string, view: PullListView, labelNames: Map<number, string>) {
  const search: PullSearch | null = view.q
    ? {
        q: view.q,
        state: view.state,
        ...(view.poster ? { poster: view.poster } : {}),
        ...(view.milestone ? { milestone: view.milestone } : {}),
        ...(view.labels.length ? { labels: view.labels.map((id) => labelNames.get(id) ?? String(id)) } : {}),
        ...(view.page > 1 ? { page: view.page } : {}),
      }
    : null;
  const filters = pullListQuery(view);
  return queryOptions({
    queryKey: [...pullKeys.lists(owner, repo), 'rows', search ? { ...search, base: view.base } : filters],
    queryFn: async (ctx): Promise<PullRows> => {
      if (search) {
        const found = await pullSearchQuery(owner, repo, search).queryFn!(ctx as never);
        const kept = onBase(owner, repo, await pullsOfRows(owner, repo, found.rows), view.base);
        const here = !!view.base;
        return { rows: kept.rows, pulls: kept.pulls, hasNext: found.hasNext, ...(here ? { baseFilteredHere: true } : { total: found.total }) };
      }
      const list = await pullQueries.list(owner, repo, filters).queryFn!(ctx as never);
      const kept = onBase(owner, repo, list.pulls, view.base);
      if (kept.filteredHere) return { rows: kept.rows, pulls: kept.pulls, hasNext: list.hasNext, baseFilteredHere: true };
      return { rows: list.pulls.map((p) => rowFromPull(p, owner, repo)), pulls: list.pulls, total: list.total, hasNext: list.hasNext };
    },
  });
}
