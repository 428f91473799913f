// The web app's hashed assets as the build left them: when the client accepts brotli or gzip and
// the build wrote `x.br` / `x.gz` beside `x` (vite.config.ts, precompress), that file is sent with
// Content-Encoding, so nothing is compressed per request. Anything else falls through to the next
// handler (compress() then does it on the fly, serveStatic answers as before).
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export function precompressedAssets(root: string): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    const res = await serve(c, next);
    // The answer depends on Accept-Encoding whichever file was picked: say so to caches.
    if (c.res.status === 200 && !/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) c.header('Vary', 'Accept-Encoding', { append: true });
    return res;
  };
}
