// GET /repos/{o}/{r}/compare/{basehead} with tags and commit SHAs on either side, as Gitea's
// parseCompareInfo guesses them (branch, then tag, then full ref name, then commit SHA or a unique
// abbreviation), and the 404s it gives for anything else (revision expressions included).
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, ALICE, type FixtureCommit, type FixtureTag } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const forker = await forge.user('forker');

// main: c1 - c2 - c3; feature/x from c2: f1; branch "same" at c1 and a tag "same" at c3.
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'First\n', author: ALICE, date: 1700000000, files: { 'README.md': 'one\n' } },
  { id: 'c2', message: 'Second\n', author: ALICE, date: 1700000100, files: { 'two.txt': '2\n' } },
  { id: 'c3', message: 'Third\n', author: ALICE, date: 1700000200, files: { 'three.txt': '3\n', 'README.md': 'one\nthree\n' } },
  { id: 'f1', branch: 'feature/x', from: 'c2', message: 'Feature\n', author: ALICE, date: 1700000300, files: { 'f.txt': 'f\n' } },
  { id: 's1', branch: 'same', from: 'c1', message: 'Same\n', author: ALICE, date: 1700000400, files: { 's.txt': 's\n' } },
];
const tags: FixtureTag[] = [
  { name: 'v1', at: 'c1' },
  { name: 'v2', at: 'c2', message: 'Version 2\n' },
  { name: 'release/3.0', at: 'c3', message: 'Three\n' },
  { name: 'same', at: 'c3' },
];

async function makeRepo() {
  const name = uniq('refs');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { tags });
  return { ...r, name, api: `/repos/${owner.name}/${name}` };
}

const shasOf = (body: any) => body.commits.map((c: any) => c.sha);

