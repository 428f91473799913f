// Conditional GETs on answers that only change with git objects (commit lists, commits, trees):
// an ETag, 304 for a matching If-None-Match, a new tag once a push, a branch update or a merge
// moves the head, and access checks that still run before any 304.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { git, makeRepo, openPull, personOf, standardHistory, tipOf } from './merge-fixtures.ts';
import { pushLike, writeCommit } from './pulls-helpers.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const stranger = await forge.user('stranger');

/** `token` '' is anonymous. */
const get = (url: string, token = owner.token, etag?: string) =>
  forge.req('GET', url, { token: token || undefined, headers: etag ? { 'If-None-Match': etag } : {} });

describe('ETag and 304', () => {
  it('answers a commit list with a weak ETag and 304 for the same tag, with no body', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const first = await get(`${api}/commits?limit=1`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`${api}/commits?limit=1`, owner.token, etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    // A list of tags and the strong form of the same tag match too (weak comparison).
    expect((await get(`${api}/commits?limit=1`, owner.token, `"nope", ${etag.slice(2)}`)).status).toBe(304);
    // Another page is another answer.
    const page2 = await get(`${api}/commits?limit=1&page=2`, owner.token, etag);
    expect(page2.status).toBe(200);
    expect(page2.headers.get('ETag')).not.toBe(etag);
    expect(page2.body[0].sha).not.toBe(first.body[0].sha);
  });

  it('compresses for clients that ask, with the same Vary either way, and tags both alike', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const plain = await get(`${api}/commits`);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    const res = await forge.app.request(`/api/v1${api}/commits`, { headers: { Authorization: `token ${owner.token}`, 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('ETag')).toBe(plain.headers.get('ETag'));
  });

  it('tags single commits and trees by content, and answers 304 for them', async () => {
    const { api, dir } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const sha = await tipOf(dir, 'main');
    for (const url of [`${api}/git/commits/${sha}`, `${api}/git/trees/${sha}`]) {
      const r = await get(url);
      expect(r.status, url).toBe(200);
      const etag = r.headers.get('ETag')!;
      expect(etag, url).toBeTruthy();
      expect((await get(url, owner.token, etag)).status, url).toBe(304);
    }
  });

  it('never answers 304 to someone who may not read the repository', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)), { private: true });
    const r = await get(`${api}/commits`);
    const etag = r.headers.get('ETag')!;
    expect((await get(`${api}/commits`, stranger.token, etag)).status).toBe(404);
    expect((await get(`${api}/commits`, '', etag)).status).toBe(404);
  });

  it('a push moves the head: the old tag no longer matches and the list shows the new commit', async () => {
    const { api, dir, repo } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const before = await get(`${api}/commits`);
    const etag = before.headers.get('ETag')!;
    const total = Number(before.headers.get('X-Total-Count'));
    const head = await tipOf(dir, 'main');
    let pushed = '';
    await pushLike(forge, repo.id, dir, owner.id, async () => (pushed = await writeCommit(dir, 'main', head, { 'new.txt': 'new\n' })));
    const after = await get(`${api}/commits`, owner.token, etag);
    expect(after.status).toBe(200);
    expect(after.body[0].sha).toBe(pushed);
    expect(Number(after.headers.get('X-Total-Count'))).toBe(total + 1);
    expect(after.headers.get('ETag')).not.toBe(etag);
  });

  it('a branch update through the API moves the list of that branch', async () => {
    const { api, dir } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const before = await get(`${api}/commits?sha=behind`);
    const etag = before.headers.get('ETag')!;
    const target = await tipOf(dir, 'main');
    // behind → main is not a fast-forward (main moved on from base): force.
    const put = await forge.req('PUT', `${api}/branches/behind`, { token: owner.token, body: { new_commit_id: target, force: true } });
    expect(put.status).toBe(204);
    const after = await get(`${api}/commits?sha=behind`, owner.token, etag);
    expect(after.status).toBe(200);
    expect(after.body[0].sha).toBe(target);
    expect(Number(after.headers.get('X-Total-Count'))).toBe(Number(await git(dir, 'rev-list', '--count', target)));
  });

  it('a merge through the merge API moves the base branch list', async () => {
    const { api, dir, repo } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const before = await get(`${api}/commits`);
    const etag = before.headers.get('ETag')!;
    const index = await openPull(forge, repo, dir, owner, { head: 'feature' });
    const merged = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(merged.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    const after = await get(`${api}/commits`, owner.token, etag);
    expect(after.status).toBe(200);
    expect(after.body[0].sha).toBe(tip);
    expect(after.body[0].parents).toHaveLength(2);
    expect(Number(after.headers.get('X-Total-Count'))).toBe(Number(await git(dir, 'rev-list', '--count', tip)));
  });
});
