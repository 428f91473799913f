// Builds the whole HTTP application without listening: tests call app.request(), main.ts serves it.
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv, Deps } from './context.ts';
import { ApiError } from './errors.ts';
import { errorBody } from './api/errors-body.ts';
import { authMiddleware } from './auth/middleware.ts';
import { tokenScopeMiddleware } from './auth/token-scopes.ts';
import { createApi } from './api/index.ts';
import { conditionalGet } from './api/conditional.ts';
import { apiCompress } from './api/compression.ts';
import { registerListMemos } from './api/list-memos.ts';
import { gitHttp } from './http/git-http.ts';
import { avatars } from './http/avatars.ts';
import { attachmentsHttp } from './http/attachments-http.ts';
import { pullsHttp } from './http/pulls-http.ts';
import { codeHttp } from './http/code-http.ts';
import { releasesHttp } from './http/releases-http.ts';
import { GitError, GitInputError } from './git/run-git-errors.ts';
import { LoginThrottle, setRequestAuthContext } from './auth/throttle.ts';
import { appSecurityPolicy, securityHeaders } from './http/security-headers.ts';
import { MatchMemoRouter } from './http/match-memo-router.ts';
import { precompressedAssets } from './http/static.ts';
import { hasNumberPastInt32, invalidValue, isUniqueViolation } from './db/dialect.ts';
import { EventBus } from './services/events.ts';
import { registerPullSubscribers } from './services/pulls/subscribers.ts';
import { registerNotificationSubscribers } from './services/notification-subscribers.ts';
import { registerLiveSubscribers } from './services/live/subscribers.ts';
import { liveEventsHttp } from './http/live-events.ts';
import { registerWebhookSubscribers } from './services/webhooks/subscribers.ts';
import { registerReleaseSubscribers } from './services/release-sync.ts';

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>({ router: new MatchMemoRouter() });
  const { config } = deps;
  const throttle = new LoginThrottle(deps.db, config);
  // The app's domain events and their subscribers, once per dependencies object (services/events.ts).
  if (!deps.events) {
    deps.events = new EventBus();
    registerPullSubscribers(deps.events);
    registerNotificationSubscribers(deps.events);
    registerReleaseSubscribers(deps.events);
    registerWebhookSubscribers(deps.events);
    // Live pages last: what the other subscribers do is done when a page is told (issue #20).
    deps.live = registerLiveSubscribers(deps.events, deps);
  }

  app.use('*', (c, next) => {
    c.set('deps', deps);
    // Sign-in checks in authenticate() learn the client address and this app's throttle here
    // (the address worked out only when a sign-in asks).
    const env = c.env;
    setRequestAuthContext(c.req.raw, {
      throttle,
      get address() {
        return clientAddress(env, c.req.header('x-forwarded-for'), config.trustProxy);
      },
    });
    return next();
  });
  app.use('*', securityHeaders);

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(config, err.message, err.extra), err.status, err.headers);
    // A NUL byte on its way into git: no such ref or path exists (reads), or the value is invalid (writes).
    if (err instanceof GitInputError) {
      return c.req.method === 'GET' || c.req.method === 'HEAD'
        ? c.json(errorBody(config, "The target couldn't be found.", { errors: [] }), 404)
        : c.json(errorBody(config, err.message), 422);
    }
    // PostgreSQL refused a value SQLite would have taken (db/dialect.ts invalidValue): an id past
    // 32 bits in the path names no row, and nothing is found by such a value; in a written body it is
    // invalid, as is a NUL byte in text (as GitInputError).
    const invalid = invalidValue(err);
    if (invalid && (c.req.method === 'GET' || c.req.method === 'HEAD' || (invalid === 'range' && hasNumberPastInt32(c.req.path)))) {
      return c.json(errorBody(config, "The target couldn't be found.", { errors: [] }), 404);
    }
    if (invalid) return c.json(errorBody(config, `invalid value: ${(err as Error).message}`), 422);
    if (err instanceof HTTPException) {
      const status = err.status;
      // A body that is not JSON at all is a malformed request.
      return c.json(errorBody(config, err.message || 'bad request'), status);
    }
    if (err instanceof SyntaxError) return c.json(errorBody(config, `invalid JSON body: ${err.message}`), 400);
    // The same name created twice at once got past the "already exists" check; the loser hears
    // what it would have heard a moment later.
    if (isUniqueViolation(err)) return c.json(errorBody(config, 'already exists'), 409);
    if (err instanceof GitError) console.error(err.message);
    else console.error(err);
    return c.json(errorBody(config, 'internal server error'), 500);
  });

  // CORS is off unless FORGE_CORS_ORIGINS lists the origins allowed to call the API from a
  // browser (Gitea's [cors]); other origins get no CORS headers at all.
  if (config.corsOrigins.length > 0) {
    const any = config.corsOrigins.includes('*');
    const allowed = new Set(config.corsOrigins);
    const corsHandler = cors({
      origin: (origin) => (any ? '*' : allowed.has(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'User-Agent'],
      exposeHeaders: ['X-Total-Count', 'X-Page', 'X-PerPage', 'X-PageCount', 'X-HasMore', 'Link'],
      maxAge: 600,
    });
    app.use('/api/*', async (c, next) => {
      const origin = c.req.header('origin');
      if (!origin || (!any && !allowed.has(origin))) return next();
      return corsHandler(c, next);
    });
  }
  // NUL bytes are never part of a name, ref, path or query value: refuse them before any handler.
  app.use('/api/v1/*', async (c, next) => {
    const url = c.req.url;
    const q = url.indexOf('?');
    const pathPart = q >= 0 ? url.slice(0, q) : url;
    if (/%00/.test(pathPart)) return c.json(errorBody(config, "The target couldn't be found.", { errors: [] }), 404);
    if (q >= 0 && /%00|\0/.test(url.slice(q))) return c.json(errorBody(config, 'invalid query: a value contains a NUL byte'), 400);
    await next();
  });
  app.use('/api/v1/*', apiCompress());
  app.use('/api/v1/*', authMiddleware);
  // A token's scopes before anything else looks at the request (Gitea's tokenRequiresScopes).
  app.use('/api/v1/*', tokenScopeMiddleware);
  // Hot list reads kept while what they show is unchanged (issues #11, #22).
  registerListMemos(app);
  // After compress, so the tag is taken over the plain answer (and a 304 has nothing to compress).
  for (const route of ['commits', 'git/commits/*', 'contents', 'contents/*', 'git/blobs/*', 'git/trees/*']) {
    app.use(`/api/v1/repos/:owner/:repo/${route}`, conditionalGet);
  }
  // Live pages' event stream (issue #20): an extension outside the OpenAPI document.
  app.route('/', liveEventsHttp);
  const api = createApi();
  app.route('/api/v1', api);
  app.all('/api/*', (c) => c.json(errorBody(config, 'not found'), 404));

  app.route('/', avatars);
  app.route('/', attachmentsHttp);
  // diff_url / patch_url of pull requests, before the web app's index.html fallback.
  app.route('/', pullsHttp);
  app.route('/', codeHttp);
  app.route('/', releasesHttp);
  app.route('/', gitHttp);

  // The built web app, with index.html for every client-side route.
  const webDir = config.webDir;
  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) {
    const root = path.relative(process.cwd(), webDir) || '.';
    app.use('/assets/*', compress());
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', precompressedAssets(root));
    // Read on each request (it is small) so a rebuild is picked up without a restart; served here
    // (not by serveStatic, for `/` too) so the page gets the app's Content-Security-Policy.
    const indexFile = path.join(webDir, 'index.html');
    const index = async (c: Context<AppEnv>) => {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Security-Policy', appSecurityPolicy(html, config.rootUrl, await apiBaseUrl(webDir)));
      return c.html(html);
    };
    app.get('/', index);
    app.get('/index.html', index);
    app.use('*', serveStatic({ root }));
    app.get('*', index);
  }
  return app;
}

/**
 * The client address for sign-in throttling: the socket's peer, or behind a trusted reverse proxy
 * the last X-Forwarded-For entry (the one that proxy added; earlier ones the client can forge).
 */
function clientAddress(env: unknown, forwardedFor: string | undefined, trustProxy: boolean): string | null {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').pop()?.trim();
    if (last) return last;
  }
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return socket?.remoteAddress ?? null;
}

/** The API server the built app talks to (dist/config.json), so the app's CSP can allow it. */
async function apiBaseUrl(webDir: string): Promise<string | undefined> {
  try {
    const json = JSON.parse(await fs.promises.readFile(path.join(webDir, 'config.json'), 'utf8'));
    return typeof json?.apiBaseUrl === 'string' ? json.apiBaseUrl : undefined;
  } catch {
    return undefined;
  }
}
