// Nothing one server process keeps in memory may outlive a change made by another (issue #12).
// "Another process" is first a second app on its own connection to the same database and data
// folder (what it changes reaches the first app only through the database and the shared disk),
// then the bundled server itself as a child process on PostgreSQL, whose module-level caches
// (history pages, counts, packed refs, hook files) are truly its own. Each check reads through one
// process (filling its caches), changes through the other, and reads again: the new state, never
// the old. Permission changes first: they are the ones where a stale answer leaks data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { repoDir } from '../src/context.ts';
import { openDb } from '../src/db/index.ts';
import type { Db } from '../src/db/types.ts';
import { closeDb } from '../src/db/dialect.ts';
import { resolveBranchFast } from '../src/git/refs.ts';
import { ensureHooksDir } from '../src/git/hooks.ts';
import { scheduleCommitGraph, writeCommitGraph } from '../src/services/pulls/push.ts';
import { createToken, createUser } from '../src/services/users.ts';
import { createTestForge, uniq } from './helpers.ts';
import { gitClient, gitUrl } from './git-over-http.ts';
import { git, tipOf } from './merge-fixtures.ts';
import { writeCommit } from './pulls-helpers.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { startServer } from './cli-process.ts';

type App = ReturnType<typeof createApp>;
interface Opts {
  token?: string;
  basic?: [string, string];
  body?: unknown;
}
interface Answer {
  status: number;
  headers: Headers;
  body: any;
}
type Client = (method: string, url: string, opts?: Opts) => Promise<Answer>;

/** A JSON client over any way of sending a request (an app in this process, or a socket). */
function client(send: (url: string, init: RequestInit) => Promise<Response>): Client {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.Authorization = `token ${opts.token}`;
    if (opts.basic) headers.Authorization = `Basic ${Buffer.from(opts.basic.join(':')).toString('base64')}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await send(`/api/v1${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body };
  };
}
const viaApp = (app: App) => client(async (url, init) => app.request(url, init));
const viaHttp = (base: string) => client((url, init) => fetch(base + url, init));

/** Serves an app on a free port of 127.0.0.1 (git over HTTP needs a socket). */
async function listen(app: App) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const shas = (a: Answer) => (a.body as { sha: string }[]).map((c) => c.sha);
const total = (a: Answer) => Number(a.headers.get('X-Total-Count'));
const gitSay = gitClient('forge-xproc-home-');
afterAll(() => gitSay.cleanup());

/** Clones `owner/name` from `base`, commits `n` files, pushes main back; returns the new head. */
async function pushCommits(base: string, repoPath: string, cred: [string, string], n: number): Promise<string> {
  const wt = gitSay.tmp();
  await gitSay.git(wt, 'clone', '--quiet', gitUrl(base, repoPath, cred), '.');
  for (let i = 0; i < n; i++) {
    fs.writeFileSync(path.join(wt, `f${i}-${uniq('x')}.txt`), `${i}\n`);
    await gitSay.git(wt, 'add', '-A');
    await gitSay.git(wt, 'commit', '--quiet', '-m', `commit ${i}`);
  }
  await gitSay.git(wt, 'push', '--quiet', 'origin', 'main');
  return (await gitSay.git(wt, 'rev-parse', 'HEAD')).stdout.trim();
}

// The first process is the test forge's app; the second, its own connection and app. Closed
// before the forge's clean-up (hooks run as a stack), so its database is still there.
const forge = await createTestForge();
const db2 = await openDb(forge.deps.config.databaseUrl ?? path.join(forge.dataDir, 'forge.db'));
afterAll(() => closeDb(db2));
const appB = createApp({ db: db2, config: forge.deps.config });
const A = viaApp(forge.app);
const B = viaApp(appB);

