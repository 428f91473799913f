// The URL mechanics every filtered list shares (issues, pull requests): state, sort and page read
// from the search, a changed view written back with its defaults left out, filters cleared. Each
// feature keeps its own filter names and what they mean to the API.

/** The values a list view leaves out of its URL so links stay short. */
const DEFAULTS: Record<string, string> = { state: 'open', sort: 'newest', page: '1' };

type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** ?state=: closed only when it says so, as Gitea's lists. */
export const stateParam = (q: URLSearchParams): 'open' | 'closed' => (q.get('state') === 'closed' ? 'closed' : 'open');

/** ?sort= when it is one of `sorts`, else 'newest' (what the API does without one). */
export function sortParam<S extends string>(q: URLSearchParams, sorts: readonly { value: S }[]): S {
  const sort = q.get('sort') ?? '';
  return (sorts.some((s) => s.value === sort) ? sort : 'newest') as S;
}

/** A comma-separated parameter as its trimmed, non-empty items. */
export const commaParam = (q: URLSearchParams, key: string): string[] =>
  (q.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether any of `keys` narrows the view (a non-empty list or string). */
export function hasListFilters<V extends object>(view: V, keys: readonly (keyof V)[]): boolean {
  return keys.some((k) => {
    const v = view[k] as ParamValue;
    return Array.isArray(v) ? v.length > 0 : v !== '' && v != null;
  });
}

/**
 * The URL search for a changed view. Any change other than the page itself starts again at page 1;
 * defaults are left out so URLs stay short.
 */
export function listViewSearch<V extends object>(current: URLSearchParams, patch: Partial<V>): string {
  const q = new URLSearchParams(current);
  for (const [k, val] of Object.entries(patch) as [string, ParamValue][]) {
    const s = Array.isArray(val) ? val.join(',') : String(val ?? '');
    if (s === '' || DEFAULTS[k] === s) q.delete(k);
    else q.set(k, s);
  }
  if (!('page' in patch)) q.delete('page');
  const out = q.toString();
  return out ? `?${out}` : '?';
}

/** The URL search with every filter removed but state and sort kept. */
export function clearedListSearch(current: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const k of ['state', 'sort']) {
    const v = current.get(k);
    if (v) q.set(k, v);
  }
  const out = q.toString();
  return out ? `?${out}` : '?';
}
