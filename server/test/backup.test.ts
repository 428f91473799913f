// `forge dump` of a forge under write load (issues, comments, repositories and pushes going on in
// parallel), run as its own process beside the serving forge, then `forge restore` into a new
// folder and a real `forge serve` on it: every repository's refs are a state the source really
// had at or after the dump began, `git fsck` is clean, and the API lists (repositories, issues,
// comments, branches, pull requests) hold every write acknowledged before the dump started and
// nothing the source does not have, field for field.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { dumpForge, restoreForge } from '../src/services/backup.ts';
import { runCli, serverBundle, startServer } from './cli-process.ts';

const exec = promisify(execFile);
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-backup-'));
const gitEnv = { PATH: process.env.PATH, HOME: tmpRoot, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };
const git = async (cwd: string, ...args: string[]) => (await exec('git', args, { cwd, env: gitEnv, maxBuffer: 64 * 1024 * 1024 })).stdout;
const refsOf = (dir: string) => git(dir, 'for-each-ref', '--format=%(objectname) %(refname)');

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let forge: TestForge;
let base: string;
let closeServer: () => void;
let owner: string;
let token: string;

beforeAll(async () => {
  forge = await createTestForge({ database: 'sqlite' }); // dump and restore are of forge.db
  ({ base, close: closeServer } = await listenForge(forge));
  // Built now, so the dump under load starts the moment the test says.
  await serverBundle();
  owner = forge.admin.name;
  token = forge.admin.token;
});

