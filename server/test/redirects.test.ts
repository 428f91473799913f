// Old names keep working after a rename (issue #10): API paths, /users/{old} and clone URLs answer
// 307 to the new name, as Gitea, until the name is used again; never for a repository the caller
// cannot read. Real SQLite, real git CLI against a listening server.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge, uniq } from './helpers.ts';

let forge: TestForge;
let base: string;
let closeServer: () => void;
type TestUser = Awaited<ReturnType<TestForge['user']>>;
let alice: TestUser;
let bob: TestUser;
const { git, tmp, cleanup } = gitClient('forge-redirect-home-');

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

const cloneUrl = (repoPath: string, cred?: [string, string]) => gitUrl(base, repoPath, cred);

/** alice's repository with a README commit (auto_init), renamed from `old` to `renamed`. */
async function renamedRepo(opts: { private?: boolean } = {}) {
  const old = uniq('old');
  const renamed = uniq('new');
  const created = await forge.req('POST', '/user/repos', { token: alice.token, body: { name: old, auto_init: true, private: !!opts.private } });
  expect(created.status).toBe(201);
  const edit = await forge.req('PATCH', `/repos/${alice.name}/${old}`, { token: alice.token, body: { name: renamed } });
  expect(edit.status).toBe(200);
  expect(edit.body.full_name).toBe(`${alice.name}/${renamed}`);
  return { old, renamed, id: created.body.id as number };
}

