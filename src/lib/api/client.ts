// The one API client: typed from the generated schema, with the session token and errors thrown
// as ApiError so queries and mutations only see data.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { ApiError } from './api-error';
import { getSession, setSession } from '../auth-store';
import { apiRoot } from '../config';

const middleware: Middleware = {
  onRequest({ request }) {
    const s = getSession();
    if (s && !request.headers.has('Authorization')) request.headers.set('Authorization', `token ${s.token}`);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.ok) return response;
    // The saved token was revoked or belongs to another server: forget it so the app shows signed-out.
    const s = getSession();
    if (response.status === 401 && s && request.headers.get('Authorization') === `token ${s.token}`) setSession(null);
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
    client = createClient<paths>({ baseUrl: root });
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
