// Kept answers sent again as plain answers (http/plain-response.ts, issue #22): the layers around
// them (compression, security headers) work out their headers once per answer. Over a real socket,
// where @hono/node-server writes answers from their parts, a kept answer must carry exactly the
// headers a freshly made one does, and a layer in between that changes the answer (CORS, sign-in
// clearing an ended session's cookie) must not be undone.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { plainPartsOf, plainResponse } from '../src/http/plain-response.ts';
import { securityHeaders } from '../src/http/security-headers.ts';
import { createTestForge } from './helpers.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with exactly these headers (fetch would add Accept-Encoding); the body unpacked. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = coding === 'gzip' ? zlib.gunzipSync(bytes) : coding === 'deflate' ? zlib.inflateSync(bytes) : bytes;
          const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
          resolve({ status: res.statusCode ?? 0, headers: rest, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

async function listening(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('plain answers', () => {
  it('are answers like any other once a layer reads or changes their headers', async () => {
    const app = new Hono();
    const seen: boolean[] = [];
    app.use('*', async (c, next) => {
      await next();
      seen.push(plainPartsOf(c.res) !== undefined);
    });
    app.use('*', securityHeaders);
    app.use('/changed', async (c, next) => {
      await next();
      c.res.headers.set('X-Changed', 'yes');
    });
    const json = () => plainResponse(new TextEncoder().encode('{"a":1}') as Uint8Array<ArrayBuffer>, [['content-type', 'application/json']]);
    app.get('/plain', json);
    app.get('/changed', json);
    const { server, base } = await listening(app);
    try {
      const plain = await rawGet(base, '/plain', {});
      const changed = await rawGet(base, '/changed', {});
      expect(seen).toEqual([true, false]);
      for (const r of [plain, changed]) {
        expect(r.body).toBe('{"a":1}');
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['content-length']).toBe('7');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      expect(changed.headers['x-changed']).toBe('yes');
      expect(plain.headers['x-changed']).toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('a kept answer carries what a made one does, for each encoding, with CORS and an ended session', async () => {
    // On SQLite: on PostgreSQL every commit by another test file (the server is shared) drops
    // what is kept, so whether an answer is kept or made again would be up to chance.
    const forge = await createTestForge({ database: 'sqlite' });
    const user = await forge.user('plainly');
    // A search answer past compression's 1 KB threshold.
    for (let i = 0; i < 6; i++) await forge.req('POST', '/user/repos', { token: user.token, body: { name: `plain-${i}`, description: 'A repository' } });
    const app = createApp({ ...forge.deps, config: { ...forge.deps.config, corsOrigins: ['https://app.example'] } });
    const { server, base } = await listening(app);
    const path = '/api/v1/repos/search?limit=50';
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'gzip' },
      { 'Accept-Encoding': 'deflate' },
      { Origin: 'https://app.example' },
      { Origin: 'https://app.example', 'Accept-Encoding': 'gzip, deflate, br' },
      { Cookie: `${SESSION_COOKIE}=no-such-session` },
      { Cookie: `${SESSION_COOKIE}=no-such-session`, 'Accept-Encoding': 'gzip' },
    ];
    try {
      // Made: asked the first time after a write (the write drops what was kept).
      const made: Raw[] = [];
      for (const headers of variants) {
        await forge.req('PATCH', `/repos/${user.name}/plain-0`, { token: user.token, body: { description: `Changed for ${made.length}` } });
        made.push(await rawGet(base, path, headers));
      }
      const last = made.at(-1)!.body;
      for (const m of made) {
        expect(m.status).toBe(200);
        // The last write is the one every later answer shows.
        expect(JSON.parse(m.body)).toHaveProperty('ok', true);
      }
      // Kept: the same state asked again, twice each, the variants interleaved.
      const made2 = await Promise.all(variants.map((headers) => rawGet(base, path, headers)));
      for (let round = 0; round < 2; round++) {
        for (const [i, headers] of variants.entries()) {
          const again = await rawGet(base, path, headers);
          expect(again.body, JSON.stringify(headers)).toBe(last);
          expect(again.headers, JSON.stringify(headers)).toEqual(made2[i]!.headers);
        }
      }
      // The made answers' headers (before the state settled) are those of the kept ones.
      // A made answer compressed as a stream has no length. With CORS the route's own list of
      // exposed headers (Gitea's: X-Total-Count, Link) is what a made answer shows; a kept one,
      // taken up again after the CORS layer, shows that layer's list, which holds both.
      const comparable = ({ 'content-length': _l, 'transfer-encoding': _t, 'access-control-expose-headers': exposed, ...rest }: Raw['headers']) => {
        if (exposed !== undefined) expect(String(exposed)).toMatch(/X-Total-Count.*Link/);
        return rest;
      };
      made.forEach((m, i) => expect(comparable(made2[i]!.headers), JSON.stringify(variants[i])).toEqual(comparable(m.headers)));
      const byVariant = (i: number) => made2[i]!.headers;
      expect(byVariant(0)['content-encoding']).toBeUndefined();
      expect(byVariant(0).vary).toBe('Accept-Encoding');
      expect(byVariant(1)['content-encoding']).toBe('gzip');
      expect(byVariant(2)['content-encoding']).toBe('deflate');
      expect(byVariant(3)['access-control-allow-origin']).toBe('https://app.example');
      expect(byVariant(4)['access-control-allow-origin']).toBe('https://app.example');
      expect(byVariant(0)['access-control-allow-origin']).toBeUndefined();
      expect(String(byVariant(5)['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
      expect(String(byVariant(6)['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
      expect(byVariant(0)['set-cookie']).toBeUndefined();
      for (const h of made2.map((m) => m.headers)) {
        expect(h['x-content-type-options']).toBe('nosniff');
        expect(h['x-frame-options']).toBe('DENY');
        expect(h['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(h['content-type']).toBe('application/json');
      }
    } finally {
      server.close();
    }
  });
});