describe('API paths under an old repository name', () => {
  it('GET answers 307 to the same path and query under the new name, and the new path serves the repository', async () => {
    const r = await renamedRepo();
    const res = await forge.req('GET', `/repos/${alice.name}/${r.old}`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.renamed}`);

    const sub = await forge.req('GET', `/repos/${alice.name}/${r.old}/issues?state=all&page=2`);
    expect(sub.status).toBe(307);
    expect(sub.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.renamed}/issues?state=all&page=2`);

    // Any case of the old name, as names are case-insensitive.
    const upper = await forge.req('GET', `/repos/${alice.name}/${r.old.toUpperCase()}/branches`);
    expect(upper.status).toBe(307);
    expect(upper.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.renamed}/branches`);

    const followed = await forge.req('GET', res.headers.get('location')!);
    expect(followed.status).toBe(200);
    expect(followed.body.id).toBe(r.id);
  });

  it('PATCH on the old path answers 307 (method and body kept by clients) and changes nothing itself', async () => {
    const r = await renamedRepo();
    const res = await forge.req('PATCH', `/repos/${alice.name}/${r.old}`, { token: alice.token, body: { description: 'via old name' } });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.renamed}`);
    const again = await forge.req('PATCH', res.headers.get('location')!, { token: alice.token, body: { description: 'via old name' } });
    expect(again.status).toBe(200);
    expect(again.body.description).toBe('via old name');
  });

  it('a second rename keeps both old names pointing at the current one', async () => {
    const r = await renamedRepo();
    const third = uniq('third');
    expect((await forge.req('PATCH', `/repos/${alice.name}/${r.renamed}`, { token: alice.token, body: { name: third } })).status).toBe(200);
    for (const name of [r.old, r.renamed]) {
      const res = await forge.req('GET', `/repos/${alice.name}/${name}`);
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${third}`);
    }
  });

  it('a name that never existed is still 404', async () => {
    const res = await forge.req('GET', `/repos/${alice.name}/${uniq('nothing')}`);
    expect(res.status).toBe(404);
  });
});

describe('web URLs the server answers itself', () => {
  it('raw file and archive URLs under the old name answer 307 to the new name', async () => {
    const r = await renamedRepo();
    const raw = await forge.app.request(`/${alice.name}/${r.old}/raw/branch/main/README.md`);
    expect(raw.status).toBe(307);
    expect(raw.headers.get('location')).toBe(`/${alice.name}/${r.renamed}/raw/branch/main/README.md`);
    const followed = await forge.app.request(raw.headers.get('location')!);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain(r.old);
    const archive = await forge.app.request(`/${alice.name}/${r.old}/archive/main.zip`);
    expect(archive.status).toBe(307);
    expect(archive.headers.get('location')).toBe(`/${alice.name}/${r.renamed}/archive/main.zip`);
  });
});

describe('reusing or deleting ends the redirect', () => {
  it('a new repository with the old name is served itself, and deleting it does not bring the redirect back', async () => {
    const r = await renamedRepo();
    const reuse = await forge.req('POST', '/user/repos', { token: alice.token, body: { name: r.old } });
    expect(reuse.status).toBe(201);
    const res = await forge.req('GET', `/repos/${alice.name}/${r.old}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(reuse.body.id);
    expect((await forge.req('DELETE', `/repos/${alice.name}/${r.old}`, { token: alice.token })).status).toBe(204);
    expect((await forge.req('GET', `/repos/${alice.name}/${r.old}`)).status).toBe(404);
  });

  it('renaming another repository to the old name takes it over', async () => {
    const r = await renamedRepo();
    const other = uniq('other');
    const created = await forge.req('POST', '/user/repos', { token: alice.token, body: { name: other } });
    expect((await forge.req('PATCH', `/repos/${alice.name}/${other}`, { token: alice.token, body: { name: r.old } })).status).toBe(200);
    const res = await forge.req('GET', `/repos/${alice.name}/${r.old}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.body.id);
    // And `other` now redirects to the repository that took the name.
    const moved = await forge.req('GET', `/repos/${alice.name}/${other}`);
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.old}`);
  });

  it('deleting the renamed repository ends its redirects', async () => {
    const r = await renamedRepo();
    expect((await forge.req('DELETE', `/repos/${alice.name}/${r.renamed}`, { token: alice.token })).status).toBe(204);
    expect((await forge.req('GET', `/repos/${alice.name}/${r.old}`)).status).toBe(404);
    const rows = await forge.deps.db.selectFrom('repo_redirect').selectAll().where('redirect_repo_id', '=', r.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('private repositories', () => {
  it('the old name of a private repository is 404 to strangers and anonymous callers, 307 to its owner', async () => {
    const r = await renamedRepo({ private: true });
    const anon = await forge.req('GET', `/repos/${alice.name}/${r.old}`);
    expect(anon.status).toBe(404);
    expect(anon.headers.get('location')).toBeNull();
    expect(anon.text).not.toContain(r.renamed);
    const stranger = await forge.req('GET', `/repos/${alice.name}/${r.old}/issues`, { token: bob.token });
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('location')).toBeNull();
    const owner = await forge.req('GET', `/repos/${alice.name}/${r.old}`, { token: alice.token });
    expect(owner.status).toBe(307);
    expect(owner.headers.get('location')).toBe(`/api/v1/repos/${alice.name}/${r.renamed}`);
  });

  it('anonymous git gets no redirect for a private old name (asked to sign in), the owner clones through it', async () => {
    const r = await renamedRepo({ private: true });
    const res = await fetch(`${base}/${alice.name}/${r.old}.git/info/refs?service=git-upload-pack`, { redirect: 'manual' });
    expect(res.status).toBe(401);
    expect(res.headers.get('location')).toBeNull();
    const dir = tmp('c-');
    await git(dir, 'clone', '--quiet', cloneUrl(`${alice.name}/${r.old}`, [alice.name, alice.token]), 'out');
    expect(fs.readFileSync(path.join(dir, 'out', 'README.md'), 'utf8')).toContain(r.old);
  });
});

describe('clone URLs', () => {
  it('git clone of the old URL follows the 307 and gets the repository; push through it works too', async () => {
    const r = await renamedRepo();
    const probe = await fetch(`${base}/${alice.name}/${r.old}.git/info/refs?service=git-upload-pack`, { redirect: 'manual' });
    expect(probe.status).toBe(307);
    expect(probe.headers.get('location')).toBe(`/${alice.name}/${r.renamed}.git/info/refs?service=git-upload-pack`);

    const dir = tmp('c-');
    const { stderr } = await git(dir, 'clone', cloneUrl(`${alice.name}/${r.old}`), 'out');
    expect(stderr).toContain(`redirecting to ${base}/${alice.name}/${r.renamed}.git/`);
    const work = path.join(dir, 'out');
    expect(fs.readFileSync(path.join(work, 'README.md'), 'utf8')).toContain(r.old);

    fs.writeFileSync(path.join(work, 'b.txt'), 'b\n');
    await git(work, 'add', 'b.txt');
    await git(work, 'commit', '--quiet', '-m', 'b');
    await git(work, 'push', '--quiet', cloneUrl(`${alice.name}/${r.old}`, [alice.name, alice.token]), 'HEAD:main');
    const file = await forge.req('GET', `/repos/${alice.name}/${r.renamed}/contents/b.txt`);
    expect(file.status).toBe(200);
  });
});

describe('old owner names', () => {
  it('after an organization rename, /users/{old}, /repos/{old}/{repo} and the old clone URL answer 307 to the new name', async () => {
    const oldOrg = uniq('org');
    const newOrg = uniq('neworg');
    expect((await forge.req('POST', '/orgs', { token: alice.token, body: { username: oldOrg } })).status).toBe(201);
    const repoName = uniq('r');
    expect((await forge.req('POST', `/orgs/${oldOrg}/repos`, { token: alice.token, body: { name: repoName, auto_init: true } })).status).toBe(201);
    const renamed = await forge.req('POST', `/orgs/${oldOrg}/rename`, { token: alice.token, body: { new_name: newOrg } });
    expect(renamed.status).toBe(204);

    const user = await forge.req('GET', `/users/${oldOrg}`);
    expect(user.status).toBe(307);
    expect(user.headers.get('location')).toBe(`/api/v1/users/${newOrg}`);
    const sub = await forge.req('GET', `/users/${oldOrg}/heatmap?x=1`);
    expect(sub.status).toBe(307);
    expect(sub.headers.get('location')).toBe(`/api/v1/users/${newOrg}/heatmap?x=1`);
    expect((await forge.req('GET', user.headers.get('location')!)).body.login).toBe(newOrg);

    const repo = await forge.req('GET', `/repos/${oldOrg}/${repoName}`);
    expect(repo.status).toBe(307);
    expect(repo.headers.get('location')).toBe(`/api/v1/repos/${newOrg}/${repoName}`);

    const dir = tmp('c-');
    await git(dir, 'clone', '--quiet', cloneUrl(`${oldOrg}/${repoName}`), 'out');
    expect(fs.existsSync(path.join(dir, 'out', 'README.md'))).toBe(true);
  });

  it('a renamed repository under a renamed owner is found from both old names', async () => {
    const oldOrg = uniq('org');
    const newOrg = uniq('neworg');
    await forge.req('POST', '/orgs', { token: alice.token, body: { username: oldOrg } });
    const first = uniq('r');
    const second = uniq('s');
    await forge.req('POST', `/orgs/${oldOrg}/repos`, { token: alice.token, body: { name: first, auto_init: true } });
    expect((await forge.req('PATCH', `/repos/${oldOrg}/${first}`, { token: alice.token, body: { name: second } })).status).toBe(200);
    expect((await forge.req('POST', `/orgs/${oldOrg}/rename`, { token: alice.token, body: { new_name: newOrg } })).status).toBe(204);
    const dir = tmp('c-');
    const { stderr } = await git(dir, 'clone', cloneUrl(`${oldOrg}/${first}`), 'out');
    expect(stderr).toContain(`${newOrg}/${second}.git/`);
    expect(fs.existsSync(path.join(dir, 'out', 'README.md'))).toBe(true);
  });
});