describe('compare with tags and commits', () => {
  it('compares two tags, lightweight and annotated (peeled to their commits), and says what each side is', async () => {
    const { api, shas } = await makeRepo();
    const r = await forge.req('GET', `${api}/compare/v1...v2`);
    expect(r.status).toBe(200);
    expect(r.body.total_commits).toBe(1);
    expect(shasOf(r.body)).toEqual([shas.c2]);
    expect(r.body.files.map((f: any) => f.filename)).toEqual(['two.txt']);
    expect(r.body.base_ref).toEqual({ name: 'v1', type: 'tag', sha: shas.c1 });
    expect(r.body.head_ref).toEqual({ name: 'v2', type: 'tag', sha: shas.c2 });
    expect(r.body.merge_base).toBe(shas.c1);
    // A tag with a slash in its name, and the tag the other way round (nothing new).
    const slash = await forge.req('GET', `${api}/compare/v1...release/3.0`);
    expect(shasOf(slash.body)).toEqual([shas.c2, shas.c3]);
    expect(slash.body.head_ref).toMatchObject({ name: 'release/3.0', type: 'tag' });
    const back = await forge.req('GET', `${api}/compare/v2...v1`);
    expect(back.body).toMatchObject({ total_commits: 0, commits: [], files: [] });
  });

  it('compares full and abbreviated commit SHAs, and mixes them with branches and tags', async () => {
    const { api, shas } = await makeRepo();
    const full = await forge.req('GET', `${api}/compare/${shas.c1}...${shas.c3}`);
    expect(full.status).toBe(200);
    expect(shasOf(full.body)).toEqual([shas.c2, shas.c3]);
    expect(full.body.base_ref).toEqual({ name: shas.c1, type: 'commit', sha: shas.c1 });
    expect(full.body.head_ref).toEqual({ name: shas.c3, type: 'commit', sha: shas.c3 });
    const short = await forge.req('GET', `${api}/compare/${shas.c1!.slice(0, 7)}...${shas.c3!.slice(0, 10)}`);
    expect(shasOf(short.body)).toEqual([shas.c2, shas.c3]);
    expect(short.body.head_ref).toEqual({ name: shas.c3!.slice(0, 10), type: 'commit', sha: shas.c3 });
    // git's shortest abbreviation (4 hex digits) still names a commit; 3 do not.
    expect(shasOf((await forge.req('GET', `${api}/compare/${shas.c2!.slice(0, 4)}...main`)).body)).toEqual([shas.c3]);
    expect((await forge.req('GET', `${api}/compare/${shas.c2!.slice(0, 3)}...main`)).status).toBe(404);
    // Tag against a SHA, branch against a tag.
    const mixed = await forge.req('GET', `${api}/compare/v2...${shas.f1}`);
    expect(shasOf(mixed.body)).toEqual([shas.f1]);
    const branchTag = await forge.req('GET', `${api}/compare/feature/x...release/3.0`);
    expect(shasOf(branchTag.body)).toEqual([shas.c3]);
    expect(branchTag.body.base_ref).toMatchObject({ type: 'branch', sha: shas.f1 });
  });

  it('compares the two commits themselves with base..head, for tags and SHAs too', async () => {
    const { api, shas } = await makeRepo();
    // v2..feature/x: against v2 directly, the same as the merge base here.
    const r = await forge.req('GET', `${api}/compare/release/3.0..${shas.f1}`);
    expect(r.status).toBe(200);
    expect(shasOf(r.body)).toEqual([shas.f1]);
    // Directly against c3, what feature/x lacks of main shows as removed.
    const byName = Object.fromEntries(r.body.files.map((f: any) => [f.filename, f.status]));
    expect(byName).toEqual({ 'f.txt': 'added', 'three.txt': 'deleted', 'README.md': 'modified' });
  });

  it('prefers the branch when a branch and a tag share a name, and takes full ref names', async () => {
    const { api, shas } = await makeRepo();
    const r = await forge.req('GET', `${api}/compare/main...same`);
    expect(r.body.head_ref).toEqual({ name: 'same', type: 'branch', sha: shas.s1 });
    expect(shasOf(r.body)).toEqual([shas.s1]);
    const tag = await forge.req('GET', `${api}/compare/main...refs/tags/same`);
    expect(tag.body.head_ref).toEqual({ name: 'refs/tags/same', type: 'tag', sha: shas.c3 });
    expect(tag.body.total_commits).toBe(0);
    const branch = await forge.req('GET', `${api}/compare/refs/heads/main...refs/heads/feature/x`);
    expect(branch.body.base_ref).toMatchObject({ type: 'branch', sha: shas.c3 });
    expect(shasOf(branch.body)).toEqual([shas.f1]);
  });

  it('answers 404 for an unknown tag or SHA and for revision expressions git alone would accept', async () => {
    const { api } = await makeRepo();
    for (const basehead of [
      'v1...v9',
      'v9...v1',
      `main...${'0'.repeat(40)}`,
      `main...${'f'.repeat(12)}`,
      'main~1...main',
      'v1...main^',
      'HEAD...main',
      'main...HEAD',
      'main...main@{0}',
      'v1...:/Third',
      'main...',
    ]) {
      const r = await forge.req('GET', `${api}/compare/${basehead.replace(/[:^{}~@]/g, encodeURIComponent)}`);
      expect(r.status, basehead).toBe(404);
      expect(r.body.message, basehead).toMatch(/does not exist|not found/i);
    }
    expect((await forge.req('GET', `${api}/compare/v1...v9.diff`)).status).toBe(404);
  });

  it('gives the raw diff between two tags and between two SHAs', async () => {
    const { api, shas } = await makeRepo();
    const tagsDiff = await forge.req('GET', `${api}/compare/v1...v2.diff`);
    expect(tagsDiff.status).toBe(200);
    expect(tagsDiff.text).toContain('diff --git a/two.txt b/two.txt');
    expect(tagsDiff.text).not.toContain('three.txt');
    const shaDiff = await forge.req('GET', `${api}/compare/${shas.c2!.slice(0, 8)}...${shas.c3}.diff`);
    expect(shaDiff.text).toContain('+three');
    expect(shaDiff.text).not.toContain('two.txt');
  });

  it('takes a tag of a fork as the head (owner:tag), and a SHA only the fork has', async () => {
    const { api, name, shas } = await makeRepo();
    const fork = await forge.req('POST', `${api}/forks`, { token: forker.token, body: {} });
    expect(fork.status).toBe(202);
    const r = await forge.req('GET', `${api}/compare/v1...${forker.name}:v2`);
    expect(r.status).toBe(200);
    expect(r.body.head_ref).toEqual({ name: 'v2', type: 'tag', sha: shas.c2 });
    expect(shasOf(r.body)).toEqual([shas.c2]);
    const sha = await forge.req('GET', `${api}/compare/v1...${forker.name}/${name}:${shas.f1!.slice(0, 8)}`);
    expect(sha.body.head_ref).toMatchObject({ type: 'commit', sha: shas.f1 });
    expect((await forge.req('GET', `${api}/compare/v1...${forker.name}:v9`)).status).toBe(404);
  });
});
