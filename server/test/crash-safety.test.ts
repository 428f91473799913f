// Issue #9 faults 1 and 2: a crash during repository creation, deletion, renames or a first push
// must never leave a repository a user sees half-done, and `empty` must follow the refs.
// Part one builds the states a crash used to leave (a row whose folder has only `description` and
// `hooks/`, a row without folder, a pushed branch the database never heard of, a folder without
// row, leftovers in tmp) and checks what the start-up reconciliation makes of them. Part two runs
// the real server as a child process, kills it with SIGKILL inside each step (FORGE_CRASH_AT) and
// starts it again on the same data folder.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { repoDir } from '../src/context.ts';
import { closeDb, holdProcessLock } from '../src/db/dialect.ts';
import { nowUnix, openDb } from '../src/db/index.ts';
import { createRepository } from '../src/services/repos.ts';
import { createUser } from '../src/services/users.ts';
import { beginMove, processTag } from '../src/services/repo-folders.ts';
import { QUARANTINE_MAX_AGE_MS, reconcileDataDir } from '../src/services/reconcile.ts';
import { createTestForge, uniq } from './helpers.ts';
import { startServer } from './cli-process.ts';
import { freshPostgresDatabase } from './pg-databases.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  });

/** `git fsck` of a bare repository; throws (test fails) when it reports a problem. */
const fsck = (dir: string) => git(dir, 'fsck', '--strict', '--no-progress');
const fsckAsync = (dir: string) => promisify(execFile)('git', ['fsck', '--strict', '--no-progress'], { cwd: dir, encoding: 'utf8' });

