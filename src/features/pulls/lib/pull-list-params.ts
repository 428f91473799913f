// The pull request list's view lives in the URL so it can be bookmarked and shared:
//   ?state=closed&labels=3,5&milestone=2&poster=alice&base=main&sort=oldest&page=2
// Labels and the milestone are ids (what GET /pulls filters on); the poster is a username.
import { pageParam } from '@/lib/search-params';
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
  sort: PullSort;
  page: number;
}

/** The keys that narrow the list (everything but state, sort and page). */
export const PULL_FILTER_KEYS = ['labels', 'milestone', 'poster', 'base'] as const;

const ids = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => /^\d+$/.test(x))
    .map(Number);

export function parsePullListView(q: URLSearchParams): PullListView {
  const sort = q.get('sort') ?? '';
  const milestone = q.get('milestone') ?? '';
  return {
    state: q.get('state') === 'closed' ? 'closed' : 'open',
    labels: ids(q.get('labels') ?? ''),
    milestone: /^\d+$/.test(milestone) ? milestone : '',
    poster: q.get('poster') ?? '',
    base: q.get('base') ?? '',
    sort: (PULL_SORTS.some((s) => s.value === sort) ? sort : 'newest') as PullSort,
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

export const hasPullFilters = (v: PullListView) => v.labels.length > 0 || PULL_FILTER_KEYS.some((k) => k !== 'labels' && v[k] !== '');

/**
 * The URL search for a changed view. Any change other than the page itself starts again at page 1;
 * defaults are left out so URLs stay short.
 */
export function pullViewSearch(current: URLSearchParams, patch: Partial<PullListView>): string {
  const q = new URLSearchParams(current);
  for (const [k, val] of Object.entries(patch)) {
    const s = Array.isArray(val) ? val.join(',') : String(val ?? '');
    const isDefault = s === '' || (k === 'state' && s === 'open') || (k === 'sort' && s === 'newest') || (k === 'page' && s === '1');
    if (isDefault) q.delete(k);
    else q.set(k, s);
  }
  if (!('page' in patch)) q.delete('page');
  const out = q.toString();
  return out ? `?${out}` : '?';
}

/** The URL search with every filter removed but state and sort kept. */
export function clearedPullSearch(current: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const k of ['state', 'sort']) {
    const v = current.get(k);
    if (v) q.set(k, v);
  }
  const out = q.toString();
  return out ? `?${out}` : '?';
}
