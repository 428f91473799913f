// A "Gitea 1.23" in front of the embedded server, for the browser tests (issue #19): the web app
// served through it must work as it would against a real Gitea 1.23, whose API lacks this forge's
// extensions. Under /api/v1 it
// - answers 404 (Gitea's router: "404 page not found") to routes Gitea 1.23 does not have and 405 to
//   a method its route lacks,
// - drops the query parameters and JSON body fields the route does not read (Gitea ignores them),
// - strips from JSON answers the fields Gitea 1.23's types do not have, walking nested objects,
// - answers GET /version as Gitea 1.23,
// and writes this origin for the embedded server's in answers (Gitea names its own ROOT_URL).
// Everything else (the web app, git over HTTP, raw files, avatars) passes through unchanged.
//
//   tsx e2e/gitea/surface-proxy.ts   (GITEA_PROXY_PORT, GITEA_PROXY_UPSTREAM; GITEA_PROXY_LOG=1 logs)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { giteaSurface } from '../../scripts/gitea-surface.mjs';
import { Surface } from './surface.ts';

const port = Number(process.env.GITEA_PROXY_PORT ?? 3198);
const upstream = new URL(process.env.GITEA_PROXY_UPSTREAM ?? 'http://127.0.0.1:3197');
const log = process.env.GITEA_PROXY_LOG === '1';
const self = `http://127.0.0.1:${port}`;

/** The embedded server's documented routes: those Gitea lacks are its extensions. */
function ourRoutes(): { method: string; path: string }[] {
  const doc = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })));
}

const surface = new Surface(giteaSurface(), ourRoutes());
const version = `${surface.surface.version.split('.').slice(0, 2).join('.')}.0`;
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function send(res: http.ServerResponse, status: number, body: string, type = 'application/json;charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const rewriteOrigin = (text: string) => text.split(upstream.origin).join(self);

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', self);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && k !== 'host') headers[k] = v;
  headers.host = upstream.host;
  // The app's pages check Origin on unsafe methods: say the request came from the upstream's own origin.
  if (headers.origin === self) headers.origin = upstream.origin;

  const api = url.pathname.startsWith('/api/v1/') ? url.pathname.slice('/api/v1'.length) : null;
  let route = null;
  let body: Buffer | null = null;
  if (api !== null) {
    if (api === '/version' && req.method === 'GET') return send(res, 200, JSON.stringify({ version }));
    const m = surface.match(req.method ?? 'GET', api);
    if (m.kind !== 'route') {
      if (log) console.log(`[gitea-proxy] ${m.kind === 'missing' ? 404 : 405} ${req.method} ${api}`);
      await readBody(req);
      // chi's answers, as Gitea's API router gives them for an unknown path or method.
      return m.kind === 'missing' ? send(res, 404, '404 page not found\n', 'text/plain; charset=utf-8') : send(res, 405, '', 'text/plain; charset=utf-8');
    }
    route = m.route;
    const { kept, dropped } = surface.filterQuery(route, url.searchParams);
    if (dropped.length && log) console.log(`[gitea-proxy] ignored query ${dropped.join(', ')} on ${req.method} ${route.path}`);
    url.search = kept.toString();
    headers['accept-encoding'] = 'identity';
    if (route.body && String(req.headers['content-type'] ?? '').includes('json')) {
      const raw = await readBody(req);
      try {
        const droppedFields = new Set<string>();
        body = Buffer.from(JSON.stringify(surface.shape(JSON.parse(raw.toString('utf8')), route.body, droppedFields)));
        if (droppedFields.size && log) console.log(`[gitea-proxy] ignored body ${[...droppedFields].join(', ')} on ${req.method} ${route.path}`);
      } catch {
        body = raw;
      }
      headers['content-length'] = String(body.length);
    }
  }

  const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url.pathname + url.search, headers }, async (upRes) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(upRes.headers)) if (!HOP.has(k)) out[k] = v;
    if (typeof out.link === 'string') out.link = rewriteOrigin(out.link);
    if (typeof out.location === 'string') out.location = rewriteOrigin(out.location);
    const isJson = String(upRes.headers['content-type'] ?? '').includes('application/json');
    if (api === null || !isJson) {
      res.writeHead(upRes.statusCode ?? 502, out);
      upRes.pipe(res);
      return;
    }
    const raw = (await readBody(upRes as unknown as http.IncomingMessage)).toString('utf8');
    let text = rewriteOrigin(raw);
    const status = upRes.statusCode ?? 502;
    if (route?.response && status >= 200 && status < 300 && text) {
      const dropped = new Set<string>();
      text = JSON.stringify(surface.shape(JSON.parse(text), route.response, dropped));
      if (dropped.size && log) console.log(`[gitea-proxy] stripped ${[...dropped].join(', ')} from ${req.method} ${route.path}`);
    }
    delete out['content-encoding'];
    delete out.etag;
    out['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(status, out);
    res.end(text);
  });
  up.on('error', (e) => {
    if (!res.headersSent) send(res, 502, JSON.stringify({ message: `upstream: ${e.message}` }));
    else res.destroy();
  });
  res.on('close', () => up.destroy());
  if (body) up.end(body);
  else req.pipe(up);
});

server.listen(port, '127.0.0.1', () => console.log(`Gitea ${version} surface on ${self} in front of ${upstream.origin}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
