// The commit list answers from memory once it has seen a head + query: those answers must be the
// very answers git gives, page after page, for every query shape; counts after a push are counted
// from the previous head; branch names resolve without git exactly as git resolves them (tags
// first, packed refs, writes by another process).
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ALICE, createFixtureRepo, syntheticHistory, type FixtureCommit } from './git-fixtures.ts';
import { git } from './merge-fixtures.ts';
import { pushLike, writeCommit } from './pulls-helpers.ts';
import { clearCommitCache } from '../src/services/commits.ts';
import { resolveBranchFast } from '../src/git/refs.ts';
import { resolveCommit } from '../src/git/repo.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const BOB = { name: 'Bob', email: 'bob@example.com' };

/** 120 commits on main with a side branch merged in the middle, and a tag named like a branch. */
function history(): FixtureCommit[] {
  const base = syntheticHistory(60, [ALICE, BOB]);
  base[10] = { ...base[10]!, id: 'fork-point' };
  const side: FixtureCommit[] = Array.from({ length: 8 }, (_, i) => ({
    branch: 'side',
    ...(i === 0 ? { from: 'fork-point' } : {}),
    message: `Side ${i}\n`,
    author: BOB,
    files: { [`side/${i}.txt`]: `${i}\n` },
    ...(i === 7 ? { id: 'side-tip' } : {}),
  }));
  const rest = syntheticHistory(52, [BOB, ALICE]).map((c, i) => ({ ...c, message: `Later ${i}\n`, ...(i === 0 ? { merge: ['side-tip'] } : {}) }));
  return [...base, ...side, ...rest, { branch: 'twin', from: 'fork-point', id: 'twin-tip', message: 'Branch twin\n', files: { 'twin.txt': 'b\n' } }];
}

async function setup() {
  const r = await createFixtureRepo(forge.deps, owner, `cache${Math.random().toString(36).slice(2, 8)}`, history(), {
    tags: [{ name: 'twin', at: 'fork-point' }],
  });
  return { ...r, api: `/repos/${owner.name}/${r.repo.name}` };
}

const get = (url: string) => forge.req('GET', url, { token: owner.token });
const pageHeaders = (h: Headers) => ['X-Total-Count', 'X-Total', 'X-PageCount', 'X-HasMore', 'Link'].map((k) => h.get(k));

describe('commit list cache', () => {
  it('answers every page and query shape exactly as before caching, and as git orders history', async () => {
    const { api, dir } = await setup();
    const queries = ['limit=50', 'limit=50&stat=false', 'limit=30&files=false&verification=false', 'path=docs', 'limit=20&not=side', 'sha=side&limit=5'];
    for (const q of queries) {
      clearCommitCache();
      const fresh: { text: string; headers: (string | null)[] }[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await get(`${api}/commits?${q}&page=${page}`);
        expect(r.status, q).toBe(200);
        fresh.push({ text: r.text, headers: pageHeaders(r.headers) });
      }
      // Second pass: served from the cache, byte for byte the same.
      for (let page = 1; page <= 4; page++) {
        const r = await get(`${api}/commits?${q}&page=${page}`);
        expect({ text: r.text, headers: pageHeaders(r.headers) }, `${q} page ${page}`).toEqual(fresh[page - 1]);
      }
    }
    // The pages together are git's own order of the whole history.
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await get(`${api}/commits?limit=50&page=${page}`)).body.map((c: { sha: string }) => c.sha));
    const order = (await git(dir, 'rev-list', 'refs/heads/main')).split('\n');
    expect(all).toEqual(order);
    // Small pages through the straight top of history and past the merge below it: deep pages
    // start from remembered boundaries, and still list exactly git's order. Asked out of order too.
    clearCommitCache();
    for (const page of [1, 2, 3, 4, 5, 6, 7, 9, 8, 12]) {
      const r = await get(`${api}/commits?limit=10&page=${page}`);
      expect(
        r.body.map((c: { sha: string }) => c.sha),
        `page ${page}`,
      ).toEqual(order.slice((page - 1) * 10, page * 10));
    }
  });

  it('counts after pushes from the previous head, and from scratch after a force push', async () => {
    const { api, dir, repo } = await setup();
    const total = async (limit = 1) => Number((await get(`${api}/commits?limit=${limit}`)).headers.get('X-Total-Count'));
    const count = async () => Number(await git(dir, 'rev-list', '--count', 'refs/heads/main'));
    const pushTwo = async () => {
      let head = await git(dir, 'rev-parse', 'refs/heads/main');
      await pushLike(forge, repo.id, dir, owner.id, async () => {
        head = await writeCommit(dir, 'main', head, { 'a.txt': `a${head}\n` });
        head = await writeCommit(dir, 'main', head, { 'b.txt': `b${head}\n` });
      });
    };
    expect(await total()).toBe(await count());
    // A page of one commit cannot show the way to the old head: counted with git from the old head.
    await pushTwo();
    expect(await total()).toBe(await count());
    // A page of 50 shows both new commits and the old head: counted from the page itself.
    await pushTwo();
    expect(await total(50)).toBe(await count());
    expect(await total(1)).toBe(await count());
    // Rewind to an older commit plus a new one: the old head is no longer reachable.
    const old = await git(dir, 'rev-parse', 'refs/heads/main~30');
    await pushLike(forge, repo.id, dir, owner.id, () => writeCommit(dir, 'main', old, { 'c.txt': 'c\n' }));
    expect(await total()).toBe(await count());
    expect(await total()).toBe(Number(await git(dir, 'rev-list', '--count', old)) + 1);
  });

  it('resolves branch names without git exactly as git does', async () => {
    const { dir } = await setup();
    const viaGit = async (name: string) => (await git(dir, 'rev-parse', '--verify', '--quiet', `${name}^{commit}`).catch(() => '')) || null;
    // A tag and a branch share the name "twin": git prefers the tag, so the fast path steps aside.
    expect(resolveBranchFast(dir, 'twin')).toBeNull();
    expect(await resolveCommit(dir, 'twin')).toBe(await viaGit('twin'));
    expect(await resolveCommit(dir, 'twin')).not.toBe(await git(dir, 'rev-parse', 'refs/heads/twin'));
    expect(resolveBranchFast(dir, 'side')).toBe(await viaGit('side'));
    // Packed, then moved by another process (git itself, not our code): the new tip is seen.
    await git(dir, 'pack-refs', '--all');
    expect(resolveBranchFast(dir, 'side')).toBe(await viaGit('side'));
    const target = await git(dir, 'rev-parse', 'refs/heads/main~3');
    await git(dir, 'update-ref', 'refs/heads/side', target);
    expect(resolveBranchFast(dir, 'side')).toBe(target);
    await git(dir, 'pack-refs', '--all');
    await git(dir, 'update-ref', '-d', 'refs/heads/side');
    expect(resolveBranchFast(dir, 'side')).toBeNull();
    expect(await resolveCommit(dir, 'side')).toBeNull();
    // Names that could be a SHA or a pseudo-ref are left to git.
    expect(resolveBranchFast(dir, 'HEAD')).toBeNull();
    expect(resolveBranchFast(dir, 'abc1234')).toBeNull();
    expect(await resolveCommit(dir, 'HEAD')).toBe(await viaGit('HEAD'));
  });
});
