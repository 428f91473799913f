import { describe, expect, it } from 'vitest';
import { gitCli } from './git-cli.ts';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const other = await forge.user('other');
const ownerPerson = { name: 'Owner Person', email: `${owner.name}@example.com` };

// main: c1 - c2 - c3 ; feature/x: c2 - f1 (newest) ; tags: v1 (lightweight, c1), v2 (annotated, c3)
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' }, date: 1_700_000_000 },
  { id: 'c2', message: 'second\n', files: { 'src/a.ts': 'a\n' }, date: 1_700_000_100 },
  { id: 'c3', message: 'third by owner\n', author: ownerPerson, files: { 'src/b.ts': 'b\n' }, date: 1_700_000_200 },
  { id: 'f1', branch: 'feature/x', from: 'c2', message: 'feature work\n', files: { 'src/f.ts': 'f\n' }, date: 1_700_000_300 },
];

async function makeRepo(opts: Parameters<typeof createFixtureRepo>[4] = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), {
    tags: [
      { name: 'v1', at: 'c1' },
      { name: 'v2', at: 'c3', message: 'Release two\n', date: 1_700_000_400 },
    ],
    ...opts,
  });
  return { ...r, name, base: `/repos/${owner.name}/${name}` };
}

const headOf = async (dir: string, branch: string) => (await gitCli(['rev-parse', `refs/heads/${branch}`], { cwd: dir })).trim();

