// Forks: POST/GET /repos/{o}/{r}/forks and a fork's `parent`, checked against the git folders and the rows.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { git, makeRepo, standardHistory, personOf, type ForgeUser } from './merge-fixtures.ts';
import { repoDir } from '../src/context.ts';

let forge: TestForge;
let owner: ForgeUser;
let forker: ForgeUser;
let stranger: ForgeUser;

beforeAll(async () => {
  forge = await createTestForge();
  owner = await forge.user('owner');
  forker = await forge.user('forker');
  stranger = await forge.user('stranger');
});

const forksCount = async (api: string, token?: string) => (await forge.req('GET', api, { token })).body.forks_count;
const refs = (dir: string) => git(dir, 'for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads/', 'refs/tags/');

describe('POST /repos/{owner}/{repo}/forks', () => {
  it('copies the repository into the caller: same branches and commits, fork and parent set, count up', async () => {
    const base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    await git(base.dir, 'update-ref', 'refs/pull/7/head', 'refs/heads/feature');
    const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: {} });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ full_name: `${forker.name}/${base.name}`, fork: true, private: false, empty: false, default_branch: 'main' });
    expect(res.body.owner.login).toBe(forker.name);
    expect(res.body.permissions).toEqual({ admin: true, push: true, pull: true });
    expect(res.body.parent).toMatchObject({ full_name: `${owner.name}/${base.name}`, fork: false });
    expect(res.body.parent.parent).toBeUndefined();

    const forkDir = repoDir(forge.deps.config, forker.name, base.name);
    expect(await refs(forkDir)).toBe(await refs(base.dir));
    expect(await git(forkDir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    expect(await git(forkDir, 'log', '--format=%H', 'feature')).toBe(await git(base.dir, 'log', '--format=%H', 'feature'));
    // The parent's pull request refs and its folder path stay behind.
    expect(await git(forkDir, 'for-each-ref', 'refs/pull/')).toBe('');
    expect(fs.readFileSync(path.join(forkDir, 'config'), 'utf8')).not.toContain(base.dir);
    // Nothing left in the temporary folder.
    expect(fs.readdirSync(path.join(forge.dataDir, 'tmp')).filter((f) => f.startsWith('fork-'))).toEqual([]);

    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_fork: 1, fork_id: base.repo.id });
    expect(await forksCount(base.api)).toBe(1);

    // GET shows the parent too, and the fork can be cloned-from (read) like any repository.
    const got = await forge.req('GET', `/repos/${forker.name}/${base.name}`, { token: stranger.token });
    expect(got.body.parent.full_name).toBe(`${owner.name}/${base.name}`);
    expect(got.body.parent.permissions).toEqual({ admin: false, push: false, pull: true });
    const plain = await forge.req('GET', base.api, { token: stranger.token });
    expect(plain.body).not.toHaveProperty('parent');
  });

  it('409 when the owner already has a fork (whatever its name) or the name is taken', async () => {
    const base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    expect((await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: { name: 'first-fork' } })).status).toBe(202);
    const again = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: { name: 'second-fork' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already forked');

    const other = await forge.user('other');
    await makeRepo(forge, other, standardHistory(personOf(other))).then(async (r) => {
      const taken = await forge.req('POST', `${base.api}/forks`, { token: other.token, body: { name: r.name } });
      expect(taken.status).toBe(409);
    });
    expect(await forksCount(base.api)).toBe(1);
    const bad = await forge.req('POST', `${base.api}/forks`, { token: other.token, body: { name: 'bad name' } });
    expect(bad.status).toBe(422);
    // The owner cannot fork into their own account under the same name either.
    expect((await forge.req('POST', `${base.api}/forks`, { token: owner.token, body: {} })).status).toBe(409);
  });

  it('a private repository: strangers get 404, a reader gets a private fork', async () => {
    const base = await makeRepo(forge, owner, standardHistory(personOf(owner)), { private: true });
    expect((await forge.req('POST', `${base.api}/forks`, { token: stranger.token, body: {} })).status).toBe(404);
    // Gitea's repoAssignment runs before reqToken: the repository is not there for anonymous callers.
    expect((await forge.req('POST', `${base.api}/forks`, { body: {} })).status).toBe(404);
    await forge.req('PUT', `${base.api}/collaborators/${forker.name}`, { token: owner.token, body: { permission: 'read' } });
    const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: {} });
    expect(res.status).toBe(202);
    expect(res.body.private).toBe(true);
    // The stranger sees neither the fork nor, in the list, anything.
    expect((await forge.req('GET', `/repos/${forker.name}/${base.name}`, { token: stranger.token })).status).toBe(404);
    const list = await forge.req('GET', `${base.api}/forks`, { token: forker.token });
    expect(list.body.map((r: any) => r.full_name)).toEqual([`${forker.name}/${base.name}`]);
    // Once the forker loses access to the parent, the fork's parent is null, not a leak.
    await forge.req('DELETE', `${base.api}/collaborators/${forker.name}`, { token: owner.token });
    const after = await forge.req('GET', `/repos/${forker.name}/${base.name}`, { token: forker.token });
    expect(after.body.fork).toBe(true);
    expect(after.body.parent).toBeNull();
  });

  it('forks into an organization where the caller may create repositories; 403 or 422 otherwise', async () => {
    const base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const orgName = `org${forker.name}`.slice(0, 30);
    expect((await forge.req('POST', '/orgs', { token: forker.token, body: { username: orgName } })).status).toBe(201);
    expect((await forge.req('POST', `${base.api}/forks`, { token: stranger.token, body: { organization: orgName } })).status).toBe(403);
    expect((await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: { organization: 'no-such-org-x' } })).status).toBe(422);
    const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: { organization: orgName, name: 'org-fork' } });
    expect(res.status).toBe(202);
    expect(res.body.full_name).toBe(`${orgName}/org-fork`);
    expect(fs.existsSync(repoDir(forge.deps.config, orgName, 'org-fork'))).toBe(true);
  });

  it('an empty repository gives an empty fork', async () => {
    const created = await forge.req('POST', '/user/repos', { token: owner.token, body: { name: `empty${Date.now()}` } });
    const api = `/repos/${owner.name}/${created.body.name}`;
    const res = await forge.req('POST', `${api}/forks`, { token: forker.token, body: {} });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ empty: true, fork: true });
  });
});

