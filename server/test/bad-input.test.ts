// Issue #9 fault 7: NUL and control characters in refs, paths, names and bodies are a 4xx answer,
// never a 500 with a stack trace in the log, for anonymous callers and signed-in owners alike.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { git } from '../src/git/command.ts';
import { GitInputError, runGit } from '../src/git/run-git.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const name = uniq('repo');
const { shas } = await createFixtureRepo(forge.deps, owner, name, [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' } },
  { id: 'c2', message: 'second\n', files: { 'src/a.ts': 'a\n' } },
]);
const base = `/repos/${owner.name}/${name}`;
const dir = `${forge.dataDir}/repositories/${owner.name.toLowerCase()}/${name.toLowerCase()}.git`;

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

type Case = [method: string, url: string, body?: unknown];
const cases: Case[] = [
  ['GET', `${base}/commits?sha=%00`],
  ['GET', `${base}/commits?path=%00`],
  ['GET', `${base}/commits?sha=main%00x`],
  ['GET', `${base}/commits?sha=a%01b`],
  ['GET', `${base}/commits?path=a%0Ab`],
  ['GET', `${base}/contents?ref=%00`],
  ['GET', `${base}/contents/README.md?ref=%00`],
  ['GET', `${base}/contents/READ%00ME.md`],
  ['GET', `${base}/contents/a%01b`],
  ['GET', `${base}/raw/READ%00ME.md`],
  ['GET', `${base}/git/commits/%00`],
  ['GET', `${base}/branches/x%00y`],
  ['GET', `${base}/branches/x%01y`],
  ['PUT', `${base}/branches/x%00y`, { new_commit_id: 'main' }],
  ['DELETE', `${base}/branches/x%00y`],
  ['DELETE', `${base}/branches/x%1Fy`],
  ['PUT', `${base}/branches/main`, { new_commit_id: 'a\u0000b' }],
  ['PUT', `${base}/branches/main`, { new_commit_id: 'a\u0001b' }],
  ['POST', `${base}/branches`, { new_branch_name: 'x\u0000y', old_ref_name: 'main' }],
  ['POST', `${base}/branches`, { new_branch_name: 'x\u0007y', old_ref_name: 'main' }],
  ['POST', `${base}/branches`, { new_branch_name: 'ok-name', old_ref_name: 'ma\u0000in' }],
  ['PATCH', `${base}/branches/main`, { name: 'x\u0000y' }],
  ['GET', `${base}/compare/main...x%00y`],
  ['GET', `/repos/${owner.name}/x%00y`],
];

