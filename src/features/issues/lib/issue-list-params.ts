// The issue list's view lives in the URL so it can be bookmarked and shared:
//   ?state=closed&labels=bug,ui&milestone=3&poster=alice&assignee=bob&mentioned=carol&q=crash&sort=oldest&page=2
// Labels and people are names (what the API filters on); the milestone is its id.
import { pageParam } from '@/lib/search-params';
import { clearedListSearch, commaParam, hasListFilters, listViewSearch, sortParam, stateParam } from '@/lib/list-view-params';
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
  return {
    state: stateParam(q),
    labels: commaParam(q, 'labels'),
    milestone: q.get('milestone') ?? '',
    poster: q.get('poster') ?? '',
    assignee: q.get('assignee') ?? '',
    mentioned: q.get('mentioned') ?? '',
    q: q.get('q') ?? '',
    sort: sortParam(q, ISSUE_SORTS),
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

export const hasFilters = (v: IssueListView) => hasListFilters(v, FILTER_KEYS);

/** The URL search for a changed view (page 1 again unless the page itself changes). */
export const viewSearch: (current: URLSearchParams, patch: Partial<IssueListView>) => string = listViewSearch;

/** The URL search with every filter removed but state and sort kept. */
export const clearedSearch = clearedListSearch;
