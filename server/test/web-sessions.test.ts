// Web sessions of the embedded web app (issue #23): sign-in sets an HttpOnly cookie whose secret is
// stored only as a hash; unsafe methods need the forge's own Origin and the CSRF token; sessions
// expire when idle and when old, end at sign-out (one, or all the others), and are known to every
// app on the same database. Tokens and Basic auth are untouched.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openDb } from '../src/db/index.ts';
import { closeDb } from '../src/db/dialect.ts';
import { hashSessionSecret } from '../src/auth/sessions.ts';
import { createTestForge } from './helpers.ts';

const forge = await createTestForge();
const db2 = await openDb(forge.deps.config.databaseUrl ?? path.join(forge.dataDir, 'forge.db'));
afterAll(() => closeDb(db2));
const appB = createApp({ db: db2, config: forge.deps.config });
const { db, config } = forge.deps;
const ORIGIN = 'http://localhost:3000';
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

type App = ReturnType<typeof createApp>;
interface Call {
  cookie?: string;
  csrf?: string;
  origin?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(method: string, url: string, opts: Call = {}, app: App = forge.app) {
  const headers: Record<string, string> = { 'User-Agent': UA, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.csrf) headers['X-Csrf-Token'] = opts.csrf;
  if (opts.origin !== null) headers.Origin = opts.origin ?? ORIGIN;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(`/api/v1${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Signs in; the cookie (name=value) and the CSRF token. */
async function signIn(user: { name: string; password: string }, login = user.name) {
  const res = await call('POST', '/user/sessions', { body: { username: login, password: user.password } });
  expect(res.status).toBe(201);
  const setCookie = res.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/^forge_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
  expect(setCookie).not.toMatch(/Secure/);
  return { cookie: setCookie.split(';')[0]!, csrf: res.body.csrf_token as string, user: res.body.user };
}

const secretOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const rowOf = (cookie: string) =>
  db
    .selectFrom('web_session')
    .selectAll()
    .where('id_hash', '=', hashSessionSecret(secretOf(cookie)))
    .executeTakeFirst();

describe('web sessions', () => {
  it('signs in with a password, keeps only a hash, and authenticates reads by cookie', async () => {
    const u = await forge.user('sess');
    const s = await signIn(u);
    expect(s.user.login).toBe(u.name);
    expect(s.csrf).toBeTruthy();
    const row = await rowOf(s.cookie);
    expect(row?.user_id).toBe(u.id);
    const all = JSON.stringify(await db.selectFrom('web_session').selectAll().execute());
    expect(all).not.toContain(secretOf(s.cookie));
    expect((await call('GET', '/user', { cookie: s.cookie, origin: null })).body.login).toBe(u.name);
    // After a reload the app learns the user and the CSRF token again.
    const current = await call('GET', '/user/sessions/current', { cookie: s.cookie, origin: null });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ user: { login: u.name }, csrf_token: s.csrf });
  });

  it('signs in by e-mail; a wrong password is 401, an access token is no password', async () => {
    const u = await forge.user('sessmail');
    await signIn(u, `${u.name}@example.com`);
    expect((await call('POST', '/user/sessions', { body: { username: u.name, password: 'wrong-password' } })).status).toBe(401);
    expect((await call('POST', '/user/sessions', { body: { username: u.name, password: u.token } })).status).toBe(401);
    expect((await call('POST', '/user/sessions', { body: { username: u.name, password: u.password }, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('counts failed sign-ins towards the throttle', async () => {
    const u = await forge.user('sessthrottle');
    for (let i = 0; i < config.loginMaxFailures; i++) {
      expect((await call('POST', '/user/sessions', { body: { username: u.name, password: `wrong-${i}` } })).status).toBe(401);
    }
    const locked = await call('POST', '/user/sessions', { body: { username: u.name, password: u.password } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
  });

  it('needs the own Origin and the CSRF token on unsafe methods', async () => {
    const u = await forge.user('sesscsrf');
    const s = await signIn(u);
    const body = { name: 'r1', auto_init: false };
    const noToken = await call('POST', '/user/repos', { cookie: s.cookie, body });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toMatchObject({ message: expect.stringMatching(/CSRF/), url: expect.any(String) });
    expect((await call('POST', '/user/repos', { cookie: s.cookie, csrf: 'nope', body })).status).toBe(403);
    expect((await call('POST', '/user/repos', { cookie: s.cookie, csrf: s.csrf, body, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/user/repos', { cookie: s.cookie, csrf: s.csrf, body, origin: null })).status).toBe(403);
    // A Referer of the forge stands in for a missing Origin.
    const byReferer = await call('POST', '/user/repos', { cookie: s.cookie, csrf: s.csrf, body, origin: null, headers: { Referer: `${ORIGIN}/x` } });
    expect(byReferer.status).toBe(201);
    const ok = await call('POST', '/user/repos', { cookie: s.cookie, csrf: s.csrf, body: { name: 'r2' } });
    expect(ok.status).toBe(201);
    expect(ok.body.owner.login).toBe(u.name);
    // A foreign page reading with the visitor's cookie gets the anonymous answer.
    expect((await call('GET', '/user', { cookie: s.cookie, origin: 'https://evil.example' })).status).toBe(401);
  });

  it('expires when idle and when too old', async () => {
    const u = await forge.user('sessexp');
    const idle = await signIn(u);
    const old = await signIn(u);
    const now = Date.now();
    await db
      .updateTable('web_session')
      .set({ last_used_at: now - config.sessionIdleSeconds * 1000 - 1000 })
      .where('id_hash', '=', hashSessionSecret(secretOf(idle.cookie)))
      .execute();
    const res = await call('GET', '/user', { cookie: idle.cookie, origin: null });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/^forge_session=; .*Max-Age=0/);
    // Used recently, but signed in too long ago.
    await db
      .updateTable('web_session')
      .set({ created_at: now - config.sessionMaxAgeSeconds * 1000 - 1000, last_used_at: now })
      .where('id_hash', '=', hashSessionSecret(secretOf(old.cookie)))
      .execute();
    expect((await call('GET', '/user', { cookie: old.cookie, origin: null })).status).toBe(401);
    expect(await call('GET', '/user/sessions', { token: undefined } as Call)).toMatchObject({ status: 401 });
  });

  it('signs out: the old cookie is refused, on this app and on a second one', async () => {
    const u = await forge.user('sessout');
    const s = await signIn(u);
    expect((await call('GET', '/user', { cookie: s.cookie, origin: null }, appB)).status).toBe(200);
    expect((await call('DELETE', '/user/sessions/current', { cookie: s.cookie })).status).toBe(403);
    const out = await call('DELETE', '/user/sessions/current', { cookie: s.cookie, csrf: s.csrf });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await call('GET', '/user', { cookie: s.cookie, origin: null })).status).toBe(401);
    expect((await call('GET', '/user', { cookie: s.cookie, origin: null }, appB)).status).toBe(401);
    expect(await rowOf(s.cookie)).toBeUndefined();
  });

  it('lists the sessions and ends one or all the others, across apps', async () => {
    const u = await forge.user('sesslist');
    const a = await signIn(u);
    const b = await signIn(u);
    const c = await signIn(u);
    const list = await call('GET', '/user/sessions', { cookie: a.cookie, origin: null }, appB);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((x: any) => x.current)).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ browser: 'Firefox on Linux', created_at: expect.any(String), last_used_at: expect.any(String) });
    const bRow = await rowOf(b.cookie);
    expect((await call('DELETE', `/user/sessions/${bRow!.id}`, { cookie: a.cookie, csrf: a.csrf }, appB)).status).toBe(204);
    expect((await call('GET', '/user', { cookie: b.cookie, origin: null })).status).toBe(401);
    // Another user's session is not found.
    const other = await forge.user('sessother');
    const o = await signIn(other);
    const oRow = await rowOf(o.cookie);
    expect((await call('DELETE', `/user/sessions/${oRow!.id}`, { cookie: a.cookie, csrf: a.csrf })).status).toBe(404);
    // Sign out everywhere else.
    expect((await call('DELETE', '/user/sessions', { cookie: a.cookie, csrf: a.csrf })).status).toBe(204);
    expect((await call('GET', '/user', { cookie: c.cookie, origin: null }, appB)).status).toBe(401);
    expect((await call('GET', '/user', { cookie: a.cookie, origin: null }, appB)).status).toBe(200);
    expect((await call('GET', '/user', { cookie: o.cookie, origin: null })).status).toBe(200);
    const after = await call('GET', '/user/sessions', { cookie: a.cookie, origin: null });
    expect(after.body.map((x: any) => x.current)).toEqual([true]);
  });

  it('marks the cookie Secure when the forge is served over https', async () => {
    const u = await forge.user('sesshttps');
    const appHttps = createApp({ db: db2, config: { ...config, rootUrl: 'https://forge.example/' } });
    const res = await call('POST', '/user/sessions', { body: { username: u.name, password: u.password }, origin: 'https://forge.example' }, appHttps);
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; .*Secure/);
  });

  it('leaves tokens and Basic auth as they were, a header winning over the cookie', async () => {
    const u = await forge.user('sesstok');
    const other = await forge.user('sesstok2');
    const s = await signIn(other);
    expect((await forge.req('GET', '/user', { token: u.token })).body.login).toBe(u.name);
    expect((await forge.req('GET', '/user', { basic: [u.name, u.password] })).body.login).toBe(u.name);
    const withBoth = await forge.req('POST', '/user/repos', { token: u.token, body: { name: 'tok-repo' }, headers: { Cookie: s.cookie } });
    expect(withBoth.status).toBe(201);
    expect(withBoth.body.owner.login).toBe(u.name);
    // Tokens are still managed with Basic auth only; a session is not enough.
    expect((await call('GET', `/users/${other.name}/tokens`, { cookie: s.cookie, origin: null })).status).toBe(403);
    expect((await call('GET', '/user/sessions/current', {}, forge.app)).status).toBe(401);
    expect((await forge.req('GET', '/user/sessions/current', { token: u.token })).status).toBe(401);
  });
});
