// Builds the whole HTTP application without listening: tests call app.request(), main.ts serves it.
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv, Deps } from './context.ts';
import { ApiError } from './errors.ts';
import { errorBody } from './api/errors-body.ts';
import { authMiddleware } from './auth/middleware.ts';
import { createApi } from './api/index.ts';
import { gitHttp } from './git-http.ts';
import { avatars } from './avatars.ts';
import { attachmentsHttp } from './attachments-http.ts';
import { pullsHttp } from './pulls-http.ts';
import { GitError } from './git/run-git.ts';

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { config } = deps;

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(config, err.message, err.extra), err.status, err.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      // A body that is not JSON at all is a malformed request.
      return c.json(errorBody(config, err.message || 'bad request'), status);
    }
    if (err instanceof SyntaxError) return c.json(errorBody(config, `invalid JSON body: ${err.message}`), 400);
    if (err instanceof GitError) console.error(err.message);
    else console.error(err);
    return c.json(errorBody(config, 'internal server error'), 500);
  });

  app.use(
    '/api/*',
    cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: ['X-Total-Count', 'Link', 'X-Page', 'X-PerPage', 'X-PageCount', 'X-HasMore'] }),
  );
  app.use('/api/v1/*', compress());
  app.use('/api/v1/*', authMiddleware);
  const api = createApi();
  app.route('/api/v1', api);
  app.all('/api/*', (c) => c.json(errorBody(config, 'not found'), 404));

  app.route('/', avatars);
  app.route('/', attachmentsHttp);
  // diff_url / patch_url of pull requests, before the web app's index.html fallback.
  app.route('/', pullsHttp);
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
    app.use('*', serveStatic({ root }));
    // Read on each request (it is small) so a rebuild is picked up without a restart.
    const indexFile = path.join(webDir, 'index.html');
    app.get('*', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(await fs.promises.readFile(indexFile, 'utf8'));
    });
  }
  return app;
}
