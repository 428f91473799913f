// The pull request list's view lives in the URL so it can be bookmarked and shared:
//   ?state=closed&labels=3,5&milestone=2&poster=alice&base=main&sort=oldest&page=2&q=words
// Labels and the milestone are ids (what GET /pulls filters on); the poster is a username.
import { pageParam } from '@/lib/search-params';
import { clearedListSearch, commaParam, hasListFilters, listViewSearch, sortParam, stateParam } from '@/lib/list-view-params';
import type { PullListQuery } from '../api/pull-queries';

/** The sorts GET /pulls knows (Gitea's), newest first being what it does without one. */
export const PULL_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'recentupdate', label: 'Recently updated' },
  { value: 'leastupdate', label: 'Least recently updated' },
  { value: 'recentclose', label: 'Recently closed' },
  { value: 'mostcomment', label: 'Most commented' },
  { value: 'leastcomment', label: 'Least commented' },
  { value: 'priority', label: 'Priority' },
] as const;

export type PullSort = (typeof PULL_SORTS)[number]['value'];

export interface PullListView {
  state: 'open' | 'closed';
  /** Label ids. */
  labels: number[];
  /** Milestone id, or '' for any. */
  milestone: string;
  poster: string;
  base: string;
  /** Words to search titles and bodies for (through the issue search, which Gitea's pull list lacks). */
  q: string;
  sort: PullSort;
  page: number;
}

/** The keys that narrow the list (everything but state, sort and page). */
export const PULL_FILTER_KEYS = ['labels', 'milestone', 'poster', 'base', 'q'] as const;

export function parsePullListView(q: URLSearchParams): PullListView {
  const milestone = q.get('milestone') ?? '';
  return {
    state: stateParam(q),
    labels: commaParam(q, 'labels')
      .filter((x) => /^\d+$/.test(x))
      .map(Number),
    milestone: /^\d+$/.test(milestone) ? milestone : '',
    poster: q.get('poster') ?? '',
    base: q.get('base') ?? '',
    q: (q.get('q') ?? '').trim(),
    sort: sortParam(q, PULL_SORTS),
    page: pageParam(q),
  };
}

/** The API query for a view without state and page (shared by the list and the tab counts). */
export function pullFilters(v: PullListView): PullListQuery {
  const f: PullListQuery = {};
  if (v.labels.length) f.labels = v.labels;
  if (v.milestone) f.milestone = Number(v.milestone);
  if (v.poster) f.poster = v.poster;
  if (v.base) f.base_branch = v.base;
  return f;
}

export function pullListQuery(v: PullListView): PullListQuery {
  const f: PullListQuery = { ...pullFilters(v), state: v.state };
  if (v.sort !== 'newest') f.sort = v.sort;
  if (v.page > 1) f.page = v.page;
  return f;
}

export const hasPullFilters = (v: PullListView) => hasListFilters(v, PULL_FILTER_KEYS);

/** The URL search for a changed view (page 1 again unless the page itself changes). */
export const pullViewSearch: (current: URLSearchParams, patch: Partial<PullListView>) => string = listViewSearch;

/** The URL search with every filter removed but state and sort kept. */
export const clearedPullSearch = clearedListSearch;