afterAll(() => {
  closeServer?.();
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

/** Every page of a list from the source (in process) or the restored server (over HTTP). */
type Getter = (url: string) => Promise<{ status: number; body: any }>;
const sourceGet: Getter = (url) => forge.req('GET', url, { token });
const httpGet =
  (server: string, tok: string): Getter =>
  async (url) => {
    const res = await fetch(`${server}/api/v1${url}`, { headers: { Authorization: `token ${tok}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
async function all(get: Getter, url: string): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}limit=50&page=${page}`);
    expect(res.status, url).toBe(200);
    // /repos/search wraps its list as {ok, data}.
    const items: any[] = Array.isArray(res.body) ? res.body : res.body.data;
    out.push(...items);
    if (items.length < 50) return out;
  }
}

/** A write over HTTP, as a client makes it: acknowledged when the answer arrives. */
async function post(url: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method: 'POST',
    headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A work tree cloned from the source over HTTP, that commits and pushes one ref at a time. */
async function clone(repo: string) {
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'wt-'));
  const remote = `${base.replace('://', `://${owner}:${token}@`)}/${owner}/${repo}.git`;
  await git(dir, 'clone', '--quiet', remote, '.');
  let n = 0;
  return {
    dir,
    async commitAndPush(ref: string, from?: string) {
      if (from) await git(dir, 'checkout', '--quiet', '-B', ref, from);
      else await git(dir, 'checkout', '--quiet', ref);
      fs.writeFileSync(path.join(dir, `f${n++}.txt`), `${ref} ${n} ${Math.random()}\n`);
      await git(dir, 'add', '.');
      await git(dir, '-c', 'user.name=Load', '-c', 'user.email=load@example.com', 'commit', '--quiet', '-m', `load ${n}`);
      await git(dir, 'push', '--quiet', 'origin', `HEAD:refs/heads/${ref}`);
    },
  };
}

interface Acked<T> {
  value: T;
  at: number;
}

describe('forge dump and restore', () => {
  it('dumps a forge under write load and restores the same refs and API answers', async () => {
    // ---- Before the load: repositories, a pull request, an attachment, an avatar.
    const issuesRepo = 'issues-repo';
    const pushRepo = 'push-repo';
    const prRepo = 'pr-repo';
    for (const name of [issuesRepo, pushRepo, prRepo]) await post('/user/repos', { name, auto_init: true });
    const prTree = await clone(prRepo);
    await prTree.commitAndPush('feature', 'main');
    const pr = await post(`/repos/${owner}/${prRepo}/pulls`, { head: 'feature', base: 'main', title: 'A feature' });
    const firstIssue = await post(`/repos/${owner}/${issuesRepo}/issues`, { title: 'first' });
    const form = new FormData();
    const attachmentBytes = Buffer.from(`attached ${Math.random()}\n`);
    form.append('attachment', new Blob([attachmentBytes]), 'notes.txt');
    const up = await forge.app.request(`/api/v1/repos/${owner}/${issuesRepo}/issues/${firstIssue.number}/assets`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `token ${token}` },
    });
    expect(up.status).toBe(201);
    const attachment = await up.json();
    expect((await forge.req('POST', '/user/avatar', { token, body: { image: PNG.toString('base64') } })).status).toBe(204);
    const avatarPath = new URL((await sourceGet(`/users/${owner}`)).body.avatar_url).pathname;

    // ---- The load: four writers until told to stop.
    let stop = false;
    const issues: Acked<any>[] = [];
    const comments: Acked<any>[] = [];
    const repos: Acked<string>[] = [];
    const pushDir = repoDir(forge.deps.config, owner, pushRepo);
    // Each state the pushed repository's refs were in once a push was acknowledged.
    const pushStates: Acked<string>[] = [{ value: await refsOf(pushDir), at: Date.now() }];
    const errors: unknown[] = [];
    const writer = (fn: (i: number) => Promise<void>) =>
      (async () => {
        for (let i = 0; !stop; i++) await fn(i);
      })().catch((e) => errors.push(e));
    const pushTree = await clone(pushRepo);
    const load = [
      writer(async (i) => {
        issues.push({ value: await post(`/repos/${owner}/${issuesRepo}/issues`, { title: `load issue ${i}`, body: `body ${i}` }), at: Date.now() });
      }),
      writer(async (i) => {
        comments.push({ value: await post(`/repos/${owner}/${issuesRepo}/issues/${firstIssue.number}/comments`, { body: `comment ${i}` }), at: Date.now() });
      }),
      writer(async (i) => {
        await post('/user/repos', { name: `load-${i}`, auto_init: i % 2 === 0 });
        repos.push({ value: `load-${i}`, at: Date.now() });
      }),
      writer(async (i) => {
        // Mostly main; every third push starts a new branch (one ref per push, so each push is
        // one step from one acknowledged state to the next).
        if (i % 3 === 2) await pushTree.commitAndPush(`topic-${i}`, 'main');
        else await pushTree.commitAndPush('main');
        pushStates.push({ value: await refsOf(pushDir), at: Date.now() });
      }),
    ];
    // Let the load get going.
    while ((issues.length < 3 || pushStates.length < 3) && errors.length === 0) await new Promise((r) => setTimeout(r, 50));

    // ---- The dump, as its own process on the data folder, while the writers go on.
    const archive = path.join(tmpRoot, 'backup.tar.gz');
    const dumpStart = Date.now();
    const dump = await runCli(['dump', '--file', archive], { FORGE_DATA_DIR: forge.dataDir });
    expect(await dump.exited, dump.output()).toBe(0);
    const dumpEnd = Date.now();
    stop = true;
    await Promise.all(load);
    expect(errors).toEqual([]);
    expect(dump.output()).toMatch(/database: consistent snapshot/);
    expect(dump.output()).toMatch(/repositories: \d+ copied/);
    expect(dump.output()).toContain(`Wrote ${archive}`);
    // The dump really ran under load: writes were acknowledged while it ran.
    const during = [...issues, ...comments, ...repos, ...pushStates].filter((w) => w.at > dumpStart && w.at < dumpEnd);
    expect(during.length).toBeGreaterThan(0);
    const before = <T>(list: Acked<T>[]) => list.filter((w) => w.at < dumpStart).map((w) => w.value);

    // ---- Restore into a new folder (a used one is refused), then serve it.
    const restoredDir = path.join(tmpRoot, 'restored');
    const restore = await runCli(['restore', archive], { FORGE_DATA_DIR: restoredDir });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/database: integrity ok/);
    expect(restore.output()).toContain(`Restored. Start the forge with FORGE_DATA_DIR=${restoredDir}.`);
    const again = await runCli(['restore', archive], { FORGE_DATA_DIR: restoredDir });
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain(`Refusing to restore into ${restoredDir}: the folder is not empty`);

    const restored = await startServer(restoredDir);
    try {
      // An existing folder: no administrator is created.
      expect(restored.password).toBeUndefined();
      const rget = httpGet(restored.base, token);

      // Repositories: every one acknowledged before the dump, nothing the source lacks, same fields.
      const repoFields = (r: any) => ({
        id: r.id,
        name: r.name,
        full_name: r.full_name,
        owner: r.owner.login,
        private: r.private,
        fork: r.fork,
        default_branch: r.default_branch,
        created_at: r.created_at,
        description: r.description,
      });
      const sourceRepos = new Map((await all(sourceGet, '/repos/search')).map((r) => [r.name, r]));
      const restoredRepos = await all(rget, '/repos/search');
      const restoredNames = new Set(restoredRepos.map((r) => r.name));
      for (const name of [issuesRepo, pushRepo, prRepo, ...before(repos)]) expect(restoredNames, name).toContain(name);
      for (const r of restoredRepos) {
        expect(sourceRepos.has(r.name), r.name).toBe(true);
        expect(repoFields(r)).toEqual(repoFields(sourceRepos.get(r.name)));
      }

      // Refs: the pushed repository is in a state it had at or after the dump began; every other
      // repository as the source has it; git fsck clean everywhere; the branches API agrees.
      const firstAllowed = pushStates.filter((s) => s.at < dumpStart).length - 1;
      for (const r of restoredRepos) {
        const dir = repoDir({ ...forge.deps.config, dataDir: restoredDir }, owner, r.name);
        const refs = await refsOf(dir);
        if (r.name === pushRepo) {
          const states = pushStates.map((s) => s.value);
          const index = states.lastIndexOf(refs);
          expect(index, `refs of ${pushRepo}:\n${refs}`).toBeGreaterThanOrEqual(firstAllowed);
        } else if (before(repos).includes(r.name) || !r.name.startsWith('load-')) {
          expect(refs, r.name).toBe(await refsOf(repoDir(forge.deps.config, owner, r.name)));
        } else {
          // Created while the dump ran: as the source has it, or caught between its row and its
          // first commit (then empty, and the API says so below).
          const source = await refsOf(repoDir(forge.deps.config, owner, r.name));
          expect([source, ''], r.name).toContain(refs);
        }
        await expect(exec('git', ['fsck', '--no-dangling', '--no-progress'], { cwd: dir, env: gitEnv }), r.name).resolves.toBeTruthy();
        const branches = (await all(rget, `/repos/${owner}/${r.name}/branches`)).map((b) => `${b.commit.id} refs/heads/${b.name}`).sort();
        const heads = refs
          .split('\n')
          .filter((l) => l.includes(' refs/heads/'))
          .sort();
        expect(branches, r.name).toEqual(heads);
        expect(r.empty, r.name).toBe(heads.length === 0);
      }

      // Issues and comments: acknowledged before the dump ⊆ restored ⊆ source, field for field;
      // each issue's comment count matches the comments restored with it.
      const issueFields = (i: any) => ({
        id: i.id,
        number: i.number,
        title: i.title,
        body: i.body,
        state: i.state,
        user: i.user.login,
        created_at: i.created_at,
      });
      const sourceIssues = new Map((await all(sourceGet, `/repos/${owner}/${issuesRepo}/issues?state=all&type=issues`)).map((i) => [i.id, i]));
      const restoredIssues = await all(rget, `/repos/${owner}/${issuesRepo}/issues?state=all&type=issues`);
      const restoredIssueIds = new Set(restoredIssues.map((i) => i.id));
      for (const i of [firstIssue, ...before(issues)]) expect(restoredIssueIds, `issue #${i.number}`).toContain(i.id);
      for (const i of restoredIssues) expect(issueFields(i)).toEqual(issueFields(sourceIssues.get(i.id)));

      const commentFields = (c: any) => ({ id: c.id, body: c.body, user: c.user.login, created_at: c.created_at, issue_url: new URL(c.issue_url).pathname });
      const sourceComments = new Map((await all(sourceGet, `/repos/${owner}/${issuesRepo}/issues/comments`)).map((c) => [c.id, c]));
      const restoredComments = await all(rget, `/repos/${owner}/${issuesRepo}/issues/comments`);
      const restoredCommentIds = new Set(restoredComments.map((c) => c.id));
      for (const c of before(comments)) expect(restoredCommentIds, `comment ${c.id}`).toContain(c.id);
      for (const c of restoredComments) expect(commentFields(c)).toEqual(commentFields(sourceComments.get(c.id)));
      const first = restoredIssues.find((i) => i.id === firstIssue.id);
      expect(first.comments).toBe(restoredComments.length);

      // Pull requests (all made before the dump): the same.
      const pullFields = (p: any) => ({
        id: p.id,
        number: p.number,
        title: p.title,
        state: p.state,
        merged: p.merged,
        head: [p.head.ref, p.head.sha],
        base: p.base.ref,
        user: p.user.login,
      });
      const sourcePulls = await all(sourceGet, `/repos/${owner}/${prRepo}/pulls?state=all`);
      const restoredPulls = await all(rget, `/repos/${owner}/${prRepo}/pulls?state=all`);
      expect(restoredPulls.map(pullFields)).toEqual(sourcePulls.map(pullFields));
      expect(restoredPulls.map((p) => p.number)).toEqual([pr.number]);

      // The attachment and the avatar are served from the restored folder, byte for byte.
      const att = await fetch(`${restored.base}${new URL(attachment.browser_download_url).pathname}`);
      expect(att.status).toBe(200);
      expect(Buffer.from(await att.arrayBuffer())).toEqual(attachmentBytes);
      const avatar = await fetch(`${restored.base}${avatarPath}`);
      expect(avatar.status).toBe(200);
      expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG);
    } finally {
      restored.child.kill('SIGTERM');
      if ((await restored.exited) !== 0) restored.killAll();
    }
  }, 240_000);
});