describe.each([
  ['anonymous', undefined],
  ['the owner', owner.token],
])('NUL and control characters as %s', (_who, token) => {
  it.each(cases)('%s %s answers 4xx without logging a stack trace', async (method, url, body) => {
    const r = await forge.req(method, url, { token, body });
    expect(r.status, r.text).toBeGreaterThanOrEqual(400);
    expect(r.status, r.text).toBeLessThan(500);
    if (r.status !== 401) expect(r.body).toMatchObject({ message: expect.any(String), url: expect.any(String) });
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('valid values still work', () => {
  it('reads commits, contents and branches with ordinary values', async () => {
    expect((await forge.req('GET', `${base}/commits?sha=main&path=README.md`)).status).toBe(200);
    expect((await forge.req('GET', `${base}/contents/README.md?ref=main`)).status).toBe(200);
    const r = await forge.req('PUT', `${base}/branches/main`, { token: owner.token, body: { new_commit_id: shas.c1, force: true } });
    expect(r.status, r.text).toBe(204);
  });
});

describe('the git wrapper refuses NUL bytes once for every caller', () => {
  it('in an argument, and in text input, with a typed error', async () => {
    await expect((async () => runGit(git('rev-parse').flag('--verify').value('main\0x'), { cwd: dir }))()).rejects.toBeInstanceOf(GitInputError);
    await expect(runGit(git('update-ref').flag('--stdin'), { cwd: dir, input: 'update refs/heads/x\0y ' + shas.c1 + '\n' })).rejects.toBeInstanceOf(
      GitInputError,
    );
    await expect(runGit(git('commit-tree').word('HEAD^{tree}'), { cwd: dir, input: 'message with a \0 byte\n' })).rejects.toBeInstanceOf(GitInputError);
  });

  it('but binary input (file contents) may hold NUL bytes', async () => {
    const sha = (await runGit(git('hash-object').flag('--stdin'), { cwd: dir, input: Buffer.from([1, 0, 2]) })).trim();
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('a body value with a NUL byte reaching git is a 422 on a write', async () => {
    const r = await forge.req('PUT', `${base}/branches/main`, { token: owner.token, body: { new_commit_id: 'a\u0000b' } });
    expect(r.status, r.text).toBe(422);
    expect(errors).not.toHaveBeenCalled();
  });
});

// Issue #23: one clean-text rule for every string a body carries (api/clean-text.ts). A NUL byte
// or a lone surrogate anywhere, or a control character in a single-line field, is a 422 naming
// the field, and nothing is stored.
describe('clean text in request bodies', () => {
  const expect422 = (r: { status: number; text: string; body: any }, field: string) => {
    expect(r.status, r.text).toBe(422);
    expect(r.body).toMatchObject({ message: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)), url: expect.any(String) });
  };

  it('user settings: full_name and theme with NUL, a control character or a lone surrogate change nothing', async () => {
    const u = await forge.user('settings');
    const before = await forge.req('PATCH', '/user/settings', { token: u.token, body: { full_name: 'Zoë 李 🎉', theme: 'gitea-dark' } });
    expect(before.status, before.text).toBe(200);
    for (const body of [
      { full_name: '\u0000' },
      { full_name: 'a\u0001b' },
      { full_name: '\ud800' },
      { theme: 'a\u0000b' },
      { theme: 'x\udc00' },
      { full_name: 'a\nb' },
    ]) {
      expect422(await forge.req('PATCH', '/user/settings', { token: u.token, body }), Object.keys(body)[0]!);
    }
    const after = await forge.req('GET', '/user/settings', { token: u.token });
    expect(after.body).toMatchObject({ full_name: 'Zoë 李 🎉', theme: 'gitea-dark' });
    // Multi-line text keeps its line breaks and tabs.
    const desc = await forge.req('PATCH', '/user/settings', { token: u.token, body: { description: 'line one\r\n\tline two' } });
    expect(desc.status, desc.text).toBe(200);
    expect(desc.body.description).toBe('line one\r\n\tline two');
    expect422(await forge.req('PATCH', '/user/settings', { token: u.token, body: { description: 'a\u0000b' } }), 'description');
  });

  it('repository creation: default_branch, issue_labels and name are checked and nothing is created', async () => {
    const u = await forge.user('creator');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ default_branch: '\ud800' }, 'default_branch'],
      [{ default_branch: 'a\u0000b' }, 'default_branch'],
      [{ default_branch: 'a..b' }, 'default_branch'],
      [{ issue_labels: '\ud800' }, 'issue_labels'],
      [{ name: `n\u0000x` }, 'name'],
    ];
    for (const [extra, field] of cases) {
      const name = uniq('clean');
      expect422(await forge.req('POST', '/user/repos', { token: u.token, body: { name, auto_init: true, ...extra } }), field);
      expect((await forge.req('GET', `/repos/${u.name}/${name}`, { token: u.token })).status).toBe(404);
    }
    expect((await forge.req('GET', `/repos/search?uid=${u.id}`, { token: u.token })).body.data).toEqual([]);
    const ok = await forge.req('POST', '/user/repos', {
      token: u.token,
      body: { name: uniq('ok'), auto_init: true, description: 'Ünïcödé 仓库 🚀', default_branch: 'trunk' },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ description: 'Ünïcödé 仓库 🚀', default_branch: 'trunk' });
  });

  it('an issue title with a NUL, and a label name with a lone surrogate, are refused; Unicode is kept', async () => {
    expect422(await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'bad\u0000title', body: 'x' } }), 'title');
    expect422(await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'ok', body: 'a\u0000b' } }), 'body');
    expect((await forge.req('GET', `${base}/issues?state=all`)).body).toEqual([]);
    expect422(await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug\ud83d', color: '#ff0000' } }), 'name');
    expect((await forge.req('GET', `${base}/labels`)).body).toEqual([]);

    const issue = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Café 😀 中文', body: 'multi\nline\tbody' } });
    expect(issue.status, issue.text).toBe(201);
    expect(issue.body).toMatchObject({ title: 'Café 😀 中文', body: 'multi\nline\tbody' });
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'バグ 🐛', color: '#ff0000' } });
    expect(label.status, label.text).toBe(201);
    expect(label.body.name).toBe('バグ 🐛');
  });

  it('a branch with a bad name is not created', async () => {
    for (const name of ['x\ud800', 'a..b', 'x\u0000y']) {
      expect422(await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: name, old_ref_name: 'main' } }), 'new_branch_name');
    }
    const names = (await forge.req('GET', `${base}/branches`)).body.map((b: { name: string }) => b.name);
    expect(names).toEqual(['main']);
  });

  it('authorization still comes first: anonymous is 401, a stranger is 404 or 403', async () => {
    expect((await forge.req('PATCH', '/user/settings', { body: { full_name: '\u0000' } })).status).toBe(401);
    const stranger = await forge.user('stranger');
    expect((await forge.req('POST', `${base}/labels`, { token: stranger.token, body: { name: '\ud800', color: '#ff0000' } })).status).toBe(403);
  });
});

describe('an author line is never built from unclean text', () => {
  it('a full name holding a NUL byte (an old row) still lets auto_init commit (SQLite)', async () => {
    const sqlite = await createTestForge({ database: 'sqlite' });
    const u = await sqlite.user('oldrow');
    await sqlite.deps.db.updateTable('user').set({ full_name: 'Old\u0000 <Row>\u0001' }).where('id', '=', u.id).execute();
    const r = await sqlite.req('POST', '/user/repos', { token: u.token, body: { name: uniq('init'), auto_init: true } });
    expect(r.status, r.text).toBe(201);
    const commits = await sqlite.req('GET', `/repos/${u.name}/${r.body.name}/commits`, { token: u.token });
    expect(commits.body[0].commit.author.name).toBe('Old Row');
    expect(errors).not.toHaveBeenCalled();
  });
});
