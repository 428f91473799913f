import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';
import { combinedState } from '../src/services/pulls/statuses.ts';

// The scheduled merge is another area: here we only check that it is told about every new status,
// and that its failure does not fail the request.
// Server workers keep modules loaded from file to file (vitest.config.ts, isolate: false): the
// server's modules are loaded afresh here, before the imports above run, so they bind to the mock,
// and dropped again afterwards, so later files in this worker get the real scheduled merge.
const autoMerge = vi.hoisted(() => {
  vi.resetModules();
  return { calls: [] as Array<{ repoId: number; sha: string }>, fail: false };
});
afterAll(() => {
  vi.doUnmock('../src/services/pulls/auto-merge.ts');
  vi.resetModules();
});
vi.mock('../src/services/pulls/auto-merge.ts', () => ({
  afterCommitStatus: async (_deps: unknown, repo: { id: number }, sha: string) => {
    autoMerge.calls.push({ repoId: repo.id, sha });
    if (autoMerge.fail) throw new Error('merge exploded');
  },
}));

const forge = await createTestForge();
const owner = await forge.user('owner');
const reader = await forge.user('reader');

// main: c1 - c2 ; feature/x: c1 - f1 ; tag v1 on c1
const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' } },
  { id: 'c2', message: 'second\n', files: { 'a.txt': 'a\n' } },
  { id: 'f1', branch: 'feature/x', from: 'c1', message: 'feature\n', files: { 'f.txt': 'f\n' } },
];

async function makeRepo(opts: { private?: boolean; archived?: boolean } = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { tags: [{ name: 'v1', at: 'c1' }], ...opts });
  return { ...r, name, base: `/repos/${owner.name}/${name}` };
}

const post = (base: string, sha: string, body: unknown, token = owner.token) => forge.req('POST', `${base}/statuses/${sha}`, { token, body });