describe('start-up reconciliation', async () => {
  const f = await createTestForge();
  const u = await f.user('rec');
  const logs: string[] = [];
  // graceMs 0: these leftovers are long past (on a shared PostgreSQL database a start leaves young
  // entries to the other processes; see the last block).
  const reconcile = () => reconcileDataDir(f.deps, (l) => logs.push(l), { graceMs: 0 });

  /** A repository row inserted as the old code committed it: before any git work. */
  const insertRow = async (name: string, isEmpty = 1) => {
    const t = nowUnix();
    const owner = await f.deps.db.selectFrom('user').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    const row = await f.deps.db
      .insertInto('repository')
      .values({
        owner_id: owner.id,
        owner_name: owner.name,
        name,
        lower_name: name.toLowerCase(),
        description: '',
        website: '',
        is_private: 0,
        is_empty: isEmpty,
        is_archived: 0,
        is_template: 0,
        is_fork: 0,
        fork_id: 0,
        template_id: 0,
        default_branch: 'main',
        has_issues: 1,
        has_wiki: 1,
        has_pull_requests: 1,
        has_projects: 1,
        has_releases: 1,
        num_stars: 0,
        num_forks: 0,
        num_watches: 0,
        num_issues: 0,
        num_closed_issues: 0,
        num_pulls: 0,
        num_closed_pulls: 0,
        size: 0,
        trust_model: 'default',
        created_unix: t,
        updated_unix: t,
        archived_unix: 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, dir: repoDir(f.deps.config, owner.name, name) };
  };

  it('fault 1: a row whose git init was cut short (only description and hooks/) is completed; branches and commits answer', async () => {
    const { dir } = await insertRow('halfinit');
    fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'description'), 'Unnamed repository\n');
    // The broken state as users met it.
    expect((await f.req('GET', `/repos/${u.name}/halfinit/branches`, { token: u.token })).status).toBe(500);

    const missing = await insertRow('nofolder');
    expect(fs.existsSync(missing.dir)).toBe(false);

    const summary = await reconcile();
    expect(summary.repaired).toBe(1);
    expect(summary.reinitialised).toBe(1);
    for (const name of ['halfinit', 'nofolder']) {
      const dir = repoDir(f.deps.config, u.name, name);
      fsck(dir);
      expect(git(dir, 'symbolic-ref', 'HEAD').trim()).toBe('refs/heads/main');
      const branches = await f.req('GET', `/repos/${u.name}/${name}/branches`, { token: u.token });
      expect(branches.status).toBe(200);
      expect(branches.body).toEqual([]);
      expect((await f.req('GET', `/repos/${u.name}/${name}`, { token: u.token })).body.empty).toBe(true);
    }
    expect(logs.some((l) => l.includes(`${u.name}/halfinit`) && l.includes('completed in place'))).toBe(true);
    expect(logs.some((l) => l.includes(`${u.name}/nofolder`) && l.includes('re-initialised'))).toBe(true);

    // The repaired repository takes a first push like any other (through the forge's git HTTP).
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-work-'));
    git(work, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(work, 'a.txt'), 'a\n');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'first');
    git(work, 'push', '-q', dir, 'main');
    fs.rmSync(work, { recursive: true, force: true });
    // The push bypassed the forge; the next start notices (fault 2 below).
    await reconcile();
    const commits = await f.req('GET', `/repos/${u.name}/halfinit/commits`, { token: u.token });
    expect(commits.status).toBe(200);
    expect(commits.body[0].commit.message).toBe('first\n');
  });

  it('fault 2: a repository marked empty that has a branch is marked not empty, and the reverse', async () => {
    const created = await f.req('POST', '/user/repos', { token: u.token, body: { name: 'pushed' } });
    expect(created.status).toBe(201);
    expect(created.body.empty).toBe(true);
    const dir = repoDir(f.deps.config, u.name, 'pushed');
    // The refs moved but the process died before the database update: push straight into the folder.
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-work-'));
    git(work, 'init', '-q', '-b', 'trunk');
    fs.writeFileSync(path.join(work, 'a.txt'), 'a\n');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'first');
    git(work, 'push', '-q', dir, 'trunk');
    fs.rmSync(work, { recursive: true, force: true });
    expect((await f.req('GET', `/repos/${u.name}/pushed`, { token: u.token })).body.empty).toBe(true);

    // And a repository marked not empty whose only branch is gone.
    const full = await f.req('POST', '/user/repos', { token: u.token, body: { name: 'emptied', auto_init: true } });
    expect(full.body.empty).toBe(false);
    const emptiedDir = repoDir(f.deps.config, u.name, 'emptied');
    git(emptiedDir, 'update-ref', '-d', 'refs/heads/main');

    await reconcile();
    const repo = await f.req('GET', `/repos/${u.name}/pushed`, { token: u.token });
    expect(repo.body.empty).toBe(false);
    // As after a first push: the pushed branch becomes the default when the old default does not exist.
    expect(repo.body.default_branch).toBe('trunk');
    expect((await f.req('GET', `/repos/${u.name}/pushed/commits`, { token: u.token })).status).toBe(200);
    expect((await f.req('GET', `/repos/${u.name}/emptied`, { token: u.token })).body.empty).toBe(true);
    expect(logs.some((l) => l.includes(`${u.name}/pushed: marked not empty`))).toBe(true);
  });

  it('moves a folder without row to lost+found, finishes interrupted renames and deletions, empties tmp', async () => {
    const reposRoot = path.join(f.dataDir, 'repositories');
    // A folder without row (a creation whose transaction did not commit).
    const orphan = path.join(reposRoot, u.name.toLowerCase(), 'orphan.git');
    git(f.dataDir, 'init', '-q', '--bare', orphan);

    // A repository rename whose transaction committed, the folder moved back as if the crash came first.
    await f.req('POST', '/user/repos', { token: u.token, body: { name: 'before', auto_init: true } });
    expect((await f.req('PATCH', `/repos/${u.name}/before`, { token: u.token, body: { name: 'after' } })).status).toBe(200);
    const afterDir = repoDir(f.deps.config, u.name, 'after');
    const beforeDir = repoDir(f.deps.config, u.name, 'before');
    const afterRow = await f.deps.db.selectFrom('repository').select('id').where('lower_name', '=', 'after').executeTakeFirstOrThrow();
    fs.renameSync(afterDir, beforeDir);
    // Named by a process that is gone (this one still runs, and a live process's intent is left alone).
    const intent = beginMove(f.deps.config, { kind: 'repo', id: afterRow.id, from: beforeDir, to: afterDir });
    fs.renameSync(intent, intent.replace(`-p${processTag}-`, '-pdeadbeef-'));

    // A deletion that renamed the folder to the trash but never committed: the row is still there.
    await f.req('POST', '/user/repos', { token: u.token, body: { name: 'kept', auto_init: true } });
    const keptRow = await f.deps.db.selectFrom('repository').select('id').where('lower_name', '=', 'kept').executeTakeFirstOrThrow();
    const keptDir = repoDir(f.deps.config, u.name, 'kept');
    fs.renameSync(keptDir, path.join(f.dataDir, 'tmp', `trash-${keptRow.id}-0123456789abcdef`));
    // A deletion that committed: trash of a row that is gone; and a stale merge work tree.
    fs.mkdirSync(path.join(f.dataDir, 'tmp', 'trash-999999-aaaaaaaaaaaaaaaa', 'objects'), { recursive: true });
    fs.mkdirSync(path.join(f.dataDir, 'tmp', 'merge-xyz'), { recursive: true });

    const s = await reconcile();
    expect(s.lostAndFound).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(path.join(f.dataDir, 'lost+found', u.name.toLowerCase(), 'orphan.git', 'HEAD'))).toBe(true);
    expect(s.movesFinished).toBe(1);
    expect(fs.existsSync(path.join(afterDir, 'HEAD'))).toBe(true);
    expect((await f.req('GET', `/repos/${u.name}/after/commits`, { token: u.token })).status).toBe(200);
    expect(s.restoredFromTrash).toBe(1);
    expect((await f.req('GET', `/repos/${u.name}/kept/commits`, { token: u.token })).status).toBe(200);
    expect(fs.readdirSync(path.join(f.dataDir, 'tmp'))).toEqual([]);
    expect(logs.at(-1)).toMatch(
      /^reconcile: \d+ repositories checked in \d+ ms: 1 moves finished, 1 restored from trash, .* 1 folders moved to lost\+found, 2 temporary entries removed$/,
    );

    // A second run finds nothing to do.
    const again = await reconcile();
    expect({ ...again, checked: 0, ms: 0 }).toEqual({
      checked: 0,
      movesFinished: 0,
      restoredFromTrash: 0,
      tmpRemoved: 0,
      lostAndFound: 0,
      reinitialised: 0,
      repaired: 0,
      emptyFixed: 0,
      leftForOthers: 0,
      quarantinesRemoved: 0,
      ms: 0,
    });
  });
  it('removes push quarantines a killed push left, and keeps a fresh one (issue #23)', async () => {
    const name = uniq('quar');
    const made = await f.req('POST', '/user/repos', { token: u.token, body: { name, auto_init: true } });
    expect(made.status, made.text).toBe(201);
    const objects = path.join(repoDir(f.deps.config, u.name, name), 'objects');
    const longAgo = new Date(Date.now() - QUARANTINE_MAX_AGE_MS - 60_000);
    const quarantine = (dirName: string, old: boolean) => {
      const q = path.join(objects, dirName);
      fs.mkdirSync(path.join(q, 'pack'), { recursive: true });
      fs.writeFileSync(path.join(q, 'pack', 'tmp_pack_x'), 'PACK half received');
      if (old) for (const p of [path.join(q, 'pack', 'tmp_pack_x'), path.join(q, 'pack'), q]) fs.utimesSync(p, longAgo, longAgo);
      return q;
    };
    const oldNew = quarantine('tmp_objdir-incoming-old1', true);
    const oldOld = quarantine('incoming-old2', true);
    const fresh = quarantine('tmp_objdir-incoming-fresh', false);
    logs.length = 0;
    const s = await reconcile();
    expect(s.quarantinesRemoved).toBe(2);
    expect(fs.existsSync(oldNew)).toBe(false);
    expect(fs.existsSync(oldOld)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(logs.some((l) => l.includes(`${u.name}/${name}: removed the push quarantine objects/tmp_objdir-incoming-old1`))).toBe(true);
    fsck(path.dirname(objects));
    expect((await f.req('GET', `/repos/${u.name}/${name}/commits`, { token: u.token })).status).toBe(200);
    fs.rmSync(fresh, { recursive: true });
  });
});

