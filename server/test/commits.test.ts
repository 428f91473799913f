import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const other = await forge.user('other');
const ownerPerson = { name: 'Owner Person', email: `${owner.name}@EXAMPLE.com` };
const stranger = { name: 'Stranger', email: 'stranger@nowhere.test' };

const day = (d: string) => Math.floor(Date.parse(`${d}T12:00:00Z`) / 1000);

// main: c1 (Jan 1) - c2 (Jan 2) - c3 (Jan 3) - m1 (merge of side, Jan 5)
// side: from c2, s1 (Jan 4)
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'Initial commit\n', author: stranger, date: day('2024-01-01'), files: { 'README.md': 'one\ntwo\n', 'docs/guide.md': 'guide\n' } },
  { id: 'c2', message: 'Edit readme\n\nWith a body.\n', author: ownerPerson, date: day('2024-01-02'), files: { 'README.md': 'one\nthree\nfour\n' } },
  { id: 'c3', message: 'Docs and code\n', author: ownerPerson, date: day('2024-01-03'), files: { 'docs/guide.md': null, 'src/app.ts': 'x\n' } },
  { id: 's1', branch: 'side', from: 'c2', message: 'Side work\n', author: stranger, date: day('2024-01-04'), files: { 'src/side.ts': 's\n' } },
  { id: 'm1', message: "Merge branch 'side'\n", author: ownerPerson, date: day('2024-01-05'), merge: ['s1'], files: { 'src/side.ts': 's\n' } },
];

async function makeRepo(opts: Parameters<typeof createFixtureRepo>[4] = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { tags: [{ name: 'v1', at: 'c2', message: 'one\n' }], ...opts });
  return { ...r, name, base: `/repos/${owner.name}/${name}` };
}

const shared = await makeRepo();
const { base, shas } = shared;
const list = (query = '', token?: string) => forge.req('GET', `${base}/commits${query}`, { token });

