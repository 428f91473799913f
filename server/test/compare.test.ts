import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, ALICE, type FixtureCommit } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const stranger = await forge.user('stranger');

// main: c1 - c2; feature/x: from c1, f1 - f2
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'Initial\n', author: ALICE, date: 1700000000, files: { 'README.md': 'one\n' } },
  { id: 'c2', message: 'Main work\n', author: ALICE, date: 1700000100, files: { 'main.txt': 'm\n' } },
  { id: 'f1', branch: 'feature/x', from: 'c1', message: 'Feature one\n', author: ALICE, date: 1700000200, files: { 'a.txt': 'a\n' } },
  { id: 'f2', branch: 'feature/x', message: 'Feature two\n', author: ALICE, date: 1700000300, files: { 'b.txt': 'b\n' } },
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
    expect(same.body).toEqual({ total_commits: 0, commits: [] });
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
});
