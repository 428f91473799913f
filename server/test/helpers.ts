// A real forge for tests: a fresh database (a SQLite file, or a PostgreSQL database when
// FORGE_TEST_DATABASE_URL is set: pg-databases.ts) and repository folder in a temp directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { nowUnix, openDb } from '../src/db/index.ts';
import { closeDb } from '../src/db/dialect.ts';
import { freshTestDatabase } from './pg-databases.ts';
import type { UserRow } from '../src/db/schema.ts';
import { hashPasswordAsync } from '../src/auth/password.ts';
import { createToken, createUser } from '../src/services/users.ts';
import type { Deps } from '../src/context.ts';

export interface TestForge {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** A site admin and its token. */
  admin: { name: string; token: string; password: string };
  /** Creates a user with a token; names are random so tests do not collide. */
  user(prefix?: string, opts?: { admin?: boolean }): Promise<{ name: string; token: string; password: string; id: number }>;
  /** JSON request with an optional token; returns status, headers and parsed body. */
  req(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; basic?: [string, string]; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any; text: string }>;
}

/**
 * Test users' passwords and their scrypt hashes, made once per worker process and handed out by
 * position: the n-th user of every forge gets the n-th password, so each user of a forge has its
 * own. A hash costs the forge's real scrypt (about 75 ms of CPU), and the suite makes hundreds of
 * users; forges in one worker (files share it, vitest.config.ts) reuse the hashes.
 */
const passwords: Promise<{ password: string; passwd: string }>[] = [];
const pooledPassword = (n: number) =>
  (passwords[n] ??= (async () => {
    const password = `password-${n}-${Math.random().toString(36).slice(2, 10)}`;
    return { password, passwd: await hashPasswordAsync(password) };
  })());

let counter = 0;
export const uniq = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * `database: 'sqlite'` keeps a forge on a SQLite file in every run, for tests of what only SQLite
 * has (its query plans, the dump of forge.db, PRAGMA data_version).
 */
export async function createTestForge(opts: { database?: 'sqlite' } = {}): Promise<TestForge> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-test-'));
  const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
  const pgDb = opts.database === 'sqlite' ? undefined : await freshTestDatabase();
  const db = await openDb(pgDb?.url ?? path.join(dataDir, 'forge.db'));
  const deps: Deps = { db, config: { ...config, databaseUrl: pgDb?.url } };
  const app = createApp(deps);
  afterAll(async () => {
    await closeDb(db);
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The first user (the admin) goes through createUser; later ones are its row as createUser
  // returned it, under their own name, e-mail and pooled password (see pooledPassword).
  let template: UserRow | undefined;
  let made = 0;
  const makeUser = async (prefix = 'user', opts: { admin?: boolean } = {}) => {
    const name = uniq(prefix);
    const email = `${name}@example.com`;
    let u: UserRow;
    let password: string;
    if (!template) {
      password = 'password-' + name;
      u = template = await createUser(db, { username: name, email, password, admin: opts.admin });
    } else {
      const pooled = await pooledPassword(made);
      password = pooled.password;
      const { id: _id, ...row } = template;
      const t = nowUnix();
      u = await db
        .insertInto('user')
        .values({
          ...row,
          name,
          lower_name: name.toLowerCase(),
          email: email.toLowerCase(),
          passwd: pooled.passwd,
          is_admin: opts.admin ? 1 : 0,
          created_unix: t,
          updated_unix: t,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    made++;
    const { secret } = await createToken(db, u.id, 'test');
    return { name, token: secret, password, id: u.id };
  };
  const admin = await makeUser('admin', { admin: true });

  const req: TestForge['req'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `token ${opts.token}`;
    if (opts.basic) headers.Authorization = `Basic ${Buffer.from(opts.basic.join(':')).toString('base64')}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.request(url.startsWith('/api') || url.startsWith('http') ? url : `/api/v1${url}`, { method, headers, body });
    const text = await res.text();
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return { deps, app, dataDir, admin, user: makeUser, req };
}

export interface AppCallOptions {
  token?: string;
  basic?: [string, string];
  /** The client address, as @hono/node-server hands the app the incoming request's socket. */
  address?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * Requests to an app of one's own (other settings, a second "process") as forge.req makes them:
 * a path without /api is under /api/v1 (unless `paths: 'as given'`, for git URLs); status,
 * headers, text and parsed JSON back.
 */
export const appCaller =
  (app: { request: ReturnType<typeof createApp>['request'] }, paths: 'api' | 'as given' = 'api') =>
  async (method: string, url: string, opts: AppCallOptions = {}): Promise<{ status: number; headers: Headers; text: string; body: any }> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `token ${opts.token}`;
    if (opts.basic) headers.Authorization = `Basic ${Buffer.from(opts.basic.join(':')).toString('base64')}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const env = opts.address ? { incoming: { socket: { remoteAddress: opts.address } } } : undefined;
    const path = paths === 'as given' || url.startsWith('/api') || url.startsWith('http') ? url : `/api/v1${url}`;
    const res = await app.request(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) }, env);
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, text, body };
  };