describe('creating a commit status', () => {
  it('answers 201 with Gitea CommitStatus fields, numbering statuses per commit', async () => {
    const { base, name, shas, repo } = await makeRepo();
    const r = await post(base, shas.c2, { state: 'success', target_url: 'https://ci.example.com/1', description: 'Build passed', context: 'ci/build' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: 1,
      status: 'success',
      target_url: 'https://ci.example.com/1',
      description: 'Build passed',
      context: 'ci/build',
      url: `http://localhost:3000/api/v1/repos/${owner.name}/${name}/statuses/${shas.c2}`,
      creator: { login: owner.name },
    });
    expect(r.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(r.body.updated_at).toBe(r.body.created_at);

    const second = await post(base, shas.c2, { state: 'pending' });
    expect(second.body).toMatchObject({ id: 2, status: 'pending', context: 'default', target_url: '', description: '' });
    // Another commit starts its own numbering.
    expect((await post(base, shas.c1, { state: 'failure' })).body.id).toBe(1);
    expect(autoMerge.calls.filter((c) => c.repoId === repo.id).map((c) => c.sha)).toEqual([shas.c2, shas.c2, shas.c1]);
  });

  it('stores the status on the full SHA when given a short SHA or a branch, trimming the texts', async () => {
    const { base, shas } = await makeRepo();
    const r = await post(base, shas.c2.slice(0, 10), { state: 'warning', context: '  lint  ', description: ' two warnings ' });
    expect(r.status).toBe(201);
    expect(r.body.url.endsWith(`/statuses/${shas.c2}`)).toBe(true);
    expect(r.body).toMatchObject({ context: 'lint', description: 'two warnings' });
    const byBranch = await post(base, 'feature%2Fx', { state: 'success' });
    expect(byBranch.status).toBe(201);
    expect(byBranch.body.url.endsWith(`/statuses/${shas.f1}`)).toBe(true);
    const listed = await forge.req('GET', `${base}/statuses/${shas.c2}`);
    expect(listed.body.map((s: any) => s.context)).toEqual(['lint']);
  });

  it('refuses a commit that does not exist and a state Gitea does not know', async () => {
    const { base, shas } = await makeRepo();
    expect((await post(base, 'f'.repeat(40), { state: 'success' })).status).toBe(404);
    expect((await post(base, 'no-such-branch', { state: 'success' })).status).toBe(404);
    const bad = await post(base, shas.c2, { state: 'done' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^state/);
    expect((await post(base, shas.c2, { context: 'x' })).status).toBe(422);
    expect((await forge.req('GET', `${base}/statuses/${shas.c2}`)).body).toEqual([]);
  });

  it('needs write access: anonymous 401, a reader 403, a stranger to a private repository 404', async () => {
    const pub = await makeRepo();
    expect((await forge.req('POST', `${pub.base}/statuses/${pub.shas.c2}`, { body: { state: 'success' } })).status).toBe(401);
    expect((await post(pub.base, pub.shas.c2, { state: 'success' }, reader.token)).status).toBe(403);
    const priv = await makeRepo({ private: true });
    expect((await post(priv.base, priv.shas.c2, { state: 'success' }, reader.token)).status).toBe(404);
    expect((await forge.req('POST', `${priv.base}/statuses/${priv.shas.c2}`, { body: { state: 'success' } })).status).toBe(404);
    expect((await forge.req('GET', `${priv.base}/statuses/${priv.shas.c2}`, { token: reader.token })).status).toBe(404);
    expect((await forge.req('GET', `${priv.base}/commits/main/status`)).status).toBe(404);
    expect((await forge.req('GET', `${priv.base}/commits/main/statuses`, { token: reader.token })).status).toBe(404);
    // Nothing was stored by the refused requests.
    expect((await forge.req('GET', `${pub.base}/statuses/${pub.shas.c2}`)).body).toEqual([]);
    // The owner of the private repository can post; CI may still report on an archived repository, as Gitea.
    expect((await post(priv.base, priv.shas.c2, { state: 'success' })).status).toBe(201);
    const archived = await makeRepo({ archived: true });
    expect((await post(archived.base, archived.shas.c2, { state: 'success' })).status).toBe(201);
  });

  it('keeps the status when the scheduled merge that follows fails', async () => {
    const { base, shas } = await makeRepo();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    autoMerge.fail = true;
    let logged: unknown[][] = [];
    try {
      const r = await post(base, shas.c2, { state: 'success' });
      expect(r.status).toBe(201);
      logged = [...errors.mock.calls];
    } finally {
      autoMerge.fail = false;
      errors.mockRestore();
    }
    expect(logged.flat().join(' ')).toContain('scheduled merge');
    expect((await forge.req('GET', `${base}/statuses/${shas.c2}`)).body).toHaveLength(1);
  });
});

describe('listing statuses', () => {
  async function repoWithStatuses() {
    const r = await makeRepo();
    for (const [state, context] of [
      ['pending', 'ci/build'],
      ['success', 'ci/build'],
      ['failure', 'ci/test'],
      ['pending', 'ci/deploy'],
    ]) {
      expect((await post(r.base, r.shas.c2, { state, context })).status).toBe(201);
    }
    return r;
  }

  it('lists newest first by default, with the sorts, the state filter and paging headers of Gitea', async () => {
    const { base, shas } = await repoWithStatuses();
    const list = async (q = '') => {
      const r = await forge.req('GET', `${base}/statuses/${shas.c2}${q}`);
      expect(r.status).toBe(200);
      return r;
    };
    expect((await list()).body.map((s: any) => s.id)).toEqual([4, 3, 2, 1]);
    expect((await list('?sort=oldest')).body.map((s: any) => s.id)).toEqual([1, 2, 3, 4]);
    // Gitea's leastindex/highestindex are the other way round from their names.
    expect((await list('?sort=leastindex')).body.map((s: any) => s.id)).toEqual([4, 3, 2, 1]);
    expect((await list('?sort=highestindex')).body.map((s: any) => s.id)).toEqual([1, 2, 3, 4]);
    expect((await list('?sort=nonsense')).body.map((s: any) => s.id)).toEqual([4, 3, 2, 1]);
    const pending = await list('?state=pending');
    expect(pending.body.map((s: any) => [s.id, s.context])).toEqual([
      [4, 'ci/deploy'],
      [1, 'ci/build'],
    ]);
    expect(pending.headers.get('x-total-count')).toBe('2');
    const page = await list('?sort=oldest&limit=3&page=2');
    expect(page.body.map((s: any) => s.id)).toEqual([4]);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.headers.get('link')).toContain('rel="first"');
    const first = await list('?sort=oldest&limit=3');
    expect(first.headers.get('link')).toContain('page=2');
    expect(first.headers.get('link')).toContain('rel="next"');
  });

  it('lists by branch, tag or short SHA; an unknown ref is 404 while an unknown SHA has no statuses', async () => {
    const { base, shas } = await repoWithStatuses();
    expect((await post(base, shas.c1, { state: 'success', context: 'on-c1' })).status).toBe(201);
    const ids = async (path: string) => {
      const r = await forge.req('GET', `${base}${path}`);
      expect(r.status).toBe(200);
      return r.body.map((s: any) => `${s.context}#${s.id}`);
    };
    expect(await ids('/commits/main/statuses?sort=oldest')).toEqual(['ci/build#1', 'ci/build#2', 'ci/test#3', 'ci/deploy#4']);
    expect(await ids('/commits/v1/statuses')).toEqual(['on-c1#1']);
    expect(await ids(`/commits/${shas.c2.slice(0, 7)}/statuses?state=failure`)).toEqual(['ci/test#3']);
    expect(await ids(`/statuses/${shas.c2.slice(0, 8)}?state=success`)).toEqual(['ci/build#2']);
    expect(await ids('/commits/feature%2Fx/statuses')).toEqual([]);
    expect((await forge.req('GET', `${base}/commits/nope/statuses`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/commits/${'e'.repeat(40)}/statuses`)).status).toBe(404);
    expect(await ids(`/statuses/${'e'.repeat(40)}`)).toEqual([]);
  });
});

describe('combined status', () => {
  it('is empty with state "" when the commit has no status', async () => {
    const { base, shas, name } = await makeRepo();
    const r = await forge.req('GET', `${base}/commits/main/status`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      state: '',
      sha: shas.c2,
      total_count: 0,
      statuses: [],
      commit_url: `http://localhost:3000/api/v1/repos/${owner.name}/${name}/commits/${shas.c2}`,
      url: `http://localhost:3000/api/v1/repos/${owner.name}/${name}/commits/${shas.c2}/status`,
      repository: { full_name: `${owner.name}/${name}` },
    });
    expect(await combinedState(forge.deps.db, (await makeRepo()).repo.id, shas.c2)).toBeNull();
  });

  it('combines the latest status of each context: failure beats pending beats success; warning counts as success', async () => {
    const { base, shas, repo } = await makeRepo();
    const combined = async () => {
      const r = await forge.req('GET', `${base}/commits/${shas.c2}/status`);
      expect(r.status).toBe(200);
      return r.body;
    };
    await post(base, shas.c2, { state: 'pending', context: 'build' });
    expect((await combined()).state).toBe('pending');
    await post(base, shas.c2, { state: 'success', context: 'build' });
    let body = await combined();
    expect(body).toMatchObject({ state: 'success', total_count: 1 });
    expect(body.statuses.map((s: any) => [s.context, s.status, s.id])).toEqual([['build', 'success', 2]]);
    await post(base, shas.c2, { state: 'warning', context: 'lint' });
    expect((await combined()).state).toBe('success');
    await post(base, shas.c2, { state: 'pending', context: 'deploy' });
    expect((await combined()).state).toBe('pending');
    expect(await combinedState(forge.deps.db, repo.id, shas.c2)).toBe('pending');
    await post(base, shas.c2, { state: 'error', context: 'test' });
    body = await combined();
    expect(body.state).toBe('failure');
    expect(body.total_count).toBe(4);
    // Newest context first.
    expect(body.statuses.map((s: any) => s.context)).toEqual(['test', 'deploy', 'lint', 'build']);
    expect(await combinedState(forge.deps.db, repo.id, shas.c2)).toBe('failure');
    // The same commit through its branch; the other commits are untouched.
    expect((await forge.req('GET', `${base}/commits/main/status`)).body.state).toBe('failure');
    expect((await forge.req('GET', `${base}/commits/v1/status`)).body).toMatchObject({ state: '', sha: shas.c1 });
    // Paged by context, X-Total-Count counting contexts.
    const page = await forge.req('GET', `${base}/commits/main/status?limit=2&page=2`);
    expect(page.body.statuses.map((s: any) => s.context)).toEqual(['lint', 'build']);
    expect(page.body.total_count).toBe(2);
    expect(page.headers.get('x-total-count')).toBe('4');
  });

  it('answers 404 for a ref that names no commit', async () => {
    const { base } = await makeRepo();
    expect((await forge.req('GET', `${base}/commits/nope/status`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/commits/--all/status`)).status).toBe(404);
  });
});
