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