// A small forge of its own, so these checks do not copy everything the load test created.
const small = await createTestForge({ database: 'sqlite' });

describe('dump and restore refuse what they must not do', () => {
  const quiet = () => {};

  it('dump needs a data folder with a database and will not write into it', async () => {
    const empty = fs.mkdtempSync(path.join(tmpRoot, 'nodb-'));
    await expect(dumpForge({ dataDir: empty, file: path.join(tmpRoot, 'x.tar.gz'), log: quiet })).rejects.toThrow(/forge\.db is missing/);
    await expect(dumpForge({ dataDir: small.dataDir, file: path.join(small.dataDir, 'inside.tar.gz'), log: quiet })).rejects.toThrow(/inside the data folder/);
    expect(fs.existsSync(path.join(small.dataDir, 'inside.tar.gz'))).toBe(false);
  });

  it('restore refuses a missing file, a non-empty folder and an archive that is not a dump, and unpacks no links', async () => {
    const target = path.join(tmpRoot, 'target-a');
    await expect(restoreForge({ archive: path.join(tmpRoot, 'nope.tar.gz'), dataDir: target, log: quiet })).rejects.toThrow(/No such dump/);

    const used = fs.mkdtempSync(path.join(tmpRoot, 'used-'));
    fs.writeFileSync(path.join(used, 'keep.txt'), 'mine');
    const dump = path.join(tmpRoot, 'small.tar.gz');
    await dumpForge({ dataDir: small.dataDir, file: dump, log: quiet });
    await expect(restoreForge({ archive: dump, dataDir: used, log: quiet })).rejects.toThrow(
      /Refusing to restore into .*: the folder is not empty \(1 entry, e\.g\. keep\.txt\)/,
    );
    expect(fs.readdirSync(used)).toEqual(['keep.txt']);

    // A real dump with a link pointing out of it added: restored without the link.
    const src = fs.mkdtempSync(path.join(tmpRoot, 'evil-'));
    await tar.x({ file: dump, cwd: src });
    fs.symlinkSync('/etc', path.join(src, 'data', 'escape'));
    const evil = path.join(tmpRoot, 'evil.tar.gz');
    await tar.c({ gzip: true, file: evil, cwd: src }, ['forge-dump.json', 'data']);
    await restoreForge({ archive: evil, dataDir: target, log: quiet });
    expect(fs.existsSync(path.join(target, 'forge.db'))).toBe(true);
    expect(fs.lstatSync(path.join(target, 'escape'), { throwIfNoEntry: false })).toBeUndefined();
    // Nothing was left beside the target.
    expect(fs.readdirSync(tmpRoot).filter((n) => n.includes('restore-'))).toEqual([]);

    // An archive without a database is not a dump; nothing is created.
    const other = path.join(tmpRoot, 'target-b');
    fs.rmSync(path.join(src, 'data', 'forge.db'));
    await tar.c({ gzip: true, file: evil, cwd: src }, ['forge-dump.json', 'data']);
    await expect(restoreForge({ archive: evil, dataDir: other, log: quiet })).rejects.toThrow(/is not a forge dump/);
    expect(fs.existsSync(other)).toBe(false);

    await expect(restoreForge({ archive: path.join(src, 'forge-dump.json'), dataDir: other, log: quiet })).rejects.toThrow(/not a readable forge dump/);
  });
});