describe('two apps on one database and one data folder', () => {
  const newRepo = async (token: string, body: Record<string, unknown> = {}, org?: string) => {
    const name = (body.name as string | undefined) ?? uniq('r');
    const r = await A('POST', org ? `/orgs/${org}/repos` : '/user/repos', { token, body: { auto_init: true, ...body, name } });
    expect(r.status).toBe(201);
    return { name, full: r.body.full_name as string, dir: repoDir(forge.deps.config, r.body.owner.login, name) };
  };

  it('a token deleted through one process is refused by the other at once (401)', async () => {
    const u = await forge.user('tok');
    expect((await A('GET', '/user', { token: u.token })).status).toBe(200);
    expect((await A('GET', '/user', { token: u.token })).status).toBe(200);
    const list = await B('GET', `/users/${u.name}/tokens`, { basic: [u.name, u.password] });
    const id = (list.body as { id: number; name: string }[]).find((t) => t.name === 'test')!.id;
    expect((await B('DELETE', `/users/${u.name}/tokens/${id}`, { basic: [u.name, u.password] })).status).toBe(204);
    expect((await A('GET', '/user', { token: u.token })).status).toBe(401);
    expect((await A('GET', '/repos/search?q=x', { token: u.token })).status).toBe(401);
  });

  it('a collaborator removed through one process no longer reads the private repository through the other (404)', async () => {
    const owner = await forge.user('own');
    const friend = await forge.user('friend');
    const r = await newRepo(owner.token, { private: true });
    expect((await A('PUT', `/repos/${r.full}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    const urls = [`/repos/${r.full}`, `/repos/${r.full}/issues`, `/repos/${r.full}/commits`, `/repos/${r.full}/branches`, `/repos/search?q=${r.name}`];
    const reads = async () => Promise.all(urls.map(async (u) => (await A('GET', u, { token: friend.token })).body));
    for (let i = 0; i < 2; i++) {
      for (const u of urls.slice(0, 4)) expect((await A('GET', u, { token: friend.token })).status, u).toBe(200);
      expect((await reads())[4].data.map((x: { name: string }) => x.name)).toEqual([r.name]);
    }
    expect((await B('DELETE', `/repos/${r.full}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    for (const u of urls.slice(0, 4)) expect((await A('GET', u, { token: friend.token })).status, u).toBe(404);
    expect((await reads())[4].data).toEqual([]);
    // And back: given again through B, A lets the friend in again.
    expect((await B('PUT', `/repos/${r.full}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    expect((await A('GET', `/repos/${r.full}/commits`, { token: friend.token })).status).toBe(200);
  });

  it('a repository, a user or an organization hidden through one process is hidden by the other at once', async () => {
    const owner = await forge.user('vis');
    const anonymousSees = async (r: { name: string; full: string }) => {
      const search = await A('GET', `/repos/search?q=${r.name}`);
      const found = search.body.data.map((x: { name: string }) => x.name).includes(r.name);
      const statuses = await Promise.all(['', '/issues', '/commits'].map(async (s) => (await A('GET', `/repos/${r.full}${s}`)).status));
      if (found) expect(statuses).toEqual([200, 200, 200]);
      else expect(statuses).toEqual([404, 404, 404]);
      return found;
    };
    // The repository made private.
    const repo = await newRepo(owner.token);
    expect(await anonymousSees(repo)).toBe(true);
    expect(await anonymousSees(repo)).toBe(true);
    expect((await B('PATCH', `/repos/${repo.full}`, { token: owner.token, body: { private: true } })).status).toBe(200);
    expect(await anonymousSees(repo)).toBe(false);
    // Its owner made private: the owner's public repositories go too.
    const second = await newRepo(owner.token);
    expect(await anonymousSees(second)).toBe(true);
    expect((await A('GET', `/users/${owner.name}`)).status).toBe(200);
    expect((await B('PATCH', '/user/settings', { token: owner.token, body: { visibility: 'private' } })).status).toBe(200);
    expect(await anonymousSees(second)).toBe(false);
    expect((await A('GET', `/users/${owner.name}`)).status).toBe(404);
    // An organization made private.
    const org = uniq('org');
    expect((await A('POST', '/orgs', { token: owner.token, body: { username: org, visibility: 'public' } })).status).toBe(201);
    const orgRepo = await newRepo(owner.token, {}, org);
    expect(await anonymousSees(orgRepo)).toBe(true);
    expect(await anonymousSees(orgRepo)).toBe(true);
    expect((await B('PATCH', `/orgs/${org}`, { token: owner.token, body: { visibility: 'private' } })).status).toBe(200);
    expect(await anonymousSees(orgRepo)).toBe(false);
  });

  it('an issue edited through one process shows its new title through the other', async () => {
    const owner = await forge.user('iss');
    const r = await newRepo(owner.token);
    expect((await A('POST', `/repos/${r.full}/issues`, { token: owner.token, body: { title: 'first title' } })).status).toBe(201);
    const titles = async () => (await A('GET', `/repos/${r.full}/issues`, { token: owner.token })).body.map((i: { title: string }) => i.title);
    expect(await titles()).toEqual(['first title']);
    expect(await titles()).toEqual(['first title']);
    expect((await B('PATCH', `/repos/${r.full}/issues/1`, { token: owner.token, body: { title: 'second title' } })).status).toBe(201);
    expect(await titles()).toEqual(['second title']);
    expect((await A('GET', `/repos/${r.full}/issues/1`, { token: owner.token })).body.title).toBe('second title');
  });

  it('branches created and deleted through one process, loose or packed by git, are seen by the other', async () => {
    const owner = await forge.user('br');
    const r = await newRepo(owner.token);
    const branchNames = async () => (await A('GET', `/repos/${r.full}/branches`, { token: owner.token })).body.map((b: { name: string }) => b.name).sort();
    const featureHead = async () => {
      const res = await A('GET', `/repos/${r.full}/commits?sha=feature&limit=1`, { token: owner.token });
      return res.status === 200 ? shas(res)[0] : res.status;
    };
    expect(await branchNames()).toEqual(['main']);
    expect(await featureHead()).toBe(404);
    expect((await B('POST', `/repos/${r.full}/branches`, { token: owner.token, body: { new_branch_name: 'feature' } })).status).toBe(201);
    expect(await branchNames()).toEqual(['feature', 'main']);
    expect(await featureHead()).toBe(await tipOf(r.dir, 'main'));
    // git gc by whoever: both refs now live in packed-refs, read (and parsed) by A.
    await git(r.dir, 'pack-refs', '--all');
    expect(await featureHead()).toBe(await tipOf(r.dir, 'main'));
    // Moved by another process's git alone (no database write at all), then deleted through B.
    const moved = await writeCommit(r.dir, 'feature', await tipOf(r.dir, 'main'), { 'f.txt': 'f\n' });
    expect(await featureHead()).toBe(moved);
    await git(r.dir, 'pack-refs', '--all');
    expect(await featureHead()).toBe(moved);
    expect((await B('DELETE', `/repos/${r.full}/branches/feature`, { token: owner.token })).status).toBe(204);
    expect(await featureHead()).toBe(404);
    expect(await branchNames()).toEqual(['main']);
  });

  it('commits pushed through one process are listed and counted by the other, force pushes too', async () => {
    const owner = await forge.user('push');
    const r = await newRepo(owner.token);
    const srvB = await listen(appB);
    try {
      const list = (limit: number) => A('GET', `/repos/${r.full}/commits?limit=${limit}`, { token: owner.token });
      const first = await list(50);
      expect(total(first)).toBe(1);
      expect(total(await list(1))).toBe(1);
      const head = await pushCommits(srvB.base, r.full, [owner.name, owner.token], 2);
      const after = await list(50);
      expect(shas(after)[0]).toBe(head);
      expect(total(after)).toBe(3);
      expect(total(await list(1))).toBe(3);
      expect(shas(after)).toEqual((await git(r.dir, 'rev-list', 'refs/heads/main')).split('\n'));
      // A force push through B to a different history of the same length.
      const wt = gitSay.tmp();
      await gitSay.git(wt, 'clone', '--quiet', gitUrl(srvB.base, r.full, [owner.name, owner.token]), '.');
      await gitSay.git(wt, 'reset', '--quiet', '--hard', 'HEAD~1');
      fs.writeFileSync(path.join(wt, 'other.txt'), 'other\n');
      await gitSay.git(wt, 'add', '-A');
      await gitSay.git(wt, 'commit', '--quiet', '-m', 'rewritten');
      await gitSay.git(wt, 'push', '--quiet', '--force', 'origin', 'main');
      const rewritten = await list(50);
      expect(shas(rewritten)).toEqual((await git(r.dir, 'rev-list', 'refs/heads/main')).split('\n'));
      expect(shas(rewritten)).not.toContain(head);
      expect(total(rewritten)).toBe(3);
      expect(total(await list(1))).toBe(3);
    } finally {
      srvB.close();
    }
  });

  it('a repository renamed, then deleted and created again under its old name through one process, is its new self on the other', async () => {
    const owner = await forge.user('ren');
    const r = await newRepo(owner.token, { description: 'first' });
    const commitsOf = (full: string) => A('GET', `/repos/${full}/commits`, { token: owner.token });
    const firstSha = await tipOf(r.dir, 'main');
    await git(r.dir, 'pack-refs', '--all');
    expect(shas(await commitsOf(r.full))).toEqual([firstSha]);
    const renamed = uniq('renamed');
    expect((await B('PATCH', `/repos/${r.full}`, { token: owner.token, body: { name: renamed } })).status).toBe(200);
    expect((await commitsOf(r.full)).status).toBe(307);
    expect(shas(await commitsOf(`${owner.name}/${renamed}`))).toEqual([firstSha]);
    // The old name used again, twice (a repository deleted and re-created in the same place).
    for (const description of ['second', 'third']) {
      const again = await B('POST', '/user/repos', { token: owner.token, body: { name: r.name, auto_init: true, description } });
      expect(again.status).toBe(201);
      await git(r.dir, 'pack-refs', '--all');
      const sha = await tipOf(r.dir, 'main');
      expect(resolveBranchFast(r.dir, 'main')).toBe(sha);
      const listed = await commitsOf(r.full);
      expect(shas(listed)).toEqual([sha]);
      expect(total(listed)).toBe(1);
      expect((await A('GET', `/repos/${r.full}`, { token: owner.token })).body.description).toBe(description);
      expect((await B('DELETE', `/repos/${r.full}`, { token: owner.token })).status).toBe(204);
      expect((await commitsOf(r.full)).status).toBe(404);
    }
  });

  it('reads packed-refs again when it was rewritten within one timestamp tick into the same inode and size', async () => {
    const owner = await forge.user('racy');
    const r = await newRepo(owner.token);
    const one = await tipOf(r.dir, 'main');
    const two = await writeCommit(r.dir, 'side', one, { 's.txt': 's\n' });
    await git(r.dir, 'update-ref', '-d', 'refs/heads/side');
    const file = path.join(r.dir, 'packed-refs');
    const packed = (sha: string) => `# pack-refs with: peeled fully-peeled sorted \n${sha} refs/heads/side\n`;
    // A shared disk that keeps whole seconds: both writes land in the same second.
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    fs.writeFileSync(file, packed(one));
    fs.utimesSync(file, tick, tick);
    const before = fs.statSync(file);
    expect(resolveBranchFast(r.dir, 'side')).toBe(one);
    // Another process's rewrite: same inode (git's rename may reuse the freed one), same size, same mtime.
    fs.writeFileSync(file, packed(two));
    fs.utimesSync(file, tick, tick);
    const after = fs.statSync(file);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    expect(resolveBranchFast(r.dir, 'side')).toBe(two);
    expect((await A('GET', `/repos/${r.full}/commits?sha=side&limit=1`, { token: owner.token })).body[0].sha).toBe(two);
  });

  it("a hook script another server wrote into the shared folder does not decide this process's pushes", async () => {
    const owner = await forge.user('hook');
    const r = await newRepo(owner.token);
    expect((await A('POST', `/repos/${r.full}/branch_protections`, { token: owner.token, body: { rule_name: 'main' } })).status).toBe(201);
    const srvA = await listen(forge.app);
    try {
      const refused = async () => {
        const wt = gitSay.tmp();
        await gitSay.git(wt, 'clone', '--quiet', gitUrl(srvA.base, r.full, [owner.name, owner.token]), '.');
        fs.writeFileSync(path.join(wt, 'x.txt'), uniq('x'));
        await gitSay.git(wt, 'add', '-A');
        await gitSay.git(wt, 'commit', '--quiet', '-m', 'x');
        return gitSay.gitFails(wt, 'push', 'origin', 'main');
      };
      expect(await refused()).toContain('Not allowed to push to protected branch main');
      // A server of another version (or with Node at another path) writes its own script, one that
      // lets everything through, where the previous layout kept the one shared script and beside ours.
      const hooks = path.join(forge.dataDir, 'hooks');
      const other = '#!/bin/sh\nexit 0\n';
      fs.writeFileSync(path.join(hooks, 'pre-receive'), other, { mode: 0o755 });
      fs.mkdirSync(path.join(hooks, '0123456789abcdef'), { recursive: true });
      fs.writeFileSync(path.join(hooks, '0123456789abcdef', 'pre-receive'), other, { mode: 0o755 });
      expect(await refused()).toContain('Not allowed to push to protected branch main');
      expect(fs.readFileSync(path.join(ensureHooksDir(forge.dataDir), 'pre-receive'), 'utf8')).not.toBe(other);
      expect(await tipOf(r.dir, 'main')).toBe(shas(await A('GET', `/repos/${r.full}/commits?limit=1`, { token: owner.token }))[0]);
    } finally {
      srvA.close();
    }
  });

  it("commit-graph writes while another process holds git's lock are no failure, and are tried again", async () => {
    const owner = await forge.user('graph');
    const r = await newRepo(owner.token);
    await writeCommit(r.dir, 'main', await tipOf(r.dir, 'main'), { 'g.txt': 'g\n' });
    const graph = path.join(r.dir, 'objects', 'info', 'commit-graph');
    const lock = `${graph}.lock`;
    const errors = vi.spyOn(console, 'error');
    try {
      fs.mkdirSync(path.dirname(graph), { recursive: true });
      fs.writeFileSync(lock, '');
      expect(await writeCommitGraph(r.dir)).toBe(true);
      expect(fs.existsSync(graph)).toBe(false);
      // Scheduled after a push while the other process still writes: one retry later.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        scheduleCommitGraph(r.dir, 50);
        expect(vi.getTimerCount()).toBe(1);
        vi.advanceTimersByTime(50);
        // The attempt runs git (real time), finds the lock and schedules the retry.
        const until = async (ok: () => boolean) => {
          for (const start = Date.now(); !ok();) {
            if (Date.now() - start > 20_000) throw new Error('timed out');
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        await until(() => vi.getTimerCount() === 1);
        expect(fs.existsSync(graph)).toBe(false);
        fs.rmSync(lock);
        vi.advanceTimersByTime(250);
        await until(() => fs.existsSync(graph));
        // No third attempt is scheduled once it has been written.
        await until(() => vi.getTimerCount() === 0);
      } finally {
        vi.useRealTimers();
      }
      await git(r.dir, 'commit-graph', 'verify');
      // Two writers at once for real: ours and another process's git; whichever loses, the graph is whole.
      await writeCommit(r.dir, 'main', await tipOf(r.dir, 'main'), { 'h.txt': 'h\n' });
      await Promise.allSettled([writeCommitGraph(r.dir), git(r.dir, 'commit-graph', 'write', '--reachable'), writeCommitGraph(r.dir)]);
      await git(r.dir, 'commit-graph', 'verify');
      expect(fs.existsSync(lock)).toBe(false);
      // A lock left behind by a machine that crashed mid-write (older than any write lasts) is cleared.
      await writeCommit(r.dir, 'main', await tipOf(r.dir, 'main'), { 'i.txt': 'i\n' });
      const old = fs.statSync(graph);
      fs.writeFileSync(lock, '');
      const hourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(lock, hourAgo, hourAgo);
      expect(await writeCommitGraph(r.dir)).toBe(false);
      expect(fs.existsSync(lock)).toBe(false);
      expect(await git(r.dir, 'commit-graph', 'verify')).toBe('');
      // Written anew (git renames a new file into place).
      expect(fs.statSync(graph).ino).not.toBe(old.ino);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('a second server process (the bundled server as a child process, PostgreSQL)', () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let db: Db;
  let app: App;
  let config: Config;
  let server: Awaited<ReturnType<typeof startServer>>;
  let listener: Awaited<ReturnType<typeof listen>>;
  /** This process (A) and the child (C). */
  let A: Client;
  let C: Client;
  let owner: { name: string; token: string; password: string };
  let friend: { name: string; token: string };

  beforeAll(async () => {
    const pgDb = await freshPostgresDatabase();
    drop = pgDb.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-xproc-'));
    config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/', databaseUrl: pgDb.url };
    db = await openDb(pgDb.url);
    app = createApp({ db, config });
    const make = async (prefix: string) => {
      const name = uniq(prefix);
      const password = `password-${name}`;
      const u = await createUser(db, { username: name, email: `${name}@example.com`, password });
      return { name, password, token: (await createToken(db, u.id, 'test')).secret };
    };
    owner = await make('owner');
    friend = await make('friend');
    server = await startServer(dataDir, { FORGE_DATABASE_URL: pgDb.url });
    listener = await listen(app);
    A = viaApp(app);
    C = viaHttp(server.base);
  }, 180_000);

  afterAll(async () => {
    listener?.close();
    if (server) {
      server.child.kill('SIGTERM');
      const stopped = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('late'), 10_000))]);
      if (stopped === 'late') server.killAll();
    }
    await closeDb(db);
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const newRepo = async (body: Record<string, unknown> = {}) => {
    const name = (body.name as string | undefined) ?? uniq('r');
    const r = await A('POST', '/user/repos', { token: owner.token, body: { auto_init: true, ...body, name } });
    expect(r.status).toBe(201);
    return { name, full: `${owner.name}/${name}`, dir: repoDir(config, owner.name, name) };
  };

  it('a token deleted here is refused by the other process', async () => {
    const extra = await createToken(
      db,
      (await db.selectFrom('user').select('id').where('lower_name', '=', owner.name.toLowerCase()).executeTakeFirstOrThrow()).id,
      'extra',
    );
    expect((await C('GET', '/user', { token: extra.secret })).status).toBe(200);
    expect((await C('GET', '/user', { token: extra.secret })).status).toBe(200);
    expect((await A('DELETE', `/users/${owner.name}/tokens/extra`, { basic: [owner.name, owner.password] })).status).toBe(204);
    expect((await C('GET', '/user', { token: extra.secret })).status).toBe(401);
  });

  it('a collaborator removed here loses the private repository on the other process', async () => {
    const r = await newRepo({ private: true });
    expect((await A('PUT', `/repos/${r.full}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    const urls = [`/repos/${r.full}`, `/repos/${r.full}/issues`, `/repos/${r.full}/commits`, `/repos/${r.full}/branches`];
    for (let i = 0; i < 2; i++) for (const u of urls) expect((await C('GET', u, { token: friend.token })).status, u).toBe(200);
    expect((await A('DELETE', `/repos/${r.full}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    for (const u of urls) expect((await C('GET', u, { token: friend.token })).status, u).toBe(404);
  });

  it('pushes, branches and packed refs changed here are what the other process lists', async () => {
    const r = await newRepo();
    const list = (q = '') => C('GET', `/repos/${r.full}/commits?limit=50${q}`, { token: owner.token });
    expect(total(await list())).toBe(1);
    expect(total(await list('&limit=1'))).toBe(1);
    await git(r.dir, 'pack-refs', '--all');
    expect(shas(await list())).toEqual([await tipOf(r.dir, 'main')]);
    const head = await pushCommits(listener.base, r.full, [owner.name, owner.token], 2);
    const after = await list();
    expect(shas(after)).toEqual((await git(r.dir, 'rev-list', 'refs/heads/main')).split('\n'));
    expect(shas(after)[0]).toBe(head);
    expect(total(after)).toBe(3);
    expect(total(await list('&limit=1'))).toBe(3);
    // A branch made here, packed by git, then deleted here.
    expect((await C('GET', `/repos/${r.full}/commits?sha=feature`, { token: owner.token })).status).toBe(404);
    expect((await A('POST', `/repos/${r.full}/branches`, { token: owner.token, body: { new_branch_name: 'feature', old_ref_name: `${head}~1` } })).status).toBe(
      201,
    );
    await git(r.dir, 'pack-refs', '--all');
    expect(shas(await list('&sha=feature'))[0]).toBe(await git(r.dir, 'rev-parse', `${head}~1`));
    expect((await A('DELETE', `/repos/${r.full}/branches/feature`, { token: owner.token })).status).toBe(204);
    expect((await C('GET', `/repos/${r.full}/commits?sha=feature`, { token: owner.token })).status).toBe(404);
    // And the other way round: pushed through the child (its own hooks, in the shared folder), listed here.
    const viaChild = await pushCommits(server.base, r.full, [owner.name, owner.token], 1);
    expect(shas(await A('GET', `/repos/${r.full}/commits?limit=1`, { token: owner.token }))[0]).toBe(viaChild);
    expect(shas(await list('&limit=1'))[0]).toBe(viaChild);
  });

  it('a repository deleted and created again here under the same name is its new self on the other process', async () => {
    const r = await newRepo({ description: 'first' });
    await git(r.dir, 'pack-refs', '--all');
    const first = await tipOf(r.dir, 'main');
    expect(shas(await C('GET', `/repos/${r.full}/commits`, { token: owner.token }))).toEqual([first]);
    for (const description of ['second', 'third']) {
      expect((await A('DELETE', `/repos/${r.full}`, { token: owner.token })).status).toBe(204);
      expect((await C('GET', `/repos/${r.full}/commits`, { token: owner.token })).status).toBe(404);
      await newRepo({ name: r.name, description });
      await git(r.dir, 'pack-refs', '--all');
      const sha = await tipOf(r.dir, 'main');
      const listed = await C('GET', `/repos/${r.full}/commits`, { token: owner.token });
      expect(shas(listed)).toEqual([sha]);
      expect(total(listed)).toBe(1);
    }
  });
});