describe('kill -9 inside each step, then a restart on the same data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let auth = '';
  const org = uniq('acme');

  const api = async (base: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { Authorization: auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  /** Runs a request the server dies in; resolves once it is gone. */
  const crashDuring = async (srv: Awaited<ReturnType<typeof startServer>>, method: string, url: string, body?: unknown) => {
    const answered = await api(srv.base, method, url, body).then(
      (r) => r.status,
      () => 'no answer',
    );
    expect(answered).toBe('no answer');
    // The server is the child process itself (cli-process.ts): it died of its own SIGKILL.
    expect(await srv.exited).toBe('SIGKILL');
  };

  /**
   * What a user sees after the restart: every repository answers, whole (branches 200, commits 200
   * unless empty, `empty` true exactly when there is no branch, git fsck clean), and every folder
   * under repositories/ belongs to one of them.
   */
  const checkForge = async (base: string) => {
    const listed = await api(base, 'GET', '/repos/search?limit=50');
    expect(listed.status).toBe(200);
    const repos = listed.body.data as Array<{ full_name: string; empty: boolean; owner: { login: string }; name: string }>;
    const folders = new Set<string>();
    // Every repository at once: the checks are independent, and each waits on the server or on git.
    await Promise.all(
      repos.map(async (r) => {
        const dir = path.join(dataDir, 'repositories', r.owner.login.toLowerCase(), `${r.name.toLowerCase()}.git`);
        folders.add(dir);
        const [branches, commits] = await Promise.all([
          api(base, 'GET', `/repos/${r.full_name}/branches`),
          r.empty ? null : api(base, 'GET', `/repos/${r.full_name}/commits?limit=1`),
          fsckAsync(dir),
        ]);
        expect(branches.status, r.full_name).toBe(200);
        expect(r.empty, r.full_name).toBe(branches.body.length === 0);
        if (commits) expect(commits.status, r.full_name).toBe(200);
      }),
    );
    const root = path.join(dataDir, 'repositories');
    for (const owner of fs.readdirSync(root))
      for (const entry of fs.readdirSync(path.join(root, owner))) expect(folders).toContain(path.join(root, owner, entry));
    return new Map(repos.map((r) => [r.full_name, r]));
  };

  it('leaves no half repository behind and finishes or undoes every step', { timeout: 360_000 }, async () => {
    // Set-up, then a fork that dies after its folder is in place but before its row commits.
    let srv = await startServer(dataDir, { FORGE_CRASH_AT: 'fork:placed' });
    const password = srv.password!;
    auth = `Basic ${Buffer.from(`forge-admin:${password}`).toString('base64')}`;
    const admin = 'forge-admin';
    // A token for everything after: Basic auth costs a scrypt per request, and checkForge makes dozens.
    const token = await api(srv.base, 'POST', `/users/${admin}/tokens`, { name: 'crash-test' });
    expect(token.status).toBe(201);
    auth = `token ${token.body.sha1}`;
    for (const name of ['base', 'victim', 'torename']) expect((await api(srv.base, 'POST', '/user/repos', { name, auto_init: true })).status).toBe(201);
    expect((await api(srv.base, 'POST', '/orgs', { username: org })).status).toBe(201);
    expect((await api(srv.base, 'POST', `/orgs/${org}/repos`, { name: 'orepo', auto_init: true })).status).toBe(201);
    await crashDuring(srv, 'POST', `/repos/${admin}/base/forks`, { organization: org, name: 'basefork' });

    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'create:placed' });
    let seen = await checkForge(srv.base);
    expect(seen.has(`${org}/basefork`)).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'lost+found', org.toLowerCase()))).toEqual(['basefork.git']);
    await crashDuring(srv, 'POST', '/user/repos', { name: 'c1', auto_init: true });

    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'create:prepared' });
    seen = await checkForge(srv.base);
    expect(seen.has(`${admin}/c1`)).toBe(false);
    await crashDuring(srv, 'POST', '/user/repos', { name: 'c2', auto_init: true });

    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'delete:trashed' });
    seen = await checkForge(srv.base);
    expect(seen.has(`${admin}/c2`)).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    // A retry of the creation works: nothing of the crashed one stands in its way.
    expect((await api(srv.base, 'POST', '/user/repos', { name: 'c1' })).status).toBe(201);
    await crashDuring(srv, 'DELETE', `/repos/${admin}/victim`);

    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'rename:moved' });
    seen = await checkForge(srv.base);
    // The deletion did not commit: the repository is still there, whole.
    expect(seen.get(`${admin}/victim`)?.empty).toBe(false);
    await crashDuring(srv, 'PATCH', `/repos/${admin}/torename`, { name: 'renamed' });

    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'owner-rename:moved' });
    seen = await checkForge(srv.base);
    expect(seen.get(`${admin}/torename`)?.empty).toBe(false);
    expect(seen.has(`${admin}/renamed`)).toBe(false);
    await crashDuring(srv, 'POST', `/orgs/${org}/rename`, { new_name: `${org}x` });

    // A first push over HTTP whose refs moved but whose database update never ran (fault 2).
    srv = await startServer(dataDir, { FORGE_CRASH_AT: 'push:refs-moved' });
    seen = await checkForge(srv.base);
    expect(seen.get(`${org}/orepo`)?.empty).toBe(false);
    expect((await api(srv.base, 'POST', '/user/repos', { name: 'pushme' })).status).toBe(201);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-work-'));
    git(work, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(work, 'a.txt'), 'a\n');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'first');
    const remote = `http://${admin}:${password}@127.0.0.1:${srv.port}/${admin}/pushme.git`;
    expect(() => git(work, 'push', '-q', remote, 'main')).toThrow();
    fs.rmSync(work, { recursive: true, force: true });
    expect(await srv.exited).toBe('SIGKILL');

    srv = await startServer(dataDir);
    seen = await checkForge(srv.base);
    expect(seen.get(`${admin}/pushme`)?.empty).toBe(false);
    // Without a crash the same steps work and the next start has nothing to repair.
    expect((await api(srv.base, 'POST', `/repos/${admin}/base/forks`, { organization: org, name: 'basefork' })).status).toBe(202);
    expect((await api(srv.base, 'PATCH', `/repos/${admin}/torename`, { name: 'renamed' })).status).toBe(200);
    expect((await api(srv.base, 'DELETE', `/repos/${admin}/victim`)).status).toBe(204);
    expect((await api(srv.base, 'POST', `/orgs/${org}/rename`, { new_name: `${org}x` })).status).toBe(204);
    srv.child.kill('SIGKILL');
    await srv.exited;

    srv = await startServer(dataDir);
    expect(srv.output()).toMatch(
      /reconcile: \d+ repositories checked in \d+ ms: 0 moves finished, 0 restored from trash, 0 re-initialised, 0 repaired, 0 empty flags fixed, 0 folders moved to lost\+found, 0 temporary entries removed/,
    );
    seen = await checkForge(srv.base);
    expect([...seen.keys()].sort()).toEqual(
      [`${admin}/base`, `${admin}/c1`, `${admin}/pushme`, `${admin}/renamed`, `${org}x/basefork`, `${org}x/orepo`].sort(),
    );
    srv.child.kill('SIGTERM');
    await srv.exited;
  });
});

