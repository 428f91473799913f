/**
 * ?page= (or another key) as a 1-based page number. Anything but a plain positive integer reads as
 * page 1, as Gitea's strconv.Atoi-based parsing does, so "2abc" or "-3" never reach the API.
 */
export function pageParam(params: URLSearchParams, key = 'page'): number {
  const raw = params.get(key) ?? '';
  if (!/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}
