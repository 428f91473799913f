// Git over smart HTTP with the real git CLI against a real listening server.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge, uniq } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { createRepository } from '../src/services/repos.ts';

let forge: TestForge;
let base: string;
let closeServer: () => void;
type TestUser = Awaited<ReturnType<TestForge['user']>>;
let alice: TestUser;
let bob: TestUser;
const { git, gitFails, tmp, cleanup } = gitClient('forge-git-home-');

beforeAll(async () => {
  forge = await createTestForge();
  ({ base, close: closeServer } = await listenForge(forge));
  alice = await forge.user('alice');
  bob = await forge.user('bob');
});

afterAll(() => {
  closeServer?.();
  cleanup();
});

const url = (repoPath: string, cred?: [string, string]) => gitUrl(base, repoPath, cred);

async function makeRepo(owner: TestUser, opts: { private?: boolean; archived?: boolean; defaultBranch?: string } = {}) {
  const ownerRow = await forge.deps.db.selectFrom('user').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
  const name = uniq('repo');
  let row = await createRepository(forge.deps, ownerRow, ownerRow, { name, private: opts.private, default_branch: opts.defaultBranch });
  if (opts.archived)
    row = await forge.deps.db.updateTable('repository').set({ is_archived: 1 }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  return { row, full: `${owner.name}/${name}` };
}

/** A work tree with one commit on `branch` containing README.md. */
async function workTree(branch = 'main', content = '# Hello\n') {
  const dir = tmp();
  await git(dir, 'init', '--quiet', `--initial-branch=${branch}`);
  fs.writeFileSync(path.join(dir, 'README.md'), content);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'main.ts'), 'console.log(1);\n');
  await git(dir, 'add', '.');
  await git(dir, 'commit', '--quiet', '-m', 'Initial commit\n\nWith a body.');
  return dir;
}

async function repoRow(id: number) {
  return forge.deps.db.selectFrom('repository').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function actions(repoId: number) {
  return forge.deps.db
    .selectFrom('action')
    .selectAll()
    .where('repo_id', '=', repoId)
    .where('user_id', '=', alice.id)
    .where('op_type', '!=', 'create_repo')
    .orderBy('id')
    .execute();
}

/** A public repository of alice's with one pushed commit. */
async function publicRepoWithCommit() {
  const r = await makeRepo(alice);
  const wt = await workTree();
  await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'main');
  return r;
}

