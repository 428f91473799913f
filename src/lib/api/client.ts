// The one API client: typed from the generated schema, with the session (a token for another
// server; the cookie plus the CSRF header on the embedded one) and errors thrown as ApiError so
// queries and mutations only see data.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { ApiError } from './api-error';
import { getSession, setSession } from '../auth-store';
import { apiRoot } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const middleware: Middleware = {
  onRequest({ request }) {
    const s = getSession();
    if (!s || request.headers.has('Authorization')) return request;
    if (s.token) request.headers.set('Authorization', `token ${s.token}`);
    else if (s.csrf && !SAFE_METHODS.has(request.method)) request.headers.set('X-Csrf-Token', s.csrf);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.ok) return response;
    // The token was revoked, or the cookie session ended (signed out elsewhere, expired): forget
    // it so the app shows signed-out.
    const s = getSession();
    const auth = request.headers.get('Authorization');
    if (response.status === 401 && s && (s.token ? auth === `token ${s.token}` : !auth)) setSession(null);
    let body: ApiError['body'] = null;
    try {
      body = await response.clone().json();
    } catch {
      body = { message: (await response.clone().text()) || response.statusText };
    }
    throw new ApiError(response.status, body);
  },
};

export type ApiClient = ReturnType<typeof createClient<paths>>;

let client: ApiClient | null = null;
let clientRoot = '';

/** The client for the configured forge (re-created if the runtime config changes the base URL). */
export function api(): ApiClient {
  const root = apiRoot();
  if (!client || root !== clientRoot) {
    // The session cookie goes only to this origin (the embedded server); another server gets a token.
    client = createClient<paths>({ baseUrl: root, credentials: 'same-origin' });
    client.use(middleware);
    clientRoot = root;
  }
  return client;
}

/** Reads Gitea's paging headers from a list response. */
export function pageInfo(response: Response) {
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  const link = response.headers.get('Link') ?? '';
  return {
    total: Number.isFinite(total) ? total : undefined,
    hasNext: /rel="next"/.test(link) || response.headers.get('X-HasMore') === 'true',
  };
}