describe('commit list', () => {
  it('lists the default branch newest first in Gitea’s Commit shape', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.map((c: any) => c.sha)).toEqual([shas.m1, shas.s1, shas.c3, shas.c2, shas.c1]);
    const c2 = r.body[3];
    const api = `http://localhost:3000/api/v1${base}`;
    expect(c2).toMatchObject({
      url: `${api}/git/commits/${shas.c2}`,
      sha: shas.c2,
      html_url: `http://localhost:3000${base.slice('/repos'.length)}/commit/${shas.c2}`,
      commit: {
        url: `${api}/git/commits/${shas.c2}`,
        author: { name: 'Owner Person', email: ownerPerson.email },
        committer: { name: 'Owner Person' },
        message: 'Edit readme\n\nWith a body.\n',
        verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
      },
      author: { login: owner.name },
      committer: { login: owner.name },
      parents: [{ url: `${api}/git/commits/${shas.c1}`, sha: shas.c1 }],
      files: [{ filename: 'README.md', status: 'modified' }],
      stats: { total: 3, additions: 2, deletions: 1, changed_files: 1 },
    });
    expect(new Date(c2.created).getTime()).toBe(day('2024-01-02') * 1000);
    expect(new Date(c2.commit.author.date).getTime()).toBe(day('2024-01-02') * 1000);
    expect(c2.commit.tree.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(c2.commit.tree.url).toBe(`${api}/git/trees/${c2.commit.tree.sha}`);
    // An author e-mail that belongs to nobody gives a null user, as in Gitea.
    expect(r.body[4].author).toBeNull();
    expect(r.body[4].commit.author.email).toBe(stranger.email);
    // Added and removed files, sorted by name.
    expect(r.body[2].files).toEqual([
      { filename: 'docs/guide.md', status: 'removed' },
      { filename: 'src/app.ts', status: 'added' },
    ]);
    // A merge lists both parents, and its changes against the first parent.
    expect(r.body[0].parents.map((p: any) => p.sha)).toEqual([shas.c3, shas.s1]);
    expect(r.body[0].files).toEqual([{ filename: 'src/side.ts', status: 'added' }]);
  });

  it('pages with limit and sets X-Total-Count, X-Page, X-PerPage, X-PageCount, X-HasMore and Link', async () => {
    const r = await list('?limit=2&page=2');
    expect(r.body.map((c: any) => c.sha)).toEqual([shas.c3, shas.c2]);
    expect(r.headers.get('x-total-count')).toBe('5');
    expect(r.headers.get('x-page')).toBe('2');
    expect(r.headers.get('x-perpage')).toBe('2');
    expect(r.headers.get('x-pagecount')).toBe('3');
    expect(r.headers.get('x-hasmore')).toBe('true');
    const link = r.headers.get('link')!;
    expect(link).toContain('page=3');
    expect(link).toContain('rel="next"');
    expect(link).toContain('rel="prev"');
    expect(r.headers.get('access-control-expose-headers')).toContain('X-HasMore');
    const last = await list('?limit=2&page=3');
    expect(last.body.map((c: any) => c.sha)).toEqual([shas.c1]);
    expect(last.headers.get('x-hasmore')).toBe('false');
    expect((await list('?limit=2&page=9')).body).toEqual([]);
    // Larger limits are cut to 50; the default is 30.
    expect((await list('?limit=500')).headers.get('x-perpage')).toBe('50');
    expect((await list()).headers.get('x-perpage')).toBe('30');
  });

  it('starts from a branch or SHA given in sha, and 404s an unknown one', async () => {
    expect((await list('?sha=side')).body.map((c: any) => c.sha)).toEqual([shas.s1, shas.c2, shas.c1]);
    expect((await list(`?sha=${shas.c2}`)).body.map((c: any) => c.sha)).toEqual([shas.c2, shas.c1]);
    expect((await list('?sha=v1')).headers.get('x-total-count')).toBe('2');
    expect((await list('?sha=nope')).status).toBe(404);
  });

  it('filters by path (file or folder), and 404s a path no commit touches', async () => {
    const readme = await list('?path=README.md');
    expect(readme.body.map((c: any) => c.sha)).toEqual([shas.c2, shas.c1]);
    expect(readme.headers.get('x-total-count')).toBe('2');
    // The file list stays complete even though the path picked the commits.
    expect(readme.body[1].files.map((f: any) => f.filename)).toEqual(['README.md', 'docs/guide.md']);
    expect((await list('?path=docs')).body.map((c: any) => c.sha)).toEqual([shas.c3, shas.c1]);
    // limit is ignored with path (Gitea uses its fixed range size).
    const limited = await list('?path=src&limit=1');
    expect(limited.body.map((c: any) => c.sha)).toEqual([shas.m1, shas.s1, shas.c3]);
    expect(limited.headers.get('x-perpage')).toBe('50');
    expect((await list('?path=nothing-here')).status).toBe(404);
  });

  it('filters by since and until', async () => {
    const since = await list('?since=2024-01-02T00:00:00Z');
    expect(since.body.map((c: any) => c.sha)).toEqual([shas.m1, shas.s1, shas.c3, shas.c2]);
    expect(since.headers.get('x-total-count')).toBe('4');
    const until = await list('?until=2024-01-02T23:00:00Z');
    expect(until.body.map((c: any) => c.sha)).toEqual([shas.c2, shas.c1]);
    const both = await list('?since=2024-01-02T00:00:00Z&until=2024-01-03T23:00:00Z');
    expect(both.body.map((c: any) => c.sha)).toEqual([shas.c3, shas.c2]);
    expect(both.headers.get('x-total-count')).toBe('2');
    expect((await list('?since=yesterday-ish')).status).toBe(400);
  });

  it('leaves out what `not` reaches', async () => {
    const r = await list('?not=side');
    expect(r.body.map((c: any) => c.sha)).toEqual([shas.m1, shas.c3]);
    expect(r.headers.get('x-total-count')).toBe('2');
    expect((await list('?not=nope')).status).toBe(404);
  });

  it('drops stats, files and verification when asked', async () => {
    const r = await list('?stat=false&files=false&verification=false&limit=1');
    expect(r.body[0].stats).toBeNull();
    expect(r.body[0].files).toBeNull();
    expect(r.body[0].commit.verification).toBeNull();
    expect(r.body[0].sha).toBe(shas.m1);
  });

  it('answers 409 for an empty repository and 404 to outsiders of a private one', async () => {
    const empty = await makeRepo({ empty: true });
    const r = await forge.req('GET', `${empty.base}/commits`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Git Repository is empty.');
    const priv = await makeRepo({ private: true });
    for (const url of [
      `${priv.base}/commits`,
      `${priv.base}/git/commits/main`,
      `${priv.base}/git/commits/${priv.shas.c1}.diff`,
      `${priv.base}/commits/${priv.shas.c1}/pull`,
    ]) {
      expect((await forge.req('GET', url)).status).toBe(404);
      expect((await forge.req('GET', url, { token: other.token })).status).toBe(404);
    }
    expect((await forge.req('GET', `${priv.base}/commits`, { token: owner.token })).status).toBe(200);
    expect((await forge.req('GET', `/repos/${owner.name}/no-such-repo/commits`)).status).toBe(404);
  });
});