describe('git smart HTTP: clone and fetch', () => {
  it('lets anyone clone a public repository', async () => {
    const r = await publicRepoWithCommit();
    const dir = tmp();
    await git(dir, 'clone', '--quiet', url(r.full), 'c');
    expect(fs.readFileSync(path.join(dir, 'c', 'README.md'), 'utf8')).toBe('# Hello\n');
    expect(fs.readFileSync(path.join(dir, 'c', 'src', 'main.ts'), 'utf8')).toContain('console.log');
  });

  it('matches owner and repository names case-insensitively and also without .git', async () => {
    const r = await publicRepoWithCommit();
    const dir = tmp();
    await git(dir, 'clone', '--quiet', url(r.full.toUpperCase()), 'upper');
    expect(fs.existsSync(path.join(dir, 'upper', 'README.md'))).toBe(true);
    await git(dir, 'clone', '--quiet', `${base}/${r.full}`, 'nosuffix');
    expect(fs.existsSync(path.join(dir, 'nosuffix', 'README.md'))).toBe(true);
  });

  it('asks anonymous callers to sign in for a private repository, and git clone fails', async () => {
    const r = await makeRepo(alice, { private: true });
    const res = await fetch(`${url(r.full)}/info/refs?service=git-upload-pack`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Forge"');
    // A missing repository looks the same to anonymous callers.
    const missing = await fetch(`${base}/${alice.name}/no-such-repo.git/info/refs?service=git-upload-pack`);
    expect(missing.status).toBe(401);
    const err = await gitFails(tmp(), 'clone', '--quiet', url(r.full), 'c');
    expect(err).toMatch(/Authentication failed|could not read Username/);
  });

  it('answers 404 to a signed-in user who may not read a private repository', async () => {
    const r = await makeRepo(alice, { private: true });
    const wt = await workTree();
    await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'main');
    const err = await gitFails(tmp(), 'clone', '--quiet', url(r.full, [bob.name, bob.token]), 'c');
    expect(err).toMatch(/not found|404/i);
    const res = await fetch(`${url(r.full)}/info/refs?service=git-upload-pack`, {
      headers: { Authorization: `Basic ${Buffer.from(`${bob.name}:${bob.password}`).toString('base64')}` },
    });
    expect(res.status).toBe(404);
    // The owner (with a token) and a site admin (with a password) can clone it.
    const dir = tmp();
    await git(dir, 'clone', '--quiet', url(r.full, [alice.name, alice.token]), 'mine');
    expect(fs.existsSync(path.join(dir, 'mine', 'README.md'))).toBe(true);
    await git(dir, 'clone', '--quiet', url(r.full, [forge.admin.name, forge.admin.password]), 'admin');
    expect(fs.existsSync(path.join(dir, 'admin', 'README.md'))).toBe(true);
  });

  it('refuses a wrong password with 401 even on a public repository', async () => {
    // (git itself sends credentials only after a 401, so this is checked at the HTTP level.)
    const r = await publicRepoWithCommit();
    const res = await fetch(`${url(r.full)}/info/refs?service=git-upload-pack`, {
      headers: { Authorization: `Basic ${Buffer.from(`${alice.name}:wrong-password`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Forge"');
    const err = await gitFails(await workTree(), 'push', url(r.full, [alice.name, 'wrong-password']), 'main');
    expect(err).toMatch(/Authentication failed/);
  });

  it('accepts a token as the user name (x-oauth-basic)', async () => {
    const r = await makeRepo(alice, { private: true });
    const wt = await workTree();
    await git(wt, 'push', '--quiet', url(r.full, [alice.token, 'x-oauth-basic']), 'main');
    const dir = tmp();
    await git(dir, 'clone', '--quiet', url(r.full, [alice.token, 'x-oauth-basic']), 'c');
    expect(fs.existsSync(path.join(dir, 'c', 'README.md'))).toBe(true);
  });

  it('serves protocol v2 and gzip-encoded upload-pack requests', async () => {
    const r = await publicRepoWithCommit();
    const dir = tmp();
    await git(dir, '-c', 'protocol.version=2', 'clone', '--quiet', url(r.full), 'v2');
    const { stdout: head } = await git(path.join(dir, 'v2'), 'rev-parse', 'HEAD');
    const sha = head.trim();
    // A v0 fetch of one commit, gzip-compressed the way git compresses large negotiations.
    const pkt = (s: string) => (s.length + 4).toString(16).padStart(4, '0') + s;
    const body = gzipSync(Buffer.from(`${pkt(`want ${sha} ofs-delta\n`)}0000${pkt('done\n')}`));
    const res = await fetch(`${url(r.full)}/git-upload-pack`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-git-upload-pack-request', 'Content-Encoding': 'gzip' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    const out = Buffer.from(await res.arrayBuffer());
    expect(out.subarray(0, 8).toString()).toBe('0008NAK\n');
    expect(out.includes(Buffer.from('PACK'))).toBe(true);
  });

  it('does not offer dumb HTTP paths', async () => {
    const r = await publicRepoWithCommit();
    expect((await fetch(`${url(r.full)}/info/refs`)).status).toBe(404);
    expect((await fetch(`${url(r.full)}/HEAD`)).status).toBe(404);
    expect((await fetch(`${url(r.full)}/objects/info/packs`)).status).toBe(404);
  });
});

describe('git smart HTTP: push', () => {
  it('lets the owner push with a token and with the password', async () => {
    const r = await makeRepo(alice);
    const wt = await workTree();
    await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'main');
    fs.writeFileSync(path.join(wt, 'README.md'), '# Hello again\n');
    await git(wt, 'commit', '--quiet', '-am', 'Second commit');
    await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.password]), 'main');
    const { stdout } = await git(repoDir(forge.deps.config, alice.name, r.row.name), 'log', '--format=%s', 'main');
    expect(stdout.trim().split('\n')).toEqual(['Second commit', 'Initial commit']);
  });

  it('asks for credentials when pushing anonymously', async () => {
    const r = await makeRepo(alice);
    const res = await fetch(`${url(r.full)}/info/refs?service=git-receive-pack`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Forge"');
    const err = await gitFails(await workTree(), 'push', url(r.full), 'main');
    expect(err).toMatch(/could not read Username|Authentication failed/);
    expect((await repoRow(r.row.id)).is_empty).toBe(1);
  });

  it('refuses a push from someone who may only read', async () => {
    const r = await publicRepoWithCommit();
    const wt = tmp();
    await git(wt, 'clone', '--quiet', url(r.full), 'c');
    const clone = path.join(wt, 'c');
    fs.writeFileSync(path.join(clone, 'README.md'), 'bob was here\n');
    await git(clone, 'commit', '--quiet', '-am', 'Sneaky');
    const err = await gitFails(clone, 'push', url(r.full, [bob.name, bob.token]), 'main');
    expect(err).toMatch(/403|permission/i);
    const { stdout } = await git(repoDir(forge.deps.config, alice.name, r.row.name), 'log', '--format=%s', 'main');
    expect(stdout.trim()).toBe('Initial commit');
  });

  it('refuses a push to an archived repository with a clear message, but still serves clones', async () => {
    const r = await makeRepo(alice);
    await git(await workTree(), 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'main');
    await forge.deps.db.updateTable('repository').set({ is_archived: 1 }).where('id', '=', r.row.id).execute();
    const wt = tmp();
    await git(wt, 'clone', '--quiet', url(r.full), 'c');
    const clone = path.join(wt, 'c');
    fs.writeFileSync(path.join(clone, 'README.md'), 'changed\n');
    await git(clone, 'commit', '--quiet', '-am', 'Too late');
    const err = await gitFails(clone, 'push', url(r.full, [alice.name, alice.token]), 'main');
    expect(err).toMatch(/archived/);
  });

  it('makes an empty repository non-empty and adopts the pushed branch as default', async () => {
    const r = await makeRepo(alice, { defaultBranch: 'main' });
    expect(r.row.is_empty).toBe(1);
    const wt = await workTree('trunk');
    await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'trunk');
    const row = await repoRow(r.row.id);
    expect(row.is_empty).toBe(0);
    expect(row.default_branch).toBe('trunk');
    expect(row.size).toBeGreaterThan(0);
    expect(row.updated_unix).toBeGreaterThanOrEqual(r.row.updated_unix);
    const { stdout } = await git(repoDir(forge.deps.config, alice.name, r.row.name), 'symbolic-ref', 'HEAD');
    expect(stdout.trim()).toBe('refs/heads/trunk');
    // A fresh clone checks out the adopted default branch.
    const dir = tmp();
    await git(dir, 'clone', '--quiet', url(r.full), 'c');
    const { stdout: branch } = await git(path.join(dir, 'c'), 'branch', '--show-current');
    expect(branch.trim()).toBe('trunk');
  });

  it('keeps the default branch when it is among the pushed branches', async () => {
    const r = await makeRepo(alice, { defaultBranch: 'main' });
    const wt = await workTree('main');
    await git(wt, 'branch', 'aaa-feature');
    await git(wt, 'push', '--quiet', url(r.full, [alice.name, alice.token]), 'aaa-feature', 'main');
    const row = await repoRow(r.row.id);
    expect(row.default_branch).toBe('main');
    expect(row.is_empty).toBe(0);
  });

  it('records commit_repo, push_tag, delete_branch and delete_tag activity', async () => {
    const r = await makeRepo(alice);
    const wt = await workTree();
    const remote = url(r.full, [alice.name, alice.token]);
    await git(wt, 'push', '--quiet', remote, 'main');

    let rows = await actions(r.row.id);
    expect(rows.map((a) => a.op_type)).toEqual(['commit_repo']);
    expect(rows[0]!.ref_name).toBe('refs/heads/main');
    expect(rows[0]!.act_user_id).toBe(alice.id);
    const first = JSON.parse(rows[0]!.content);
    expect(first.Len).toBe(1);
    expect(first.CompareURL).toBe('');
    expect(first.Commits[0]).toMatchObject({ Message: 'Initial commit\n\nWith a body.\n', AuthorName: 'Test Person', AuthorEmail: 'test@example.com' });
    expect(first.HeadCommit.Sha1).toBe(first.Commits[0].Sha1);

    for (let i = 1; i <= 7; i++) {
      fs.writeFileSync(path.join(wt, 'README.md'), `# Hello ${i}\n`);
      await git(wt, 'commit', '--quiet', '-am', `Change ${i}`);
    }
    await git(wt, 'tag', '-a', 'v1.0', '-m', 'Release 1.0');
    await git(wt, 'branch', 'feature/x');
    await git(wt, 'push', '--quiet', remote, 'main', 'feature/x', 'v1.0');
    rows = await actions(r.row.id);
    const byRef = new Map(rows.slice(1).map((a) => [a.ref_name, a]));
    expect(byRef.get('refs/tags/v1.0')?.op_type).toBe('push_tag');
    const update = JSON.parse(byRef.get('refs/heads/main')!.content);
    expect(update.Len).toBe(7);
    expect(update.Commits).toHaveLength(5);
    expect(update.Commits[0].Message).toBe('Change 7\n');
    expect(update.HeadCommit.Message).toBe('Change 7\n');
    expect(update.CompareURL).toBe(`${alice.name}/${r.row.name}/compare/${first.HeadCommit.Sha1}...${update.HeadCommit.Sha1}`);
    // A new branch whose commits another branch already carries brings none, but shows its head.
    const feature = JSON.parse(byRef.get('refs/heads/feature/x')!.content);
    expect(feature.Len).toBe(0);
    expect(feature.HeadCommit.Message).toBe('Change 7\n');

    await git(wt, 'push', '--quiet', remote, ':feature/x', ':v1.0');
    rows = await actions(r.row.id);
    const last = rows.slice(-2).map((a) => [a.op_type, a.ref_name]);
    expect(last).toEqual(
      expect.arrayContaining([
        ['delete_branch', 'refs/heads/feature/x'],
        ['delete_tag', 'refs/tags/v1.0'],
      ]),
    );
  });

  it('serializes concurrent pushes to one repository so each is recorded once', async () => {
    const r = await publicRepoWithCommit();
    const remote = url(r.full, [alice.name, alice.token]);
    const trees = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const wt = tmp();
        await git(wt, 'clone', '--quiet', url(r.full), 'c');
        const clone = path.join(wt, 'c');
        await git(clone, 'checkout', '--quiet', '-b', `topic-${i}`);
        fs.writeFileSync(path.join(clone, `f${i}.txt`), `${i}\n`);
        await git(clone, 'add', '.');
        await git(clone, 'commit', '--quiet', '-m', `Topic ${i}`);
        return clone;
      }),
    );
    await Promise.all(trees.map((clone, i) => git(clone, 'push', '--quiet', remote, `topic-${i + 1}`)));
    const rows = (await actions(r.row.id)).filter((a) => a.ref_name.startsWith('refs/heads/topic-'));
    expect(rows.map((a) => a.ref_name).sort()).toEqual(['refs/heads/topic-1', 'refs/heads/topic-2', 'refs/heads/topic-3']);
    for (const a of rows) expect(JSON.parse(a.content).Len).toBe(1);
  });
});