describe('a start beside a process that is still serving the same data folder (issue #12)', () => {
  // A live process (tag cafebabe) is half-way through a rename, a deletion, a creation and a merge,
  // and a creation of its is about to commit (folder in place, no row yet); a process that is gone
  // (deadbeef) left a prepared fork. SQLite: one process serves a data folder, so everything is a
  // leftover and repaired at once, as before. PostgreSQL: the live process's work is left alone
  // until it is gone.
  it.each(['sqlite', 'postgres'] as const)('%s', async (kind) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-shared-'));
    const pgDb = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
    const target = pgDb?.url ?? path.join(dataDir, 'forge.db');
    const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, databaseUrl: pgDb?.url };
    const db = await openDb(target);
    // The other process's connection, holding its lock.
    let other: Awaited<ReturnType<typeof openDb>> | undefined = await openDb(target);
    try {
      const deps = { db, config };
      const owner = await createUser(db, { username: 'shared-owner', email: 'shared@example.com', password: 'password-shared-1' });
      const renaming = await createRepository(deps, owner, owner, { name: 'renaming', auto_init: true });
      const deleting = await createRepository(deps, owner, owner, { name: 'deleting', auto_init: true });
      await holdProcessLock(other, 'cafebabe');
      const tmp = path.join(dataDir, 'tmp');
      const aside = (what: string, tag: string, suffix = '') => path.join(tmp, `${what}-p${tag}-0123456789abcdef${suffix}`);
      const dir = (name: string) => repoDir(config, owner.name, name);
      const intent = aside('move', 'cafebabe', '.json');
      fs.writeFileSync(intent, JSON.stringify({ kind: 'repo', id: renaming.id, from: dir('renaming'), to: dir('renamed') }));
      fs.renameSync(dir('renaming'), dir('renamed'));
      const trash = aside(`trash-${deleting.id}`, 'cafebabe');
      fs.renameSync(dir('deleting'), trash);
      const creating = aside('create', 'cafebabe', '.git');
      git(dataDir, 'init', '-q', '--bare', creating);
      const worktree = path.join(tmp, 'merge-Ab12Cd');
      fs.mkdirSync(worktree);
      git(dataDir, 'init', '-q', '--bare', dir('newborn'));
      const deadFork = aside('fork', 'deadbeef', '.git');
      git(dataDir, 'init', '-q', '--bare', deadFork);

      const logs: string[] = [];
      const first = await reconcileDataDir(deps, (l) => logs.push(l));
      expect(fs.existsSync(deadFork)).toBe(false);
      if (kind === 'postgres') {
        expect(first).toMatchObject({ movesFinished: 0, restoredFromTrash: 0, lostAndFound: 0, reinitialised: 0, tmpRemoved: 1 });
        // Intent, trash, prepared creation, work tree, the folder renamed and the new one, the two rows without folder.
        expect(first.leftForOthers).toBe(8);
        for (const p of [intent, trash, creating, worktree, dir('renamed'), dir('newborn')]) expect(fs.existsSync(p), p).toBe(true);
        // Neither moved back nor re-initialised under the other process's feet.
        expect(fs.existsSync(dir('renaming'))).toBe(false);
        expect(fs.existsSync(dir('deleting'))).toBe(false);
        expect(logs.some((l) => l.includes(`left tmp/${path.basename(trash)} alone`))).toBe(true);

        // The other process dies half-way; a start after the grace period repairs as on SQLite.
        await closeDb(other);
        other = undefined;
        const later = await reconcileDataDir(deps, (l) => logs.push(l), { graceMs: 0 });
        expect(later).toMatchObject({ movesFinished: 1, restoredFromTrash: 1, lostAndFound: 1, reinitialised: 0, tmpRemoved: 2, leftForOthers: 0 });
      } else {
        expect(first).toMatchObject({ movesFinished: 1, restoredFromTrash: 1, lostAndFound: 1, reinitialised: 0, tmpRemoved: 3, leftForOthers: 0 });
      }
      // Either way: the rename that never committed is undone, the deletion too, the row-less folder is in lost+found.
      fsck(dir('renaming'));
      fsck(dir('deleting'));
      expect(git(dir('deleting'), 'log', '--format=%s').trim()).toBe('Initial commit');
      expect(fs.existsSync(dir('renamed'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'lost+found', owner.name, 'newborn.git', 'HEAD'))).toBe(true);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      if (other) await closeDb(other);
      await closeDb(db);
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
