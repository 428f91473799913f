import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();
const dirOf = (owner: string, name: string) => repoDir(forge.deps.config, owner, name);
const git = (dir: string, ...args: string[]) => gitCli(args, { cwd: dir }).then((s) => s.trim());

async function create(token: string, body: Record<string, unknown>) {
  return forge.req('POST', '/user/repos', { token, body });
}

describe('POST /user/repos', () => {
  it('creates an empty repository with a bare git folder and a create_repo action', async () => {
    const u = await forge.user();
    const name = uniq('repo');
    const r = await create(u.token, { name, description: 'hello' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name,
      full_name: `${u.name}/${name}`,
      description: 'hello',
      private: false,
      empty: true,
      default_branch: 'main',
      owner: { login: u.name },
      permissions: { admin: true, push: true, pull: true },
      clone_url: `http://localhost:3000/${u.name}/${name}.git`,
      html_url: `http://localhost:3000/${u.name}/${name}`,
    });
    const dir = dirOf(u.name, name);
    expect(await git(dir, 'rev-parse', '--is-bare-repository')).toBe('true');
    expect(await git(dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    const feed = await forge.req('GET', `/repos/${u.name}/${name}/activities/feeds`);
    expect(feed.body.map((a: any) => a.op_type)).toEqual(['create_repo']);
  });

  it('auto-inits README, .gitignore and LICENSE in one commit by the creator on the chosen branch', async () => {
    const u = await forge.user();
    const name = uniq('init');
    const r = await create(u.token, { name, description: 'Some words', auto_init: true, gitignores: 'Node,macOS', license: 'MIT', default_branch: 'trunk' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ empty: false, default_branch: 'trunk' });
    const dir = dirOf(u.name, name);
    expect((await git(dir, 'ls-tree', '--name-only', 'trunk')).split('\n')).toEqual(['.gitignore', 'LICENSE', 'README.md']);
    expect(await git(dir, 'show', 'trunk:README.md')).toBe(`# ${name}\n\nSome words`);
    const gi = await git(dir, 'show', 'trunk:.gitignore');
    expect(gi).toContain('node_modules/');
    expect(gi).toContain('.DS_Store');
    expect(await git(dir, 'show', 'trunk:LICENSE')).toContain('MIT License');
    expect(await git(dir, 'log', '--format=%an|%ae|%s', 'trunk')).toBe(`${u.name}|${u.name}@example.com|Initial commit`);
    expect(await git(dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/trunk');
  });

  it('needs a token', async () => {
    expect((await forge.req('POST', '/user/repos', { body: { name: 'x' } })).status).toBe(401);
  });

  it('refuses invalid names with 422 naming the field', async () => {
    const u = await forge.user();
    for (const name of ['.', '..', 'a b', 'x.git', 'y.wiki', 'ä', 'a'.repeat(101), '']) {
      const r = await create(u.token, { name });
      expect(r.status, name).toBe(422);
      expect(r.body.message, name).toMatch(/name/);
    }
    expect((await create(u.token, {})).status).toBe(422);
    // Allowed characters: letters, digits, dash, underscore, dot.
    expect((await create(u.token, { name: 'ok-name_1.x' })).status).toBe(201);
  });

  it('refuses unknown templates and bad branch names with 422 and leaves nothing behind', async () => {
    const u = await forge.user();
    const name = uniq('bad');
    for (const body of [
      { name, auto_init: true, gitignores: 'NoSuchLanguage' },
      { name, auto_init: true, license: 'WTFPL-9' },
      { name, auto_init: true, readme: 'Fancy' },
      { name, default_branch: 'a..b' },
    ]) {
      const r = await create(u.token, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect(fs.existsSync(dirOf(u.name, name))).toBe(false);
    expect((await forge.req('GET', `/repos/${u.name}/${name}`, { token: u.token })).status).toBe(404);
  });

  it('answers 409 for a name already taken, whatever its case', async () => {
    const u = await forge.user();
    const name = uniq('dup');
    expect((await create(u.token, { name })).status).toBe(201);
    const r = await create(u.token, { name: name.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('The repository with the same name already exists.');
  });
});

describe('GET /repos/{owner}/{repo} and /repositories/{id}: visibility', () => {
  it('shows a private repository only to its owner and admins; 404 to everybody else', async () => {
    const owner = await forge.user();
    const other = await forge.user();
    const name = uniq('secret');
    const created = await create(owner.token, { name, private: true });
    expect(created.body.private).toBe(true);
    const id = created.body.id;
    for (const url of [`/repos/${owner.name}/${name}`, `/repositories/${id}`]) {
      expect((await forge.req('GET', url)).status, url).toBe(404);
      expect((await forge.req('GET', url, { token: other.token })).status, url).toBe(404);
      const mine = await forge.req('GET', url, { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.permissions).toEqual({ admin: true, push: true, pull: true });
      expect((await forge.req('GET', url, { token: forge.admin.token })).status).toBe(200);
    }
  });

  it('shows a public repository to anyone with read-only permissions', async () => {
    const owner = await forge.user();
    const name = uniq('pub');
    const { body } = await create(owner.token, { name });
    const anon = await forge.req('GET', `/repos/${owner.name.toUpperCase()}/${name.toUpperCase()}`);
    expect(anon.status).toBe(200);
    expect(anon.body.permissions).toEqual({ admin: false, push: false, pull: true });
    expect((await forge.req('GET', `/repositories/${body.id}`)).body.full_name).toBe(`${owner.name}/${name}`);
    expect((await forge.req('GET', '/repositories/999999')).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/nope`)).status).toBe(404);
  });
});

describe('PATCH /repos/{owner}/{repo}', () => {
  it('edits only the given fields and answers the updated repository', async () => {
    const u = await forge.user();
    const name = uniq('edit');
    await create(u.token, { name, description: 'before' });
    const r = await forge.req('PATCH', `/repos/${u.name}/${name}`, {
      token: u.token,
      body: { website: 'https://example.com', has_issues: false, has_wiki: false, template: true, private: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      description: 'before',
      website: 'https://example.com',
      has_issues: false,
      has_wiki: false,
      has_pull_requests: true,
      template: true,
      private: true,
    });
    expect((await forge.req('GET', `/repos/${u.name}/${name}`)).status).toBe(404);
  });

  it('stores the pull request merge settings (Gitea allow_* fields and defaults)', async () => {
    const u = await forge.user();
    const name = uniq('merge');
    await create(u.token, { name });
    const fresh = await forge.req('GET', `/repos/${u.name}/${name}`);
    expect(fresh.body).toMatchObject({
      allow_merge_commits: true,
      allow_rebase: true,
      allow_squash_merge: true,
      allow_fast_forward_only_merge: true,
      default_merge_style: 'merge',
      default_delete_branch_after_merge: false,
    });
    const r = await forge.req('PATCH', `/repos/${u.name}/${name}`, {
      token: u.token,
      body: { allow_rebase: false, allow_rebase_explicit: false, default_merge_style: 'squash', default_delete_branch_after_merge: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      allow_rebase: false,
      allow_rebase_explicit: false,
      allow_merge_commits: true,
      default_merge_style: 'squash',
      default_delete_branch_after_merge: true,
    });
    expect((await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { default_merge_style: 'octopus' } })).status).toBe(422);
  });

  it('renames: moves the git folder and records rename_repo with the old name', async () => {
    const u = await forge.user();
    const name = uniq('old');
    const next = uniq('new');
    await create(u.token, { name, auto_init: true });
    const oldDir = dirOf(u.name, name);
    const r = await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { name: next } });
    expect(r.status).toBe(200);
    expect(r.body.full_name).toBe(`${u.name}/${next}`);
    expect(fs.existsSync(oldDir)).toBe(false);
    expect(await git(dirOf(u.name, next), 'ls-tree', '--name-only', 'main')).toBe('README.md');
    // The old name now redirects to the new one (issue #10, redirects.test.ts).
    const old = await forge.req('GET', `/repos/${u.name}/${name}`);
    expect(old.status).toBe(307);
    expect(old.headers.get('location')).toBe(`/api/v1/repos/${u.name}/${next}`);
    const feed = await forge.req('GET', `/repos/${u.name}/${next}/activities/feeds`);
    expect(feed.body[0]).toMatchObject({ op_type: 'rename_repo', content: name, repo: { name: next } });
  });

  it('refuses a rename onto an existing name or an invalid one with 422', async () => {
    const u = await forge.user();
    const a = uniq('a');
    const b = uniq('b');
    await create(u.token, { name: a });
    await create(u.token, { name: b });
    expect((await forge.req('PATCH', `/repos/${u.name}/${a}`, { token: u.token, body: { name: b } })).status).toBe(422);
    expect((await forge.req('PATCH', `/repos/${u.name}/${a}`, { token: u.token, body: { name: 'x.git' } })).status).toBe(422);
    expect(fs.existsSync(dirOf(u.name, a))).toBe(true);
  });

  it('changes the default branch only to an existing branch, or freely while empty', async () => {
    const u = await forge.user();
    const name = uniq('db');
    await create(u.token, { name, auto_init: true });
    const dir = dirOf(u.name, name);
    await git(dir, 'branch', 'dev', 'main');
    const bad = await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { default_branch: 'nope' } });
    expect(bad.status).toBe(422);
    const ok = await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { default_branch: 'dev' } });
    expect(ok.body.default_branch).toBe('dev');
    expect(await git(dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/dev');

    const empty = uniq('empty');
    await create(u.token, { name: empty });
    const e = await forge.req('PATCH', `/repos/${u.name}/${empty}`, { token: u.token, body: { default_branch: 'develop' } });
    expect(e.body.default_branch).toBe('develop');
    expect(await git(dirOf(u.name, empty), 'symbolic-ref', 'HEAD')).toBe('refs/heads/develop');
  });

  it('archives and unarchives; other writes to an archived repository are 423', async () => {
    const u = await forge.user();
    const name = uniq('arch');
    await create(u.token, { name });
    const r = await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { archived: true } });
    expect(r.status).toBe(200);
    expect(r.body.archived).toBe(true);
    expect(Date.parse(r.body.archived_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await forge.req('DELETE', `/repos/${u.name}/${name}`, { token: u.token })).status).toBe(423);
    // PATCH still works on an archived repository, so it can be unarchived.
    const back = await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { archived: false, description: 'back' } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ archived: false, description: 'back' });
  });

  it('is for the owner and admins: 401 anonymous, 403 other users of a public repo, 404 of a private one', async () => {
    const owner = await forge.user();
    const other = await forge.user();
    const name = uniq('perm');
    const hidden = uniq('hidden');
    await create(owner.token, { name });
    await create(owner.token, { name: hidden, private: true });
    const body = { description: 'x' };
    expect((await forge.req('PATCH', `/repos/${owner.name}/${name}`, { body })).status).toBe(401);
    expect((await forge.req('PATCH', `/repos/${owner.name}/${name}`, { token: other.token, body })).status).toBe(403);
    expect((await forge.req('PATCH', `/repos/${owner.name}/${hidden}`, { token: other.token, body })).status).toBe(404);
    expect((await forge.req('PATCH', `/repos/${owner.name}/${name}`, { token: forge.admin.token, body })).status).toBe(200);
    expect((await forge.req('PATCH', `/repos/${owner.name}/${name}`, { token: owner.token, body: { private: 'yes' } })).status).toBe(422);
  });
});

describe('DELETE /repos/{owner}/{repo}', () => {
  it('removes the row, its actions and the git folder', async () => {
    const u = await forge.user();
    const name = uniq('del');
    const { body } = await create(u.token, { name, auto_init: true });
    const dir = dirOf(u.name, name);
    expect(fs.existsSync(dir)).toBe(true);
    const other = await forge.user();
    expect((await forge.req('DELETE', `/repos/${u.name}/${name}`)).status).toBe(401);
    expect((await forge.req('DELETE', `/repos/${u.name}/${name}`, { token: other.token })).status).toBe(403);
    const r = await forge.req('DELETE', `/repos/${u.name}/${name}`, { token: u.token });
    expect(r.status).toBe(204);
    expect(fs.existsSync(dir)).toBe(false);
    expect((await forge.req('GET', `/repos/${u.name}/${name}`, { token: u.token })).status).toBe(404);
    const actions = await forge.deps.db.selectFrom('action').select('id').where('repo_id', '=', body.id).execute();
    expect(actions).toEqual([]);
    // The name is free again.
    expect((await create(u.token, { name })).status).toBe(201);
  });
});

describe('POST /repos/{template_owner}/{template_repo}/generate', () => {
  it("copies the template's default-branch tree into one new initial commit", async () => {
    const u = await forge.user();
    const tpl = uniq('tpl');
    await create(u.token, { name: tpl, auto_init: true, license: 'MIT', template: true, default_branch: 'base' });
    const tdir = dirOf(u.name, tpl);
    // A second commit in the template: the new repository gets the tree, not the history.
    const second = await gitCli(['commit-tree', 'base^{tree}', '-p', 'base', '-m', 'second'], {
      cwd: tdir,
      env: { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@x' },
    });
    await git(tdir, 'update-ref', 'refs/heads/base', second.trim());
    expect(await git(tdir, 'rev-list', '--count', 'base')).toBe('2');
    const name = uniq('gen');
    const user2 = await forge.user();
    const r = await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: user2.token, body: { name, description: 'from tpl', private: true } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name,
      owner: { login: user2.name },
      private: true,
      template: false,
      empty: false,
      default_branch: 'base',
      description: 'from tpl',
    });
    const dir = dirOf(user2.name, name);
    expect(await git(dir, 'rev-parse', 'base^{tree}')).toBe(await git(tdir, 'rev-parse', 'base^{tree}'));
    expect(await git(dir, 'rev-list', '--count', 'base')).toBe('1');
    expect(await git(dir, 'log', '--format=%an', 'base')).toBe(user2.name);
    expect(await git(dir, 'fsck', '--no-progress')).toBe('');
  });

  it('can skip git content, giving an empty repository', async () => {
    const u = await forge.user();
    const tpl = uniq('tpl');
    await create(u.token, { name: tpl, auto_init: true, template: true });
    const r = await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: u.token, body: { name: uniq('g'), git_content: false } });
    expect(r.status).toBe(201);
    expect(r.body.empty).toBe(true);
  });

  it('answers 422 for a non-template, 404 for an unreadable template, 403 for another owner, 409 for a taken name', async () => {
    const u = await forge.user();
    const other = await forge.user();
    const plain = uniq('plain');
    const tpl = uniq('tpl');
    const hidden = uniq('hidden');
    await create(u.token, { name: plain });
    await create(u.token, { name: tpl, template: true });
    await create(u.token, { name: hidden, template: true, private: true });

    const notTpl = await forge.req('POST', `/repos/${u.name}/${plain}/generate`, { token: u.token, body: { name: uniq('x') } });
    expect(notTpl.status).toBe(422);
    expect(notTpl.body.message).toBe(`${u.name}/${plain} is not a template repo`);
    expect((await forge.req('POST', `/repos/${u.name}/${hidden}/generate`, { token: other.token, body: { name: uniq('x') } })).status).toBe(404);
    expect((await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: other.token, body: { name: uniq('x'), owner: u.name } })).status).toBe(403);
    expect((await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { body: { name: uniq('x') } })).status).toBe(401);
    expect((await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: u.token, body: { name: plain } })).status).toBe(409);
    expect((await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: u.token, body: {} })).status).toBe(422);
    // An admin may generate into another user's account.
    const forU = await forge.req('POST', `/repos/${u.name}/${tpl}/generate`, { token: forge.admin.token, body: { name: uniq('x'), owner: other.name } });
    expect(forU.status).toBe(201);
    expect(forU.body.owner.login).toBe(other.name);
  });
});
