// The explore page's state lives in the URL (?q=&topic=&sort=&order=&mode=&private=&archived=&page=) so a
// view can be shared; this turns it into a repoSearch query and back.
import { pageParam } from '@/lib/search-params';
import type { RepoSearchQuery } from '../api/repo-queries';

export const SORTS = ['alpha', 'created', 'updated', 'size', 'stars', 'forks', 'id'] as const;
export type Sort = (typeof SORTS)[number];
export type Order = 'asc' | 'desc';
export const MODES = ['source', 'fork', 'mirror', 'collaborative'] as const;
export type Mode = (typeof MODES)[number];

/** Friendly names for Gitea's sort/order pairs, in the order the select lists them. */
export const SORT_OPTIONS: { sort: Sort; order: Order; label: string }[] = [
  { sort: 'updated', order: 'desc', label: 'Recently updated' },
  { sort: 'updated', order: 'asc', label: 'Least recently updated' },
  { sort: 'created', order: 'desc', label: 'Newest' },
  { sort: 'created', order: 'asc', label: 'Oldest' },
  { sort: 'alpha', order: 'asc', label: 'Alphabetically' },
  { sort: 'alpha', order: 'desc', label: 'Reverse alphabetically' },
  { sort: 'stars', order: 'desc', label: 'Most stars' },
  { sort: 'stars', order: 'asc', label: 'Fewest stars' },
  { sort: 'forks', order: 'desc', label: 'Most forks' },
  { sort: 'forks', order: 'asc', label: 'Fewest forks' },
  { sort: 'size', order: 'desc', label: 'Largest' },
  { sort: 'size', order: 'asc', label: 'Smallest' },
  { sort: 'id', order: 'desc', label: 'Last created (by ID)' },
  { sort: 'id', order: 'asc', label: 'First created (by ID)' },
];

export const MODE_OPTIONS: { value: '' | Mode; label: string }[] = [
  { value: '', label: 'All repositories' },
  { value: 'source', label: 'Sources' },
  { value: 'fork', label: 'Forks' },
  { value: 'mirror', label: 'Mirrors' },
  { value: 'collaborative', label: 'Collaborative' },
];

export const EXPLORE_PAGE_SIZE = 20;

export interface ExploreState {
  q: string;
  /** q is a topic name (or several, comma-separated), matched exactly, as Gitea's ?topic=1. */
  topic: boolean;
  sort: Sort;
  order: Order;
  mode: '' | Mode;
  /** Include private repositories the viewer may read (Gitea's default). */
  includePrivate: boolean;
  archived: 'any' | 'only' | 'hide';
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => ((list as readonly string[]).includes(v ?? '') ? (v as T) : undefined);

export function readExploreState(params: URLSearchParams): ExploreState {
  const sort = oneOf(SORTS, params.get('sort')) ?? 'updated';
  // Without an explicit order, names read A→Z and everything else shows the largest/latest first.
  const order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? (sort === 'alpha' ? 'asc' : 'desc');
  const archived = params.get('archived');
  return {
    q: params.get('q') ?? '',
    topic: params.get('topic') === '1' || params.get('topic') === 'true',
    sort,
    order,
    mode: oneOf(MODES, params.get('mode')) ?? '',
    includePrivate: params.get('private') !== 'false',
    archived: archived === 'true' ? 'only' : archived === 'false' ? 'hide' : 'any',
    page: pageParam(params),
  };
}

export function toSearchQuery(s: ExploreState): RepoSearchQuery {
  const query: RepoSearchQuery = { sort: s.sort, order: s.order, page: s.page, limit: EXPLORE_PAGE_SIZE };
  if (s.q) query.q = s.q;
  if (s.q && s.topic) query.topic = 'true';
  if (s.mode) query.mode = s.mode;
  if (!s.includePrivate) query.private = 'false';
  if (s.archived !== 'any') query.archived = s.archived === 'only' ? 'true' : 'false';
  return query;
}

/** Applies a change to the URL, dropping defaults so shared links stay short; filters reset paging. */
export function writeExploreState(params: URLSearchParams, change: Partial<ExploreState>): URLSearchParams {
  const next = { ...readExploreState(params), page: 1, ...change };
  const out = new URLSearchParams();
  if (next.q) out.set('q', next.q);
  if (next.q && next.topic) out.set('topic', '1');
  if (next.sort !== 'updated' || next.order !== 'desc') {
    out.set('sort', next.sort);
    out.set('order', next.order);
  }
  if (next.mode) out.set('mode', next.mode);
  if (!next.includePrivate) out.set('private', 'false');
  if (next.archived !== 'any') out.set('archived', String(next.archived === 'only'));
  if (next.page > 1) out.set('page', String(next.page));
  return out;
}
