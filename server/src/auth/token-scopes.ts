// Access token scopes, as Gitea 1.23 (models/auth/access_token_scope.go, routers/api/v1/api.go
// tokenRequiresScopes): a token names categories at a level (`read:repository`,
// `write:issue`), `all` (write on every category) and `public-only`. Each API route needs one or
// more categories: reading at `read`, POST/PUT/PATCH/DELETE at `write`, which includes `read`. A
// token lacking any of them is 403 before the route looks at anything else (even before a 404). A
// session or a password sign-in has no scopes and may do everything its user may.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, badRequest } from '../errors.ts';

export const SCOPE_CATEGORIES = ['activitypub', 'admin', 'misc', 'notification', 'organization', 'package', 'issue', 'repository', 'user'] as const;
export type ScopeCategory = (typeof SCOPE_CATEGORIES)[number];

interface Parsed {
  /** Per category: 1 read, 2 write. */
  levels: Map<ScopeCategory, number>;
  publicOnly: boolean;
}

const parsedCache = new Map<string, Parsed>();

/** A stored scope string (comma-separated, as Gitea keeps it); unknown names count for nothing. */
function parse(scopes: string): Parsed {
  let p = parsedCache.get(scopes);
  if (p) return p;
  p = { levels: new Map(), publicOnly: false };
  for (const raw of scopes.split(',')) {
    const s = raw.trim();
    if (s === 'all') for (const c of SCOPE_CATEGORIES) p.levels.set(c, 2);
    else if (s === 'public-only') p.publicOnly = true;
    else {
      const m = /^(read|write):(\w+)$/.exec(s);
      const cat = m?.[2] as ScopeCategory | undefined;
      if (m && cat && SCOPE_CATEGORIES.includes(cat)) p.levels.set(cat, Math.max(p.levels.get(cat) ?? 0, m[1] === 'write' ? 2 : 1));
    }
  }
  if (parsedCache.size > 1000) parsedCache.clear();
  parsedCache.set(scopes, p);
  return p;
}

/**
 * The scopes of a new token, checked and in Gitea's normal form (AccessTokenScope.Normalize: `all`
 * alone when it covers everything, else each category once at its highest level, public-only
 * first); 400 for a name Gitea does not know.
 */
export function normalizeScopes(scopes: string[]): string {
  for (const s of scopes.flatMap((x) => x.split(',')).map((x) => x.trim())) {
    if (s === '' || s === 'all' || s === 'public-only' || s === 'sudo') continue;
    const m = /^(read|write):(\w+)$/.exec(s);
    if (!m || !SCOPE_CATEGORIES.includes(m[2] as ScopeCategory)) {
      throw badRequest(`invalid access token scope provided: invalid access token scope: ${s}`);
    }
  }
  const p = parse(scopes.join(','));
  const out: string[] = p.publicOnly ? ['public-only'] : [];
  if (SCOPE_CATEGORIES.every((c) => p.levels.get(c) === 2)) return [...out, 'all'].join(',');
  for (const c of SCOPE_CATEGORIES) {
    const level = p.levels.get(c);
    if (level) out.push(`${level === 2 ? 'write' : 'read'}:${c}`);
  }
  return out.join(',');
}

/** Whether a token with these scopes may read (or, `write`, change) what a category covers. */
export const tokenAllows = (scopes: string, category: ScopeCategory, write: boolean) => (parse(scopes).levels.get(category) ?? 0) >= (write ? 2 : 1);

export const isPublicOnly = (scopes: string | null | undefined) => !!scopes && parse(scopes).publicOnly;

/** Gitea's checkTokenPublicOnly refusal for a private repository, by the route's category. */
export function publicOnlyMessage(path: string): string {
  const cats = routeCategories(path.slice('/api/v1'.length));
  const what = cats.includes('repository') ? 'repos' : cats.includes('issue') ? 'issues' : cats.includes('notification') ? 'notifications' : 'repos';
  return `token scope is limited to public ${what}`;
}

/** The categories a route under /api/v1 needs, as the groups of Gitea's api.go give them. */
export function routeCategories(path: string): ScopeCategory[] {
  const p = path.replace(/\/+$/, '');
  const s = p.split('/').filter(Boolean);
  const [a, b, , d] = s;
  switch (a) {
    case 'notifications':
      return ['notification'];
    case 'admin':
      return ['admin'];
    case 'orgs':
    case 'teams':
      return ['organization'];
    case 'org':
      return ['organization', 'repository'];
    case 'repositories':
    case 'topics':
      return ['repository'];
    case 'packages':
      return ['package'];
    case 'users':
      if (s[2] === 'orgs') return ['user', 'organization'];
      if (s[2] === 'repos' && s.length === 3) return ['user', 'repository'];
      return b ? ['user'] : [];
    case 'user':
      if (b === 'orgs') return ['user', 'organization'];
      if (b === 'repos' || b === 'starred') return ['user', 'repository'];
      return ['user'];
    case 'repos':
      if (b === 'issues' && s[2] === 'search') return ['issue'];
      if (b === 'search' || b === 'migrate' || s.length < 3) return ['repository'];
      if (d === 'notifications') return ['notification'];
      if (d === 'issues' || d === 'labels' || d === 'milestones') return ['issue'];
      return ['repository'];
    default:
      return [];
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Gitea's tokenRequiresScopes for every API route, for requests signed in with a token. */
export const tokenScopeMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const scopes = c.get('tokenScopes');
  if (scopes === null) return next();
  const categories = routeCategories(c.req.path.slice('/api/v1'.length));
  if (categories.length === 0) return next();
  const level = WRITES.has(c.req.method) ? 2 : 1;
  const have = parse(scopes);
  if (categories.every((cat) => (have.levels.get(cat) ?? 0) >= level)) return next();
  const required = categories.map((cat) => `${level === 2 ? 'write' : 'read'}:${cat}`);
  throw new ApiError(403, `token does not have at least one of required scope(s), required=[${required.join(' ')}], token scope=${scopes}`);
};
