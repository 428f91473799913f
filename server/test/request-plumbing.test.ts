// What every request goes through before its route (issue #22): the router's answers kept by path
// (http/match-memo-router.ts) and request headers read from the node request (http/request-header.ts).
// Each must answer exactly what Hono alone would.
import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { MatchMemoRouter } from '../src/http/match-memo-router.ts';
import { requestHeader } from '../src/http/request-header.ts';
import { createTestForge } from './helpers.ts';

/** The same routes on Hono's own router and on the kept one. */
function twins() {
  const make = (app: Hono) => {
    app.use('*', async (c, next) => {
      await next();
      c.res.headers.set('X-Seen', 'yes');
    });
    app.get('/repos/search', (c) => c.json({ route: 'search' }));
    app.get('/repos/:owner/:repo', (c) => c.json({ route: 'repo', ...c.req.param() }));
    app.get('/repos/:owner/:repo/issues/:index', (c) => c.json({ route: 'issue', ...c.req.param() }));
    app.post('/repos/:owner/:repo/issues', (c) => c.json({ route: 'create', ...c.req.param() }, 201));
    app.get('/raw/:owner/:repo/*', (c) => c.json({ route: 'raw', path: c.req.path, owner: c.req.param('owner') }));
    return app;
  };
  return { plain: make(new Hono()), kept: make(new Hono({ router: new MatchMemoRouter() })) };
}

const answer = async (app: Hono, method: string, url: string) => {
  const res = await app.request(url, { method });
  return { status: res.status, seen: res.headers.get('X-Seen'), body: await res.text() };
};

describe('the router with answers kept by path', () => {
  it('answers each path with its own route and parameters, the first time and again', async () => {
    const { plain, kept } = twins();
    const asks: [string, string][] = [
      ['GET', '/repos/search'],
      ['GET', '/repos/alice/one'],
      ['GET', '/repos/bob/two'],
      ['GET', '/repos/alice/one'],
      ['GET', '/repos/alice/one/issues/7'],
      ['GET', '/repos/alice/one/issues/8'],
      ['POST', '/repos/alice/one/issues'],
      ['GET', '/repos/alice/one/issues'],
      ['GET', '/repos/caf%C3%A9/%E6%BC%A2'],
      ['GET', '/raw/alice/one/src/a%20b.ts'],
      ['HEAD', '/repos/alice/one'],
      ['DELETE', '/repos/alice/one'],
      ['GET', '/nowhere'],
    ];
    for (const [method, url] of [...asks, ...asks]) {
      expect(await answer(kept, method, url), `${method} ${url}`).toEqual(await answer(plain, method, url));
    }
    expect(JSON.parse((await answer(kept, 'GET', '/repos/bob/two')).body)).toEqual({ route: 'repo', owner: 'bob', repo: 'two' });
    expect(JSON.parse((await answer(kept, 'GET', '/repos/caf%C3%A9/%E6%BC%A2')).body)).toEqual({ route: 'repo', owner: 'café', repo: '漢' });
  });

  it('stays right past the number of paths it keeps', async () => {
    const { kept } = twins();
    for (let i = 0; i < 2500; i++) {
      const body = JSON.parse((await answer(kept, 'GET', `/repos/u${i}/r${i}/issues/${i}`)).body);
      expect(body).toEqual({ route: 'issue', owner: `u${i}`, repo: `r${i}`, index: String(i) });
    }
    expect(JSON.parse((await answer(kept, 'GET', '/repos/u0/r0/issues/0')).body)).toEqual({ route: 'issue', owner: 'u0', repo: 'r0', index: '0' });
  });
});

/** Sends raw HTTP/1.1 (headers exactly as written, repeats included) and reads the answer's body. */
async function rawGet(port: number, lines: string[]): Promise<{ status: number; body: string }> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(['GET /echo HTTP/1.1', 'Host: localhost', 'Connection: close', ...lines, '', ''].join('\r\n'));
  let text = '';
  for await (const chunk of socket) text += String(chunk);
  const [head, body = ''] = text.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), body };
}

describe('request headers read from the node request', () => {
  it('are what Hono reads, repeated and in any case, over a real socket', async () => {
    const app = new Hono();
    app.get('/echo', (c) =>
      c.json(Object.fromEntries(['x-one', 'x-twice', 'accept-encoding', 'x-absent'].map((n) => [n, [requestHeader(c, n) ?? null, c.req.header(n) ?? null]]))),
    );
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    try {
      const { status, body } = await rawGet((server.address() as AddressInfo).port, ['X-ONE: first', 'x-twice: a', 'X-Twice: b ', 'Accept-Encoding: gzip, br']);
      expect(status).toBe(200);
      const seen = JSON.parse(body) as Record<string, [string | null, string | null]>;
      expect(seen).toEqual({
        'x-one': ['first', 'first'],
        'x-twice': ['a, b', 'a, b'],
        'accept-encoding': ['gzip, br', 'gzip, br'],
        'x-absent': [null, null],
      });
    } finally {
      server.close();
    }
  });

  it('sign in by token and compress for the client that asks, through the forge over a real socket', async () => {
    const forge = await createTestForge();
    const user = await forge.user('plumbing');
    // Enough repositories for a search answer past compression's 1 KB threshold.
    for (let i = 0; i < 6; i++) await forge.req('POST', '/user/repos', { token: user.token, body: { name: `plumbing-${i}`, description: 'A repository' } });
    const app = createApp(forge.deps);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const me = await fetch(`${base}/api/v1/user`, { headers: { Authorization: `token ${user.token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { login: string }).login).toBe(user.name);
      expect((await fetch(`${base}/api/v1/user`, { headers: { Authorization: 'token not-a-token' } })).status).toBe(401);
      const search = await fetch(`${base}/api/v1/repos/search?limit=50`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(search.headers.get('Content-Encoding')).toBe('gzip');
      const plain = await rawGetPath(base, '/api/v1/repos/search?limit=50');
      expect(plain.encoding).toBeUndefined();
      expect(plain.vary).toBe('Accept-Encoding');
    } finally {
      server.close();
    }
  });
});

/** A GET without Accept-Encoding (fetch always sends one): the answer's Content-Encoding and Vary. */
async function rawGetPath(base: string, path: string) {
  const { default: http } = await import('node:http');
  return new Promise<{ encoding?: string; vary?: string }>((resolve, reject) => {
    http
      .get(base + path, (res) => {
        res.resume();
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary }));
      })
      .on('error', reject);
  });
}