describe('branch listing and reading', () => {
  it('lists branches newest tip first with Gitea Branch fields and paging headers', async () => {
    const { base, shas } = await makeRepo();
    const r = await forge.req('GET', `${base}/branches`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.map((b: any) => b.name)).toEqual(['feature/x', 'main']);
    expect(r.headers.get('x-total-count')).toBe('2');
    const main = r.body[1];
    expect(main).toMatchObject({
      name: 'main',
      protected: false,
      required_approvals: 0,
      enable_status_check: false,
      status_check_contexts: [],
      user_can_push: true,
      user_can_merge: true,
      effective_branch_protection_name: '',
      commit: {
        id: shas.c3,
        message: 'third by owner\n',
        url: `http://localhost:3000/${owner.name}/${base.split('/')[3]}/commit/${shas.c3}`,
        author: { name: 'Owner Person', email: ownerPerson.email, username: owner.name },
        committer: { name: 'Owner Person', username: owner.name },
        verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
      },
    });
    expect(new Date(main.commit.timestamp).getTime()).toBe(1_700_000_200_000);

    const page = await forge.req('GET', `${base}/branches?limit=1&page=2`);
    expect(page.body.map((b: any) => b.name)).toEqual(['main']);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.headers.get('link')).toContain('rel="first"');
    expect((await forge.req('GET', `${base}/branches?limit=1`)).headers.get('link')).toContain('rel="next"');
    expect((await forge.req('GET', `${base}/branches?page=5`)).body).toEqual([]);
  });

  it('answers user_can_push from the caller’s access', async () => {
    const { base } = await makeRepo();
    for (const token of [undefined, other.token]) {
      const r = await forge.req('GET', `${base}/branches/main`, { token });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ user_can_push: false, user_can_merge: false });
    }
    expect((await forge.req('GET', `${base}/branches/main`, { token: forge.admin.token })).body.user_can_push).toBe(true);
  });

  it('reads a branch whose name has slashes, and 404s an unknown one', async () => {
    const { base, shas } = await makeRepo();
    const r = await forge.req('GET', `${base}/branches/feature/x`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('feature/x');
    expect(r.body.commit.id).toBe(shas.f1);
    expect(r.body.commit.author.username).toBe('');
    // Clients that encode the slash (openapi-fetch does) reach the same branch.
    expect((await forge.req('GET', `${base}/branches/feature%2Fx`)).body.commit.id).toBe(shas.f1);
    expect((await forge.req('GET', `${base}/branches/feature`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/branches/nope`)).status).toBe(404);
  });

  it('hides a private repository’s branches and tags from others with 404', async () => {
    const { base } = await makeRepo({ private: true });
    for (const url of [`${base}/branches`, `${base}/branches/main`, `${base}/tags`]) {
      expect((await forge.req('GET', url)).status).toBe(404);
      expect((await forge.req('GET', url, { token: other.token })).status).toBe(404);
      expect((await forge.req('GET', url, { token: owner.token })).status).toBe(200);
    }
    const write = await forge.req('POST', `${base}/branches`, { token: other.token, body: { new_branch_name: 'x' } });
    expect(write.status).toBe(404);
  });

  it('lists an empty repository as no branches', async () => {
    const { base } = await makeRepo({ empty: true });
    const r = await forge.req('GET', `${base}/branches`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect(r.headers.get('x-total-count')).toBe('0');
  });
});

describe('tags', () => {
  it('lists tags newest first with Gitea Tag fields', async () => {
    const { base, shas, name } = await makeRepo();
    const r = await forge.req('GET', `${base}/tags`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('2');
    expect(r.body.map((t: any) => t.name)).toEqual(['v2', 'v1']);
    const [v2, v1] = r.body;
    expect(v2.commit.sha).toBe(shas.c3);
    expect(v2.id).not.toBe(shas.c3); // the annotated tag object
    expect(v2.message).toBe('Release two');
    expect(v2.zipball_url).toBe(`http://localhost:3000/${owner.name}/${name}/archive/v2.zip`);
    expect(v2.tarball_url).toBe(`http://localhost:3000/${owner.name}/${name}/archive/v2.tar.gz`);
    expect(v1).toMatchObject({ id: shas.c1, message: 'first', commit: { sha: shas.c1, url: `http://localhost:3000/api/v1${base}/git/commits/${shas.c1}` } });
    const page = await forge.req('GET', `${base}/tags?limit=1&page=2`);
    expect(page.body.map((t: any) => t.name)).toEqual(['v1']);
  });
});

describe('creating branches', () => {
  it('creates from the default branch, a branch, a tag or a SHA', async () => {
    const { base, shas, dir } = await makeRepo();
    const fromDefault = await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: 'topic/one' } });
    expect(fromDefault.status).toBe(201);
    expect(fromDefault.body).toMatchObject({ name: 'topic/one', commit: { id: shas.c3 }, user_can_push: true });
    const cases: [Record<string, string>, string][] = [
      [{ old_ref_name: 'feature/x' }, shas.f1!],
      [{ old_ref_name: 'v1' }, shas.c1!],
      [{ old_ref_name: shas.c2!.slice(0, 10) }, shas.c2!],
      [{ old_branch_name: 'feature/x' }, shas.f1!],
    ];
    for (const [from, sha] of cases) {
      const name = uniq('b');
      const r = await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: name, ...from } });
      expect(r.status).toBe(201);
      expect(r.body.commit.id).toBe(sha);
      expect(await headOf(dir, name)).toBe(sha);
    }
  });

  it('refuses bad names (422), existing names (409) and unknown starting points (404)', async () => {
    const { base } = await makeRepo();
    const post = (body: unknown) => forge.req('POST', `${base}/branches`, { token: owner.token, body });
    for (const bad of ['a..b', 'ends/', 'has space', '-leading', 'x.lock', 'a//b', 'HEAD', 'a~1', 'x'.repeat(101)]) {
      const r = await post({ new_branch_name: bad });
      expect(r.status, bad).toBe(422);
    }
    expect((await post({})).status).toBe(422);
    const dup = await post({ new_branch_name: 'main' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('The branch already exists.');
    expect((await post({ new_branch_name: 'v1' })).status).toBe(409);
    // "feature" would be a folder of feature/x.
    expect((await post({ new_branch_name: 'feature' })).status).toBe(409);
    expect((await post({ new_branch_name: 'new1', old_ref_name: 'nope' })).status).toBe(404);
    expect((await post({ new_branch_name: 'new2', old_branch_name: 'nope' })).status).toBe(404);
  });

  it('answers 404 "Git Repository is empty." on an empty repository', async () => {
    const { base } = await makeRepo({ empty: true });
    const r = await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Git Repository is empty.');
  });

  it('needs a signed-in writer (401/403) and refuses archived repositories (423)', async () => {
    const { base } = await makeRepo();
    const body = { new_branch_name: 'x' };
    expect((await forge.req('POST', `${base}/branches`, { body })).status).toBe(401);
    expect((await forge.req('POST', `${base}/branches`, { token: other.token, body })).status).toBe(403);
    const archived = await makeRepo({ archived: true });
    expect((await forge.req('POST', `${archived.base}/branches`, { token: owner.token, body })).status).toBe(423);
    expect((await forge.req('PUT', `${archived.base}/branches/main`, { token: owner.token, body: { new_commit_id: 'x' } })).status).toBe(423);
    expect((await forge.req('PATCH', `${archived.base}/branches/feature/x`, { token: owner.token, body: { name: 'y' } })).status).toBe(423);
    expect((await forge.req('DELETE', `${archived.base}/branches/feature/x`, { token: owner.token })).status).toBe(423);
    expect((await forge.req('GET', `${archived.base}/branches/feature/x`)).status).toBe(200);
  });
});

