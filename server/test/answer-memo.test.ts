// Answers kept between writes (api/answer-memo.ts), token sign-ins and repository rows kept the
// same way (auth/middleware.ts, services/repo-context.ts): the same bytes and headers as a fresh
// answer, and never an old answer after a write, a commit by another connection, or a ref moved
// by git alone.
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openDb } from '../src/db/index.ts';
import { closeDb } from '../src/db/dialect.ts';
import { createTestForge } from './helpers.ts';
import { makeRepo, personOf, standardHistory, tipOf } from './merge-fixtures.ts';
import { writeCommit } from './pulls-helpers.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const other = await forge.user('other');

const get = (url: string, token?: string, headers: Record<string, string> = {}) => forge.req('GET', url, { token, headers });
/** The same request to a second app on the same database: its answer was never kept. */
const fresh = async (url: string, token?: string) => {
  const res = await createApp(forge.deps).request(`/api/v1${url}`, { headers: token ? { Authorization: `token ${token}` } : {} });
  return { status: res.status, headers: [...res.headers], text: await res.text() };
};

describe('answers kept between writes', () => {
  it('answer a repeated search, issue list and commit list with the bytes and headers of a fresh answer', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'first' } });
    // Kept as UTF-8 bytes: characters of two, three and four bytes come back as they were.
    await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'première 漢字 🚀' } });
    for (const [url, token] of [
      ['/repos/search?limit=5', undefined],
      ['/repos/search?limit=5', other.token],
      [`${api}/issues?state=all`, owner.token],
      [`${api}/commits?limit=2`, owner.token],
      [`${api}/commits?sha=feature&limit=1&page=2`, undefined],
    ] as const) {
      const first = await get(url, token);
      const again = await get(url, token);
      const ref = await fresh(url, token);
      expect(first.status, url).toBe(200);
      expect(again.text, url).toBe(first.text);
      expect(again.text, url).toBe(ref.text);
      expect([...again.headers], url).toEqual(ref.headers);
    }
  });

  it('shows a new issue, an edited one and a closed one at once', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const list = async () => (await get(`${api}/issues?state=open`, owner.token)).body.map((i: { title: string }) => i.title);
    expect(await list()).toEqual([]);
    const created = await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'one' } });
    expect(await list()).toEqual(['one']);
    await forge.req('PATCH', `${api}/issues/${created.body.number}`, { token: owner.token, body: { title: 'renamed' } });
    expect(await list()).toEqual(['renamed']);
    await forge.req('PATCH', `${api}/issues/${created.body.number}`, { token: owner.token, body: { state: 'closed' } });
    expect(await list()).toEqual([]);
  });

  it('keeps answers per user: a private repository found by its owner stays hidden from others', async () => {
    const { name } = await makeRepo(forge, owner, standardHistory(personOf(owner)), { private: true });
    const names = async (token?: string) => (await get(`/repos/search?q=${name}`, token)).body.data.map((r: { name: string }) => r.name);
    expect(await names(owner.token)).toEqual([name]);
    expect(await names(other.token)).toEqual([]);
    expect(await names()).toEqual([]);
    expect((await get(`/repos/${owner.name}/${name}/commits`, other.token)).status).toBe(404);
  });

  it('sees a commit made by another connection to the database (a CLI, a restore)', async () => {
    const { api, repo } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'before' } });
    const titles = async () => (await get(`${api}/issues`, owner.token)).body.map((i: { title: string }) => i.title);
    expect(await titles()).toEqual(['before']);
    // On PostgreSQL this is what another server process does.
    const second = await openDb(forge.deps.config.databaseUrl ?? path.join(forge.dataDir, 'forge.db'));
    try {
      await second.updateTable('issue').set({ name: 'changed elsewhere' }).where('repo_id', '=', repo.id).execute();
    } finally {
      await closeDb(second);
    }
    expect(await titles()).toEqual(['changed elsewhere']);
  });

  it('shows commits a branch gained in git alone, without any database write', async () => {
    const { api, dir } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const head = async (q = '') => (await get(`${api}/commits?limit=1${q}`, owner.token)).body[0].sha;
    expect(await head()).toBe(await tipOf(dir, 'main'));
    expect(await head('&sha=feature')).toBe(await tipOf(dir, 'feature'));
    const moved = await writeCommit(dir, 'main', await tipOf(dir, 'main'), { 'new.txt': 'new\n' });
    const onFeature = await writeCommit(dir, 'feature', await tipOf(dir, 'feature'), { 'f.txt': 'f\n' });
    expect(await head()).toBe(moved);
    expect(await head('&sha=feature')).toBe(onFeature);
    const total = (await get(`${api}/commits?limit=1&not=feature`, owner.token)).headers.get('X-Total-Count');
    await writeCommit(dir, 'feature', onFeature, { 'g.txt': 'g\n' });
    // Another commit on the excluded branch leaves the count as it was; one on main raises it.
    expect((await get(`${api}/commits?limit=1&not=feature`, owner.token)).headers.get('X-Total-Count')).toBe(total);
    await writeCommit(dir, 'main', moved, { 'h.txt': 'h\n' });
    expect(Number((await get(`${api}/commits?limit=1&not=feature`, owner.token)).headers.get('X-Total-Count'))).toBe(Number(total) + 1);
  });

  it('still answers 304 to If-None-Match on a kept commit list, and 200 with the tag to others', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const first = await get(`${api}/commits`, owner.token);
    const kept = await get(`${api}/commits`, owner.token);
    expect(kept.headers.get('ETag')).toBe(first.headers.get('ETag'));
    const revalidated = await get(`${api}/commits`, owner.token, { 'If-None-Match': first.headers.get('ETag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it('compresses a kept answer as a fresh one is: the same headers and, unpacked, the same bytes', async () => {
    const { api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    for (let i = 0; i < 3; i++)
      await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: `issue ${i} – ünïcode`, body: 'x'.repeat(400) } });
    const app = createApp(forge.deps);
    const ask = async (target: ReturnType<typeof createApp>, url: string, encoding: string) => {
      const res = await target.request(`/api/v1${url}`, { headers: { Authorization: `token ${owner.token}`, 'Accept-Encoding': encoding } });
      const raw = Buffer.from(await res.arrayBuffer());
      const coding = res.headers.get('Content-Encoding');
      const text = (coding === 'gzip' ? zlib.gunzipSync(raw) : coding === 'deflate' ? zlib.inflateSync(raw) : raw).toString('utf8');
      return { status: res.status, headers: [...res.headers], text };
    };
    for (const url of [`${api}/issues?state=all`, `${api}/commits?limit=3`, '/repos/search?limit=50']) {
      for (const encoding of ['gzip', 'gzip, deflate, br, zstd', 'deflate', 'deflate;q=1, gzip;q=0.5', 'br', 'identity']) {
        const first = await ask(app, url, encoding);
        // The second comes from the kept answer, the third from its kept compressed bytes.
        for (const again of [await ask(app, url, encoding), await ask(app, url, encoding)]) {
          const ref = await ask(createApp(forge.deps), url, encoding);
          expect(again, `${url} ${encoding}`).toEqual(ref);
          expect(again.text, `${url} ${encoding}`).toBe(first.text);
        }
      }
    }
    const gz = await ask(app, `${api}/commits?limit=3`, 'gzip');
    expect(new Headers(gz.headers).get('Content-Encoding')).toBe('gzip');
    expect(new Headers(gz.headers).get('ETag')).toMatch(/^W\//);
  });

  it('refuses a token once it is deleted, though it signed in a moment before', async () => {
    const u = await forge.user('revoked');
    expect((await get('/user', u.token)).status).toBe(200);
    expect((await get('/user', u.token)).body.login).toBe(u.name);
    await forge.deps.db.deleteFrom('access_token').where('user_id', '=', u.id).execute();
    const after = await get('/user', u.token);
    expect(after.status).toBe(401);
  });

  it('sees a repository renamed and made private at once', async () => {
    const { api, name } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    expect((await get(api, other.token)).status).toBe(200);
    expect((await forge.req('PATCH', api, { token: owner.token, body: { private: true } })).status).toBe(200);
    expect((await get(api, other.token)).status).toBe(404);
    expect((await get(`${api}/commits`, other.token)).status).toBe(404);
    expect((await forge.req('PATCH', api, { token: owner.token, body: { name: `${name}-new` } })).status).toBe(200);
    expect((await get(`/repos/${owner.name}/${name}-new`, owner.token)).body.name).toBe(`${name}-new`);
  });
});
