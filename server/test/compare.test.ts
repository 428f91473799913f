import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, ALICE, type FixtureCommit } from './git-fixtures.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const stranger = await forge.user('stranger');

// main: c1 - c2; feature/x: from c1, f1 - f2; clash: from c1, edits the README main also edits;
// orphan: a history of its own.
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'Initial\n', author: ALICE, date: 1700000000, files: { 'README.md': 'one\n', 'old.txt': 'keep\nthese\nlines\n', 'gone.txt': 'x\n' } },
  { id: 'c2', message: 'Main work\n', author: ALICE, date: 1700000100, files: { 'main.txt': 'm\n', 'README.md': 'one\nfrom main\n' } },
  { id: 'f1', branch: 'feature/x', from: 'c1', message: 'Feature one\n', author: ALICE, date: 1700000200, files: { 'a.txt': 'a\n' } },
  {
    id: 'f2',
    branch: 'feature/x',
    message: 'Feature two\n',
    author: ALICE,
    date: 1700000300,
    files: { 'b.txt': 'b\nb2\n', 'old.txt': null, 'new.txt': 'keep\nthese\nlines\n', 'gone.txt': null },
  },
  { id: 'k1', branch: 'clash', from: 'c1', message: 'Clash\n', author: ALICE, date: 1700000400, files: { 'README.md': 'one\nfrom clash\n', 'c.txt': 'c\n' } },
  { id: 'o1', branch: 'orphan', message: 'Elsewhere\n', author: ALICE, date: 1700000500, files: { 'z.txt': 'z\n' } },
];

async function makeRepo(isPrivate = false) {
  const name = uniq('cmp');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { private: isPrivate });
  return { ...r, base: `/repos/${owner.name}/${name}` };
}