describe('moving a branch (PUT)', () => {
  it('fast-forwards, refuses non-fast-forward without force, and forces with force', async () => {
    const { base, shas, dir } = await makeRepo();
    const put = (branch: string, body: unknown) => forge.req('PUT', `${base}/branches/${branch}`, { token: owner.token, body });
    // feature/x (at f1) back to c2 is not a fast-forward.
    const back = await put('feature/x', { new_commit_id: shas.c2 });
    // Gitea answers a validation error (422), not a conflict.
    expect(back.status).toBe(422);
    expect(back.body.message).toContain('not a fast-forward');
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);
    expect((await put('feature/x', { new_commit_id: shas.c2, force: true })).status).toBe(204);
    expect(await headOf(dir, 'feature/x')).toBe(shas.c2);
    // c2 → c3 is a fast-forward; a branch or tag name works as the target too.
    expect((await put('feature/x', { new_commit_id: 'v2' })).status).toBe(204);
    expect(await headOf(dir, 'feature/x')).toBe(shas.c3);
  });

  it('checks old_commit_id (422), the target (422) and the branch (404)', async () => {
    const { base, shas, dir } = await makeRepo();
    const put = (branch: string, body: unknown) => forge.req('PUT', `${base}/branches/${branch}`, { token: owner.token, body });
    const stale = await put('feature/x', { new_commit_id: shas.c3, old_commit_id: shas.c1, force: true });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toContain('does not match');
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);
    expect((await put('feature/x', { new_commit_id: shas.c3, old_commit_id: shas.f1, force: true })).status).toBe(204);
    expect((await put('feature/x', { new_commit_id: 'f'.repeat(40) })).status).toBe(422);
    expect((await put('feature/x', {})).status).toBe(422);
    expect((await put('nope', { new_commit_id: shas.c3 })).status).toBe(404);
    expect((await forge.req('PUT', `${base}/branches/main`, { token: other.token, body: { new_commit_id: shas.c1 } })).status).toBe(403);
  });
});

describe('renaming a branch (PATCH)', () => {
  it('renames a branch, keeping its commit', async () => {
    const { base, shas, dir } = await makeRepo();
    const r = await forge.req('PATCH', `${base}/branches/feature/x`, { token: owner.token, body: { name: 'feature/y' } });
    expect(r.status).toBe(204);
    expect(await headOf(dir, 'feature/y')).toBe(shas.f1);
    expect((await forge.req('GET', `${base}/branches/feature/x`)).status).toBe(404);
  });

  it('renaming the default branch moves HEAD and the repository’s default_branch', async () => {
    const { base, dir, repo } = await makeRepo();
    expect((await forge.req('PATCH', `${base}/branches/main`, { token: owner.token, body: { name: 'trunk' } })).status).toBe(204);
    expect((await gitCli(['symbolic-ref', 'HEAD'], { cwd: dir })).trim()).toBe('refs/heads/trunk');
    const row = await forge.deps.db.selectFrom('repository').select('default_branch').where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row.default_branch).toBe('trunk');
    // The default branch is protected from deletion under its new name.
    expect((await forge.req('DELETE', `${base}/branches/trunk`, { token: owner.token })).status).toBe(403);
  });

  it('refuses existing targets and bad names with 422, unknown branches with 404, outsiders with 403', async () => {
    const { base } = await makeRepo();
    const patch = (branch: string, body: unknown, token = owner.token) => forge.req('PATCH', `${base}/branches/${branch}`, { token, body });
    const taken = await patch('feature/x', { name: 'main' });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toContain('already exists');
    expect((await patch('feature/x', { name: 'bad..name' })).status).toBe(422);
    expect((await patch('feature/x', {})).status).toBe(422);
    expect((await patch('nope', { name: 'other' })).status).toBe(404);
    expect((await patch('feature/x', { name: 'z' }, other.token)).status).toBe(403);
    expect((await forge.req('PATCH', `${base}/branches/feature/x`, { body: { name: 'z' } })).status).toBe(401);
  });
});

describe('deleting a branch', () => {
  it('deletes a branch and records delete_branch in the activity feed', async () => {
    const { base, repo, dir } = await makeRepo();
    const r = await forge.req('DELETE', `${base}/branches/feature/x`, { token: owner.token });
    expect(r.status).toBe(204);
    expect((await gitCli(['for-each-ref', 'refs/heads/'], { cwd: dir })).includes('feature/x')).toBe(false);
    const actions = await forge.deps.db.selectFrom('action').selectAll().where('repo_id', '=', repo.id).execute();
    expect(actions.map((a) => [a.op_type, a.ref_name, a.act_user_id])).toContainEqual(['delete_branch', 'feature/x', owner.id]);
    expect((await forge.req('DELETE', `${base}/branches/feature/x`, { token: owner.token })).status).toBe(404);
  });

  it('never deletes the default branch (403) and needs write access', async () => {
    const { base } = await makeRepo();
    const r = await forge.req('DELETE', `${base}/branches/main`, { token: owner.token });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('can not delete default branch');
    expect((await forge.req('DELETE', `${base}/branches/feature/x`, { token: other.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/branches/feature/x`)).status).toBe(401);
    const empty = await makeRepo({ empty: true });
    expect((await forge.req('DELETE', `${empty.base}/branches/main`, { token: owner.token })).status).toBe(404);
  });
});