describe('single commit', () => {
  it('reads a commit by full or short SHA, branch or tag', async () => {
    const full = await forge.req('GET', `${base}/git/commits/${shas.c3}`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      sha: shas.c3,
      commit: { message: 'Docs and code\n' },
      author: { login: owner.name },
      parents: [{ sha: shas.c2 }],
      stats: { total: 2, additions: 1, deletions: 1, changed_files: 2 },
      files: [
        { filename: 'docs/guide.md', status: 'removed' },
        { filename: 'src/app.ts', status: 'added' },
      ],
    });
    expect((await forge.req('GET', `${base}/git/commits/${shas.c3!.slice(0, 8)}`)).body.sha).toBe(shas.c3);
    expect((await forge.req('GET', `${base}/git/commits/side`)).body.sha).toBe(shas.s1);
    expect((await forge.req('GET', `${base}/git/commits/v1`)).body.sha).toBe(shas.c2);
    const root = await forge.req('GET', `${base}/git/commits/${shas.c1}`);
    expect(root.body.parents).toEqual([]);
    expect(root.body.files).toEqual([
      { filename: 'README.md', status: 'added' },
      { filename: 'docs/guide.md', status: 'added' },
    ]);
    const lean = await forge.req('GET', `${base}/git/commits/${shas.c1}?stat=false&files=false`);
    expect(lean.body.stats).toBeNull();
    expect(lean.body.files).toBeNull();
  });

  it('404s an unknown commit and 422s what cannot be a ref', async () => {
    expect((await forge.req('GET', `${base}/git/commits/${'a'.repeat(40)}`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/git/commits/nope`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/git/commits/a..b`)).status).toBe(422);
    expect((await forge.req('GET', `${base}/git/commits/--output=x`)).status).toBe(422);
  });
});

describe('diff and patch', () => {
  it('returns a commit’s diff as plain text', async () => {
    const r = await forge.req('GET', `${base}/git/commits/${shas.c2}.diff`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    expect(r.text).toMatch(/^diff --git a\/README.md b\/README.md\n/);
    expect(r.text).toContain('-two\n+three\n+four\n');
    expect(r.text).not.toContain('Subject:');
    // Root commits show their files as new; merges diff against the first parent.
    const root = await forge.req('GET', `${base}/git/commits/${shas.c1}.diff`);
    expect(root.text).toContain('new file mode 100644');
    expect(root.text).toContain('+++ b/docs/guide.md');
    const merge = await forge.req('GET', `${base}/git/commits/${shas.m1}.diff`);
    expect(merge.text).toContain('+++ b/src/side.ts');
  });

  it('returns a commit’s patch in mailbox format', async () => {
    const r = await forge.req('GET', `${base}/git/commits/${shas.c2}.patch`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    expect(r.text).toMatch(new RegExp(`^From ${shas.c2} `));
    expect(r.text).toContain('Subject: [PATCH] Edit readme');
    expect(r.text).toContain(`From: Owner Person <${ownerPerson.email}>`);
    expect(r.text).toContain('diff --git a/README.md b/README.md');
    const root = await forge.req('GET', `${base}/git/commits/${shas.c1}.patch`);
    expect(root.text).toContain('Subject: [PATCH] Initial commit');
    // A branch name works too.
    expect((await forge.req('GET', `${base}/git/commits/side.patch`)).text).toContain('Subject: [PATCH] Side work');
  });

  it('404s an unknown commit', async () => {
    expect((await forge.req('GET', `${base}/git/commits/${'b'.repeat(40)}.diff`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/git/commits/nope.patch`)).status).toBe(404);
  });
});

describe('pull request of a commit', () => {
  it('is 404 until pull requests exist, but checks the commit first', async () => {
    const known = await forge.req('GET', `${base}/commits/${shas.c2}/pull`);
    expect(known.status).toBe(404);
    expect(known.body.message).toBe('pull request does not exist');
    const unknown = await forge.req('GET', `${base}/commits/${'c'.repeat(40)}/pull`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('commit does not exist');
  });
});
