// Blame ranges for a file edited by two commits, and the 404s.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { ALICE, createFixtureRepo } from './git-fixtures.ts';
import { parseBlamePorcelain } from '../src/services/blame.ts';

const forge = await createTestForge();
const owner = await forge.user('bl');
const stranger = await forge.user('st');
const BOB = { name: 'Bob Builder', email: 'bob@example.com' };

const name = uniq('blame');
const { shas } = await createFixtureRepo(forge.deps, owner, name, [
  { id: 'one', message: 'write the poem', author: ALICE, date: 1_700_000_000, files: { 'docs/poem.txt': 'line 1\nline 2\nline 3\nline 4\n' } },
  {
    id: 'two',
    message: 'rework the middle\n\nlonger body',
    author: BOB,
    date: 1_700_086_400,
    files: { 'docs/poem.txt': 'line 1\nLINE 2\nLINE 2b\nline 3\nline 4\n' },
  },
  { branch: 'topic/a', from: 'one', message: 'side', files: { 'other.txt': 'x\n' } },
]);
const priv = uniq('priv');
await createFixtureRepo(forge.deps, owner, priv, [{ message: 'init', files: { 'a.txt': 'a\n' } }], { private: true });

describe('blame', () => {
  it('folds lines into ranges by the commit that last changed them', async () => {
    const r = await forge.req('GET', `/repos/${owner.name}/${name}/blame/main/docs/poem.txt`);
    expect(r.status).toBe(200);
    expect(r.body.commit_sha).toBe(shas.two);
    expect(r.body.path).toBe('docs/poem.txt');
    expect(r.body.source).toEqual(['line 1', 'LINE 2', 'LINE 2b', 'line 3', 'line 4']);
    const ranges = r.body.ranges.map((x: { commit: { sha: string }; start: number; lines: number }) => [x.commit.sha, x.start, x.lines]);
    expect(ranges).toEqual([
      [shas.one, 1, 1],
      [shas.two, 2, 2],
      [shas.one, 4, 2],
    ]);
    expect(r.body.ranges[1].commit).toEqual({ sha: shas.two, message: 'rework the middle', author: BOB, date: '2023-11-15T22:13:20Z' });
    expect(r.body.ranges[0].commit).toMatchObject({ message: 'write the poem', author: ALICE, date: '2023-11-14T22:13:20Z' });
  });

  it('blames at a branch with a slash, a commit SHA', async () => {
    const t = await forge.req('GET', `/repos/${owner.name}/${name}/blame/topic/a/docs/poem.txt`);
    expect(t.status).toBe(200);
    expect(t.body.ranges).toHaveLength(1);
    expect(t.body.ranges[0]).toMatchObject({ start: 1, lines: 4, commit: { sha: shas.one } });
    const s = await forge.req('GET', `/repos/${owner.name}/${name}/blame/${shas.one}/docs/poem.txt`);
    expect(s.body.source).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
  });

  it('answers 404 for a missing file, a folder, an unknown ref and a private repository', async () => {
    expect((await forge.req('GET', `/repos/${owner.name}/${name}/blame/main/nope.txt`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${name}/blame/main/docs`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${name}/blame/nope/docs/poem.txt`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${priv}/blame/main/a.txt`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${priv}/blame/main/a.txt`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${priv}/blame/main/a.txt`, { token: owner.token })).status).toBe(200);
  });

  it('parses a line whose text looks like a header', () => {
    const sha = 'a'.repeat(40);
    const out = `${sha} 1 1 2\nauthor A\nauthor-mail <a@x>\nauthor-time 0\nsummary s\nfilename f\n\t${sha} 1 2\n${sha} 2 2\n\tsecond\n`;
    const b = parseBlamePorcelain(out);
    expect(b.source).toEqual([`${sha} 1 2`, 'second']);
    expect(b.ranges).toEqual([{ commit: { sha, message: 's', author: { name: 'A', email: 'a@x' }, date: '1970-01-01T00:00:00Z' }, start: 1, lines: 2 }]);
  });
});
