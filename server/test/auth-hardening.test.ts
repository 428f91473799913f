// Issue #9 faults 3-5: password checks off the event loop, the same work for unknown names, and
// throttling of failed sign-ins per account and per client address (API, token creation, git).
import { scryptSync } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { hashPassword, verifyPassword } from '../src/auth/password.ts';
import { appCaller, createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

const forge = await createTestForge();

/** An app on the same database with its own sign-in settings (and so its own throttle). */
function appWith(settings: Partial<Config>) {
  const app = createApp({ db: forge.deps.db, config: { ...forge.deps.config, ...settings } as Config });
  return appCaller(app, 'as given');
}

const noLimits = { loginMaxFailures: 0, loginMaxFailuresPerAddress: 0 };

describe('password hashing', () => {
  it('existing scrypt$salt$hash values keep verifying, and wrong passwords do not', async () => {
    const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const stored = `scrypt$${salt}$${scryptSync('correct horse', salt, 32).toString('hex')}`;
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    expect(await verifyPassword('correct horse', hashPassword('correct horse'))).toBe(true);
    expect(await verifyPassword('', '')).toBe(false);
  });

  it('16 wrong passwords in flight do not hold up GET /version', async () => {
    const user = await forge.user('busy');
    // Over real sockets, as clients arrive: each request is its own turn of the event loop.
    const app = createApp({ db: forge.deps.db, config: { ...forge.deps.config, ...noLimits } as Config });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const basic = `Basic ${Buffer.from(`${user.name}:not-the-password`).toString('base64')}`;
      let pending = 16;
      const wrong = Array.from({ length: 16 }, () =>
        fetch(`${base}/api/v1/user`, { headers: { Authorization: basic } }).then((r) => {
          pending--;
          return r.status;
        }),
      );
      const started = performance.now();
      const version = await fetch(`${base}/api/v1/version`);
      const elapsed = performance.now() - started;
      const pendingAfter = pending;
      expect(version.status).toBe(200);
      expect(await Promise.all(wrong)).toEqual(Array(16).fill(401));
      const allDone = performance.now() - started;
      // One scrypt takes ~60-75 ms. On the event loop, /version waited for all sixteen (~1 s, and
      // the last answers came with it); off it, /version answers while most are still hashing.
      // Relative bounds, because a loaded machine slows both sides alike.
      expect(pendingAfter).toBeGreaterThanOrEqual(8);
      expect(elapsed).toBeLessThan(allDone / 2);
    } finally {
      server.close();
    }
  });

  it('a wrong password costs about the same for an unknown name as for a real one', async () => {
    const user = await forge.user('timed');
    const req = appWith(noLimits);
    const time = async (name: string) => {
      const t = performance.now();
      expect((await req('GET', '/api/v1/user', { basic: [name, 'not-the-password'] })).status).toBe(401);
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(user.name));
      unknown.push(await time(uniq('nobody')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Before: ~75 ms against ~1 ms. A generous bound, so a busy machine does not flip it.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});

describe('throttling failed sign-ins per account', () => {
  const limits = { loginMaxFailures: 3, loginMaxFailuresPerAddress: 0, loginWindowSeconds: 60 };

  it('answers 429 with Retry-After after N failures, the right password included, for that account only', async () => {
    const user = await forge.user('victim');
    const other = await forge.user('bystander');
    const req = appWith(limits);
    for (let i = 0; i < 3; i++) expect((await req('GET', '/api/v1/user', { basic: [user.name, `guess-${i}`] })).status).toBe(401);
    const locked = await req('GET', '/api/v1/user', { basic: [user.name, 'guess-3'] });
    expect(locked.status).toBe(429);
    const retry = Number(locked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(locked.body).toEqual({ message: expect.stringMatching(/too many/i), url: expect.any(String) });
    const right = await req('GET', '/api/v1/user', { basic: [user.name, user.password] });
    expect(right.status).toBe(429);
    // The name is matched case-insensitively, as sign-in is.
    expect((await req('GET', '/api/v1/user', { basic: [user.name.toUpperCase(), user.password] })).status).toBe(429);
    // Tokens are not passwords: the locked account's token still works, and so does everyone else.
    expect((await req('GET', '/api/v1/user', { headers: { Authorization: `token ${user.token}` } })).status).toBe(200);
    expect((await req('GET', '/api/v1/user', { basic: [other.name, other.password] })).status).toBe(200);
  });

  it('a successful sign-in resets the account count', async () => {
    const user = await forge.user('typo');
    const req = appWith(limits);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await req('GET', '/api/v1/user', { basic: [user.name, 'typo'] })).status).toBe(401);
      expect((await req('GET', '/api/v1/user', { basic: [user.name, user.password] })).status).toBe(200);
    }
  });

  it('unknown names are throttled the same way, so the answer does not tell which exist', async () => {
    const req = appWith(limits);
    const ghost = uniq('ghost');
    for (let i = 0; i < 3; i++) expect((await req('GET', '/api/v1/user', { basic: [ghost, 'x'] })).status).toBe(401);
    expect((await req('GET', '/api/v1/user', { basic: [ghost, 'x'] })).status).toBe(429);
  });

  it('the lockout ends with the window', async () => {
    const user = await forge.user('patient');
    const req = appWith({ ...limits, loginWindowSeconds: 1 });
    for (let i = 0; i < 3; i++) await req('GET', '/api/v1/user', { basic: [user.name, 'nope'] });
    expect((await req('GET', '/api/v1/user', { basic: [user.name, user.password] })).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await req('GET', '/api/v1/user', { basic: [user.name, user.password] })).status).toBe(200);
  });

  it('token creation (POST /users/{u}/tokens) counts and answers 429 the same way', async () => {
    const user = await forge.user('tokens');
    const req = appWith(limits);
    const url = `/api/v1/users/${user.name}/tokens`;
    for (let i = 0; i < 3; i++) expect((await req('POST', url, { basic: [user.name, 'nope'], body: { name: `t${i}` } })).status).toBe(401);
    const r = await req('POST', url, { basic: [user.name, user.password], body: { name: 'mine' } });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('git over HTTP counts and answers a text 429 with Retry-After', async () => {
    const owner = await forge.user('gitowner');
    const name = uniq('repo');
    await createFixtureRepo(forge.deps, owner, name, [{ message: 'first\n', files: { 'README.md': 'hi\n' } }]);
    const req = appWith(limits);
    const url = `/${owner.name}/${name}.git/info/refs?service=git-upload-pack`;
    for (let i = 0; i < 3; i++) expect((await req('GET', url, { basic: [owner.name, 'nope'] })).status).toBe(401);
    const r = await req('GET', url, { basic: [owner.name, owner.password] });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/too many/i);
    // The API shares the count: the account is locked there too.
    expect((await req('GET', '/api/v1/user', { basic: [owner.name, owner.password] })).status).toBe(429);
  });
});

describe('throttling failed sign-ins per client address', () => {
  const limits = { loginMaxFailures: 100, loginMaxFailuresPerAddress: 4, loginWindowSeconds: 60 };

  it('locks out an address that guesses across many names, not other addresses', async () => {
    const user = await forge.user('shared');
    const req = appWith(limits);
    for (let i = 0; i < 4; i++) expect((await req('GET', '/api/v1/user', { basic: [uniq('spray'), 'x'], address: '203.0.113.7' })).status).toBe(401);
    const r = await req('GET', '/api/v1/user', { basic: [user.name, user.password], address: '203.0.113.7' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await req('GET', '/api/v1/user', { basic: [user.name, user.password], address: '198.51.100.9' })).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless FORGE_TRUST_PROXY says so', async () => {
    const user = await forge.user('proxied');
    const direct = appWith(limits);
    for (let i = 0; i < 4; i++) {
      const headers = { 'X-Forwarded-For': `192.0.2.${i}` };
      await direct('GET', '/api/v1/user', { basic: [uniq('spray'), 'x'], address: '203.0.113.50', headers });
    }
    // A client cannot escape its own count by sending a new X-Forwarded-For each time.
    expect(
      (await direct('GET', '/api/v1/user', { basic: [user.name, user.password], address: '203.0.113.50', headers: { 'X-Forwarded-For': '192.0.2.99' } }))
        .status,
    ).toBe(429);

    const behindProxy = appWith({ ...limits, trustProxy: true });
    // Behind a trusted proxy the last entry (the one the proxy added) is the client.
    for (let i = 0; i < 4; i++) {
      await behindProxy('GET', '/api/v1/user', {
        basic: [uniq('spray'), 'x'],
        address: '10.0.0.1',
        headers: { 'X-Forwarded-For': `forged-${i}, 198.51.100.20` },
      });
    }
    const locked = await behindProxy('GET', '/api/v1/user', {
      basic: [user.name, user.password],
      address: '10.0.0.1',
      headers: { 'X-Forwarded-For': '198.51.100.20' },
    });
    expect(locked.status).toBe(429);
    const otherClient = await behindProxy('GET', '/api/v1/user', {
      basic: [user.name, user.password],
      address: '10.0.0.1',
      headers: { 'X-Forwarded-For': '198.51.100.21' },
    });
    expect(otherClient.status).toBe(200);
  });
});
