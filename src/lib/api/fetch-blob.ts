// Bytes from this forge's API for the places a plain <img src> or <a href> would go without the
// session token (raw files of private repositories). The token rides in the Authorization header
// of the API client, never in a URL, so it cannot end up in logs, history or Referer headers.
import { api } from './client';
import { apiRoot } from '../config';

const here = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * The part of `url` below /api/v1 (path and query) when it points at this forge's API, else null.
 * Only such URLs may carry the token: anything on another origin or outside the API is refused.
 */
export function forgeApiPath(url: string): string | null {
  let u: URL;
  let root: URL;
  try {
    u = new URL(url, here());
    root = new URL(apiRoot(), here());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const rootPath = root.pathname.replace(/\/+$/, '');
  if (u.origin !== root.origin || !u.pathname.startsWith(`${rootPath}/`)) return null;
  return `${u.pathname.slice(rootPath.length)}${u.search}`;
}

/** True when `url` is this forge's API, i.e. fetchBlob would send the token with it. */
export const isForgeApiUrl = (url: string) => forgeApiPath(url) !== null;

/**
 * Fetches a same-forge API URL (e.g. a raw file) with the session token and returns its bytes.
 * Failures throw ApiError (from the client's middleware) like every other API call.
 */
export async function fetchBlob(url: string, init: { signal?: AbortSignal } = {}): Promise<Blob> {
  const path = forgeApiPath(url);
  if (path === null) throw new Error(`Not an address of this forge's API: ${url}`);
  // The path is not one of the typed routes (it is already encoded, query included), so the typed
  // client is used untyped; the middleware still adds the token and turns failures into ApiError.
  const client = api();
  const get = client.GET.bind(client) as unknown as (p: string, o: { parseAs: 'blob'; signal?: AbortSignal }) => Promise<{ data?: Blob }>;
  const { data } = await get(path, { parseAs: 'blob', signal: init.signal });
  // An empty body (Content-Length: 0) comes back as no data at all.
  return data ?? new Blob([]);
}
