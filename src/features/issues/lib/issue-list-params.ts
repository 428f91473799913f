// The issue list's view lives in the URL so it can be bookmarked and shared:
//   ?state=closed&labels=bug,ui&milestone=3&poster=alice&assignee=bob&mentioned=carol&q=crash&sort=oldest&page=2
// Labels and people are names (what the API filters on); the milestone is its id.
import { pageParam } from '@/lib/search-params';
import type { IssueListQuery } from '../api/issue-queries';

export const ISSUE_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'recentupdate', label: 'Recently updated' },
  { value: 'leastupdate', label: 'Least recently updated' },
  { value: 'mostcomment', label: 'Most commented' },
  { value: 'leastcomment', label: 'Least commented' },
  { value: 'nearduedate', label: 'Nearest due date' },
  { value: 'farduedate', label: 'Farthest due date' },
] as const;

export type IssueSort = (typeof ISSUE_SORTS)[number]['value'];

export interface IssueListView {
  state: 'open' | 'closed';
  labels: string[];
  milestone: string;
  poster: string;
  assignee: string;
  mentioned: string;
  q: string;
  sort: IssueSort;
  page: number;
}

/** The keys that narrow the list (everything but state, sort and page). */
export const FILTER_KEYS = ['labels', 'milestone', 'poster', 'assignee', 'mentioned', 'q'] as const;

export function parseIssueListView(q: URLSearchParams): IssueListView {
  const sort = q.get('sort') ?? '';
  return {
    state: q.get('state') === 'closed' ? 'closed' : 'open',
    labels: (q.get('labels') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    milestone: q.get('milestone') ?? '',
    poster: q.get('poster') ?? '',
    assignee: q.get('assignee') ?? '',
    mentioned: q.get('mentioned') ?? '',
    q: q.get('q') ?? '',
    sort: (ISSUE_SORTS.some((s) => s.value === sort) ? sort : 'newest') as IssueSort,
    page: pageParam(q),
  };
}

/** The API query for a view, without state and page (shared by the list and the tab counts). */
export function issueFilters(v: IssueListView): IssueListQuery {
  const f: IssueListQuery = {};
  if (v.labels.length) f.labels = v.labels.join(',');
  if (v.milestone) f.milestones = v.milestone;
  if (v.poster) f.created_by = v.poster;
  if (v.assignee) f.assigned_by = v.assignee;
  if (v.mentioned) f.mentioned_by = v.mentioned;
  if (v.q) f.q = v.q;
  return f;
}

export function issueListQuery(v: IssueListView): IssueListQuery {
  const f: IssueListQuery = { ...issueFilters(v), state: v.state };
  if (v.sort !== 'newest') f.sort = v.sort;
  if (v.page > 1) f.page = v.page;
  return f;
}

export const hasFilters = (v: IssueListView) => FILTER_KEYS.some((k) => (k === 'labels' ? v.labels.length > 0 : v[k] !== ''));

/**
 * The URL search for a changed view. Any change other than the page itself starts again at page 1;
 * defaults are left out so URLs stay short.
 */
export function viewSearch(current: URLSearchParams, patch: Partial<IssueListView>): string {
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
export function clearedSearch(current: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const k of ['state', 'sort']) {
    const v = current.get(k);
    if (v) q.set(k, v);
  }
  const out = q.toString();
  return out ? `?${out}` : '?';
}
