// A real forge for the reliability suite: the app served over real HTTP on a free port, a fresh
// SQLite file and repository folder in a temp directory, real git. Requests go through node:http
// (not fetch) so paths are sent byte for byte: `..`, `%00` and friends reach the server unnormalised.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openSqlite } from '../src/db/sqlite.ts';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { gitCli } from '../test/git-cli.ts';
import { createToken, createUser } from '../src/services/users.ts';
import type { Deps } from '../src/context.ts';

export interface Answer {
  status: number;
  text: string;
  body: any;
}

export interface RawRequest {
  method: string;
  /** Path after the host, sent as is (already percent-encoded where wanted). */
  path: string;
  token?: string;
  headers?: Record<string, string>;
  /** A JSON value (serialised) or a raw string body. */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
}

export interface Actor {
  name: string;
  token?: string;
  id?: number;
}

export interface Forge {
  base: string;
  port: number;
  dataDir: string;
  deps: Deps;
  /** A non-admin user with a token (names are unique). */
  user(prefix: string): Promise<Required<Actor> & { password: string }>;
  send(r: RawRequest): Promise<Answer>;
  /** JSON API call (path under /api/v1) that must succeed; throws with the answer otherwise. */
  api(token: string | undefined, method: string, apiPath: string, body?: unknown): Promise<any>;
  close(): Promise<void>;
}

// A fresh connection per request: reusing an idle keep-alive socket races the server closing it
// (ECONNRESET on a request the server never saw), which would read as a failure of the forge.
// One agent for every caller (the in-process forge and the kill loop's server alike), so nothing
// may destroy it: Forge.close() once did, and that cut the kill loop's check requests in flight
// ("socket hang up") whenever the in-process parts ended during a check after a restart. Without
// keep-alive it holds no idle sockets, so there is nothing to clean up.
const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });

export function sendRaw(port: number, r: RawRequest, timeoutMs = 60_000): Promise<Answer> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.token) headers.Authorization = `token ${r.token}`;
  let payload: Buffer | undefined;
  if (r.rawBody !== undefined) payload = Buffer.from(r.rawBody, 'utf8');
  else if (r.body !== undefined) payload = Buffer.from(JSON.stringify(r.body), 'utf8');
  if (payload) {
    headers['Content-Type'] = r.contentType ?? 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, body });
      });
      res.on('error', reject);
    });
    const sent = Date.now();
    let local = '';
    req.on('socket', (s) => s.once('connect', () => (local = `${s.localAddress}:${s.localPort}`)));
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${r.method} ${r.path}`)));
    // Which request failed, from which local port and after how long: enough to tell a refused
    // connection from one the server accepted and then dropped.
    req.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        Object.assign(
          new Error(
            `${e.message} (${e.code ?? 'no code'}) on ${r.method} ${r.path} to port ${port}${local ? ` from ${local}` : ' before connecting'} after ${Date.now() - sent} ms`,
          ),
          { code: e.code },
        ),
      ),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

export async function startForge(): Promise<Forge> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-reliability-'));
  const db = await openDb(path.join(dataDir, 'forge.db'));
  // Generous sign-in limits: the fuzzer sends many wrong Basic credentials on purpose.
  const base = loadConfig({ PORT: '0', FORGE_LOGIN_MAX_FAILURES: '0', FORGE_LOGIN_MAX_FAILURES_PER_ADDRESS: '0' });
  const config = { ...base, dataDir, webDir: undefined };
  const deps: Deps = { db, config };
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  config.rootUrl = `http://127.0.0.1:${port}/`;
  let n = 0;
  const forge: Forge = {
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    deps,
    async user(prefix) {
      const name = `${prefix}${(n++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const password = `password-${name}`;
      const u = await createUser(db, { username: name, email: `${name}@example.com`, password });
      const { secret } = await createToken(db, u.id, 'reliability');
      return { name, token: secret, id: u.id, password };
    },
    send: (r) => sendRaw(port, r),
    async api(token, method, apiPath, body) {
      const a = await sendRaw(port, { method, path: `/api/v1${apiPath}`, token, body });
      if (a.status >= 300) throw new Error(`${method} ${apiPath} answered ${a.status}: ${a.text.slice(0, 300)}`);
      return a.body;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return forge;
}

/** Every bare repository folder under a data folder. */
export function repoDirs(dataDir: string): string[] {
  const root = path.join(dataDir, 'repositories');
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  for (const owner of fs.readdirSync(root)) {
    const od = path.join(root, owner);
    if (!fs.statSync(od).isDirectory()) continue;
    for (const r of fs.readdirSync(od)) if (r.endsWith('.git')) out.push(path.join(od, r));
  }
  return out.sort();
}

/**
 * A fingerprint of everything a request could change: a checksum of every table's rows and
 * every repository's refs (and HEAD). Returns name → checksum, so a difference says where.
 */
export async function snapshot(dataDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const sqlite = openSqlite(path.join(dataDir, 'forge.db'), { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = sqlite
        .prepare(`SELECT * FROM "${name.replace(/"/g, '""')}" ORDER BY rowid`)
        .all()
        .map((r) => Object.values(r as object));
      out.set(`table ${name}`, createHash('sha256').update(JSON.stringify(rows)).digest('hex'));
    }
  } finally {
    sqlite.close();
  }
  const dirs = repoDirs(dataDir);
  await Promise.all(
    dirs.map(async (dir) => {
      const refs = await gitCli(['for-each-ref', '--format=%(objectname) %(refname)'], { cwd: dir }).catch((e: Error) => `error ${e.message}`);
      const head = await gitCli(['symbolic-ref', '-q', 'HEAD'], { cwd: dir }).catch(() => '');
      out.set(
        `refs ${path.relative(dataDir, dir)}`,
        createHash('sha256')
          .update(refs + '\n' + head)
          .digest('hex'),
      );
    }),
  );
  return out;
}

export function diffSnapshots(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).sort();
}

/** Runs git outside the server (a client): never a shell, arguments as an array. */
export async function git(args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env: {
          ...process.env,
          GIT_TERMINAL_PROMPT: '0',
          GIT_AUTHOR_NAME: 'Rel',
          GIT_AUTHOR_EMAIL: 'rel@example.com',
          GIT_COMMITTER_NAME: 'Rel',
          GIT_COMMITTER_EMAIL: 'rel@example.com',
          ...env,
        },
        maxBuffer: 64 << 20,
      },
      (err, stdout, stderr) => {
        if (err) reject(Object.assign(new Error(`git ${args.join(' ')}: ${stderr || err.message}`), { stderr }));
        else resolve(stdout);
      },
    );
  });
}

/** An authenticated clone URL for git over HTTP. */
export const cloneUrl = (base: string, user: string, token: string, owner: string, repo: string) => {
  const u = new URL(`${base}/${owner}/${repo}.git`);
  u.username = user;
  u.password = token;
  return u.toString();
};