describe('GET /repos/{owner}/{repo}/forks and deletes', () => {
  it('pages the forks the caller may see, with X-Total-Count; deleting keeps counts and links right', async () => {
    const base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const a = await forge.user('fa');
    const b = await forge.user('fb');
    for (const u of [a, b]) expect((await forge.req('POST', `${base.api}/forks`, { token: u.token, body: {} })).status).toBe(202);
    // b's fork goes private: only b (and admins) still see it.
    await forge.req('PATCH', `/repos/${b.name}/${base.name}`, { token: b.token, body: { private: true } });

    const anon = await forge.req('GET', `${base.api}/forks`);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('X-Total-Count')).toBe('1');
    expect(anon.body.map((r: any) => r.owner.login)).toEqual([a.name]);
    const asB = await forge.req('GET', `${base.api}/forks?limit=1&page=2`, { token: b.token });
    expect(asB.headers.get('X-Total-Count')).toBe('2');
    expect(asB.body.map((r: any) => r.owner.login)).toEqual([b.name]);
    expect(asB.body[0].parent.full_name).toBe(`${owner.name}/${base.name}`);
    expect(await forksCount(base.api)).toBe(2);

    // Deleting a fork: the parent counts one less.
    expect((await forge.req('DELETE', `/repos/${a.name}/${base.name}`, { token: a.token })).status).toBe(204);
    expect(await forksCount(base.api)).toBe(1);
    // Deleting the parent: its forks become ordinary repositories (as Gitea).
    expect((await forge.req('DELETE', base.api, { token: owner.token })).status).toBe(204);
    const orphan = await forge.req('GET', `/repos/${b.name}/${base.name}`, { token: b.token });
    expect(orphan.body.fork).toBe(false);
    expect(orphan.body).not.toHaveProperty('parent');
  });
});
