// What a Gitea 1.23 server answers, as far as its API's shape goes (issue #19): which routes exist,
// which query parameters and body fields it reads, which response fields it sends. Built from
// gitea-js's generated types (scripts/gitea-surface.mjs); used by the Gitea-surface proxy.
import type { GiteaRoute, GiteaSurface, TypeRef } from '../../scripts/gitea-surface.mjs';

/** Query parameters every Gitea API route reads (authentication and sudo). */
const GLOBAL_QUERY = new Set(['token', 'access_token', 'sudo']);

/**
 * Path parameters Gitea's router matches across slashes (`/*` in its routes) when they end the
 * path: file paths, archives, branch and tag names.
 */
const CATCH_ALL = new Set(['filepath', 'archive', 'branch', 'tag', 'ref', 'name', 'pageName', 'sha']);

interface CompiledRoute {
  route: GiteaRoute;
  pattern: RegExp;
  /** Literal characters in the template: more is more specific (chi prefers static segments). */
  weight: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string, catchAll: (name: string, last: boolean) => boolean): { pattern: RegExp; weight: number } {
  const parts = template.split(/(\{[^}]+\})/).filter(Boolean);
  let weight = 0;
  const source = parts
    .map((part, i) => {
      const param = part.match(/^\{([^}]+)\}$/);
      if (!param) {
        weight += part.length;
        return escape(part);
      }
      return catchAll(param[1], i === parts.length - 1) ? '(.+)' : '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), weight };
}

export type RouteMatch = { kind: 'route'; route: GiteaRoute } | { kind: 'missing' } | { kind: 'method-not-allowed' };

export class Surface {
  private readonly routes: CompiledRoute[];
  private readonly extensions: RegExp[];

  /**
   * `ours` are the method + path templates the embedded server documents that Gitea lacks (its
   * extensions): a request for one of them is missing even where a Gitea template would swallow
   * it (`/compare/{basehead}` takes `main...topic.diff`).
   */
  constructor(
    readonly surface: GiteaSurface,
    ours: { method: string; path: string }[] = [],
  ) {
    this.routes = surface.routes
      .map((route) => ({ route, ...compile(route.path, (name, last) => last && CATCH_ALL.has(name)) }))
      .sort((a, b) => b.weight - a.weight);
    const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    // A path Gitea has with another method is left to the matching below (405, as Gitea's router).
    const knownPaths = new Set(surface.routes.map((r) => norm(r.path)));
    this.extensions = ours
      .filter((r) => !knownPaths.has(norm(r.path)))
      .map((r) => new RegExp(`^${r.method} ${compile(r.path, (_n, last) => last).pattern.source.slice(1)}`));
  }

  /** The Gitea route for `method` on `path` (below /api/v1, still percent-encoded). */
  match(method: string, path: string): RouteMatch {
    const m = method === 'HEAD' ? 'GET' : method;
    if (this.extensions.some((re) => re.test(`${m} ${path}`))) return { kind: 'missing' };
    let pathExists = false;
    for (const r of this.routes) {
      if (!r.pattern.test(path)) continue;
      if (r.route.method === m) return { kind: 'route', route: r.route };
      pathExists = true;
    }
    return pathExists ? { kind: 'method-not-allowed' } : { kind: 'missing' };
  }

  /** The query string without the parameters the route does not read (Gitea ignores them). */
  filterQuery(route: GiteaRoute, search: URLSearchParams): { kept: URLSearchParams; dropped: string[] } {
    const kept = new URLSearchParams();
    const dropped: string[] = [];
    for (const [k, v] of search) {
      if (GLOBAL_QUERY.has(k) || route.query.includes(k)) kept.append(k, v);
      else if (!dropped.includes(k)) dropped.push(k);
    }
    return { kept, dropped };
  }

  /** `value` with only what type `ref` has (recursively); fields it lacks are collected in `dropped`. */
  shape(value: unknown, ref: TypeRef, dropped: Set<string> = new Set()): unknown {
    if (!ref || value === null || typeof value !== 'object') return value;
    if (ref.endsWith('[]')) return Array.isArray(value) ? value.map((v) => this.shape(v, ref.slice(0, -2), dropped)) : value;
    if (ref.startsWith('{')) {
      const inner = ref.slice(1, -1);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.shape(v, inner, dropped)]));
    }
    const fields = this.surface.types[ref];
    if (!fields || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k in fields) out[k] = this.shape(v, fields[k], dropped);
      else dropped.add(`${ref}.${k}`);
    }
    return out;
  }
}