describe('compare', () => {
  it('lists the commits head has and base lacks, oldest first, with a branch name that has a slash', async () => {
    const { base, shas } = await makeRepo();
    const r = await forge.req('GET', `${base}/compare/main...feature/x`);
    expect(r.status).toBe(200);
    expect(r.body.total_commits).toBe(2);
    expect(r.body.commits.map((c: any) => c.sha)).toEqual([shas.f1, shas.f2]);
    expect(r.body.commits[0].files).toEqual([{ filename: 'a.txt', status: 'added' }]);
    const two = await forge.req('GET', `${base}/compare/main..feature/x`);
    expect(two.body.total_commits).toBe(2);
    const same = await forge.req('GET', `${base}/compare/main...main`);
    expect(same.body).toMatchObject({ total_commits: 0, commits: [], mergeable: true, conflicted_files: [], files: [] });
  });

  it('compares against the default branch when only a head is given, and 404s an unknown side', async () => {
    const { base } = await makeRepo();
    expect((await forge.req('GET', `${base}/compare/feature/x`)).body.total_commits).toBe(2);
    expect((await forge.req('GET', `${base}/compare/main...nope`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/compare/nope...main`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/compare/main...--output=x`)).status).toBe(404);
  });

  it('hides a private repository from strangers', async () => {
    const { base } = await makeRepo(true);
    expect((await forge.req('GET', `${base}/compare/main...feature/x`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/compare/main...feature/x`, { token: owner.token })).status).toBe(200);
  });

  it('says two branches merge cleanly and lists the files head changed since the merge base', async () => {
    const { base, shas } = await makeRepo();
    const r = await forge.req('GET', `${base}/compare/main...feature/x`);
    expect(r.body.merge_base).toBe(shas.c1);
    expect(r.body.mergeable).toBe(true);
    expect(r.body.conflicted_files).toEqual([]);
    // main's own change (main.txt, README.md) is not part of what the head brings.
    const byName = Object.fromEntries(r.body.files.map((f: any) => [f.filename, f]));
    expect(Object.keys(byName).sort()).toEqual(['a.txt', 'b.txt', 'gone.txt', 'new.txt']);
    expect(byName['a.txt']).toEqual({ filename: 'a.txt', status: 'added', additions: 1, deletions: 0, changes: 1 });
    expect(byName['b.txt']).toMatchObject({ status: 'added', additions: 2, deletions: 0, changes: 2 });
    expect(byName['new.txt']).toMatchObject({ status: 'renamed', previous_filename: 'old.txt', additions: 0, deletions: 0 });
    expect(byName['gone.txt']).toMatchObject({ status: 'deleted', additions: 0, deletions: 1 });
  });

  it('names the conflicting files when head cannot be merged automatically, and moves no ref', async () => {
    const { base, shas, dir } = await makeRepo();
    const refs = () => gitCli(['for-each-ref', '--format=%(refname) %(objectname)'], { cwd: dir });
    const before = await refs();
    const r = await forge.req('GET', `${base}/compare/main...clash`);
    expect(r.status).toBe(200);
    expect(r.body.total_commits).toBe(1);
    expect(r.body.merge_base).toBe(shas.c1);
    expect(r.body.mergeable).toBe(false);
    expect(r.body.conflicted_files).toEqual(['README.md']);
    expect(r.body.files.map((f: any) => f.filename).sort()).toEqual(['README.md', 'c.txt']);
    // The other way round conflicts on the same file.
    const back = await forge.req('GET', `${base}/compare/clash...main`);
    expect(back.body).toMatchObject({ mergeable: false, conflicted_files: ['README.md'] });
    expect(await refs()).toBe(before);
  });

  it('has no merge base and is not mergeable for unrelated histories', async () => {
    const { base } = await makeRepo();
    const r = await forge.req('GET', `${base}/compare/main...orphan`);
    expect(r.status).toBe(200);
    expect(r.body.merge_base).toBeUndefined();
    expect(r.body.mergeable).toBe(false);
    expect(r.body.conflicted_files).toEqual([]);
    expect(r.body.files.map((f: any) => f.filename)).toContain('z.txt');
  });

  it('compares the two commits themselves with base..head', async () => {
    const { base } = await makeRepo();
    const r = await forge.req('GET', `${base}/compare/main..feature/x`);
    const names = r.body.files.map((f: any) => f.filename).sort();
    // Directly against main, main's own additions show as removed on the head side.
    expect(names).toContain('main.txt');
    expect(r.body.files.find((f: any) => f.filename === 'main.txt').status).toBe('deleted');
  });

  it('answers the raw diff of a comparison at .diff, as text', async () => {
    const { base } = await makeRepo();
    const r = await forge.req('GET', `${base}/compare/main...feature/x.diff`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toContain('diff --git a/a.txt b/a.txt');
    expect(r.text).toContain('+b2');
    expect(r.text).toContain('rename from old.txt');
    expect(r.text).not.toContain('main.txt');
    expect((await forge.req('GET', `${base}/compare/main...nope.diff`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/compare/main...--output=x.diff`)).status).toBe(404);
    const { base: priv } = await makeRepo(true);
    expect((await forge.req('GET', `${priv}/compare/main...feature/x.diff`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${priv}/compare/main...feature/x.diff`, { token: owner.token })).status).toBe(200);
  });

  it('applies the whitespace mode to the raw diff', async () => {
    const name = uniq('ws');
    await createFixtureRepo(forge.deps, owner, name, [
      { id: 'one', message: 'one\n', files: { 'w.txt': 'a b\n' } },
      { branch: 'spaces', from: 'one', message: 'two\n', files: { 'w.txt': 'a   b\n' } },
    ]);
    const all = await forge.req('GET', `/repos/${owner.name}/${name}/compare/main...spaces.diff`);
    expect(all.text).toContain('+a   b');
    const ignored = await forge.req('GET', `/repos/${owner.name}/${name}/compare/main...spaces.diff?whitespace=ignore-change`);
    expect(ignored.status).toBe(200);
    expect(ignored.text).not.toContain('+a   b');
  });
});
