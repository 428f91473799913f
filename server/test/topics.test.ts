// Repository topics as Gitea 1.23 (routers/api/v1/repo/topic.go, models/repo/topic.go): names are
// trimmed and lower-cased, checked against [a-z0-9][-.a-z0-9]* within 35 characters, at most 25 a
// repository; readers list them, admins change them; repositories show them and are found by them;
// GET /topics/search counts only repositories the caller may read.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres } from '../src/db/dialect.ts';
import { migrations } from '../src/db/migrations.ts';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { req } = forge;

async function repoOf(owner: { name: string; token: string }, body: Record<string, unknown> = {}) {
  const name = uniq('r');
  const r = await req('POST', '/user/repos', { token: owner.token, body: { name, ...body } });
  expect(r.status).toBe(201);
  return `/repos/${owner.name}/${name}`;
}

describe('repository topics', () => {
  it('replaces, adds and deletes topics, and the repository shows them', async () => {
    const owner = await forge.user();
    const repo = await repoOf(owner);
    expect((await req('GET', `${repo}/topics`)).body).toEqual({ topics: [] });
    expect((await req('GET', repo)).body.topics).toEqual([]);

    const put = await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: [' Zebra ', 'api', 'API', '', 'go-lang.v2'] } });
    expect(put.status).toBe(204);
    const listed = await req('GET', `${repo}/topics`);
    expect(listed.body).toEqual({ topics: ['api', 'go-lang.v2', 'zebra'] });
    expect(listed.headers.get('x-total-count')).toBe('3');
    expect([...(await req('GET', repo)).body.topics].sort()).toEqual(['api', 'go-lang.v2', 'zebra']);

    expect((await req('PUT', `${repo}/topics/Docs`, { token: owner.token })).status).toBe(204);
    // Adding one it has already changes nothing.
    expect((await req('PUT', `${repo}/topics/docs`, { token: owner.token })).status).toBe(204);
    expect((await req('DELETE', `${repo}/topics/zebra`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `${repo}/topics`)).body.topics).toEqual(['api', 'docs', 'go-lang.v2']);
    const page = await req('GET', `${repo}/topics?limit=2&page=2`);
    expect(page.body.topics).toEqual(['go-lang.v2']);
    expect(page.headers.get('x-total-count')).toBe('3');

    // Deleting one it doesn't have is not found; an empty list clears them all.
    expect((await req('DELETE', `${repo}/topics/zebra`, { token: owner.token })).status).toBe(404);
    expect((await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: [] } })).status).toBe(204);
    expect((await req('GET', repo)).body.topics).toEqual([]);
    // As Gitea, null (a Go client's nil slice) clears them too.
    await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: ['api'] } });
    expect((await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: null } })).status).toBe(204);
    expect((await req('GET', `${repo}/topics`)).body.topics).toEqual([]);
  });

  it("lists a repository's topics byte by byte, whatever the PostgreSQL database's locale (#12)", async () => {
    const { db } = forge.deps;
    if (isPostgres(db)) {
      // A database made with a locale such as glibc's en_US skips punctuation at first ("ab" before
      // "a.d"; ICU does so when shifted): a column of one, then the migration.
      await sql`create collation if not exists punct_shifted (provider = icu, locale = 'und-u-ka-shifted')`.execute(db);
      await sql`alter table topic alter column name type varchar(50) collate punct_shifted`.execute(db);
      await migrations['20261127_2100_topic_name_collation']!.up(db);
    }
    const owner = await forge.user();
    const repo = await repoOf(owner);
    const w = uniq('o');
    await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: [`${w}ab`, `${w}a.d`, `${w}a-b`] } });
    expect((await req('GET', `${repo}/topics`)).body.topics).toEqual([`${w}a-b`, `${w}a.d`, `${w}ab`]);
  });

  it("refuses invalid names and a 26th topic with Gitea's invalidTopics, keeping what was there", async () => {
    const owner = await forge.user();
    const repo = await repoOf(owner);
    await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: ['kept'] } });

    const bad = await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: ['good', 'no spaces', '-dash-first', 'x'.repeat(36)] } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: 'Topic names are invalid', invalidTopics: ['no spaces', '-dash-first', 'x'.repeat(36)] });
    const many = Array.from({ length: 26 }, (_, i) => `t${i}`);
    const tooMany = await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: many } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ message: 'Exceeding maximum number of topics per repo', invalidTopics: null });
    const badOne = await req('PUT', `${repo}/topics/${encodeURIComponent('Not_Valid')}`, { token: owner.token });
    expect(badOne.status).toBe(422);
    expect(badOne.body).toMatchObject({ message: 'Topic name is invalid', invalidTopics: 'not_valid' });
    expect((await req('GET', `${repo}/topics`)).body.topics).toEqual(['kept']);

    expect((await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: many.slice(0, 25) } })).status).toBe(204);
    const full = await req('PUT', `${repo}/topics/one-more`, { token: owner.token });
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('Exceeding maximum allowed topics per repo.');
    expect((await req('GET', `${repo}/topics`)).headers.get('x-total-count')).toBe('25');
  });

  it("keeps one repository's topics whole under writes at once (they overlap on PostgreSQL)", async () => {
    const owner = await forge.user();
    const repo = await repoOf(owner);
    const word = uniq('cc');
    const saves = await Promise.all(
      Array.from({ length: 4 }, () => req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: [word, `${word}-b`] } })),
    );
    expect(saves.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect((await req('GET', `${repo}/topics`)).body.topics).toEqual([word, `${word}-b`]);

    await req('PUT', `${repo}/topics`, { token: owner.token, body: { topics: Array.from({ length: 24 }, (_, i) => `t${i}`) } });
    const adds = await Promise.all(['x1', 'x2', 'x3'].map((t) => req('PUT', `${repo}/topics/${t}`, { token: owner.token })));
    expect(adds.map((r) => r.status).sort()).toEqual([204, 422, 422]);
    expect((await req('GET', `${repo}/topics`)).headers.get('x-total-count')).toBe('25');
  });

  it('lets readers list and only admins change; private repositories are not found to others', async () => {
    const owner = await forge.user();
    const stranger = await forge.user();
    const pub = await repoOf(owner);
    const priv = await repoOf(owner, { private: true });
    await req('PUT', `${priv}/topics`, { token: owner.token, body: { topics: ['secret'] } });

    expect((await req('PUT', `${pub}/topics`, { body: { topics: ['x'] } })).status).toBe(401);
    expect((await req('PUT', `${pub}/topics`, { token: stranger.token, body: { topics: ['x'] } })).status).toBe(403);
    expect((await req('PUT', `${pub}/topics/x`, { token: stranger.token })).status).toBe(403);
    expect((await req('DELETE', `${pub}/topics/x`, { token: stranger.token })).status).toBe(403);
    // Authorized first: a stranger's invalid body is still a 403, not a 422.
    expect((await req('PUT', `${pub}/topics`, { token: stranger.token, body: { topics: 'nope' } })).status).toBe(403);
    for (const token of [stranger.token, undefined]) {
      expect((await req('GET', `${priv}/topics`, { token })).status).toBe(404);
      expect((await req('PUT', `${priv}/topics/x`, { token: token ?? stranger.token })).status).toBe(404);
    }
    expect((await req('GET', `${priv}/topics`, { token: owner.token })).body.topics).toEqual(['secret']);
  });

  it('finds repositories by topic in /repos/search, exactly with topic=true', async () => {
    const owner = await forge.user();
    const word = uniq('tp');
    const a = await repoOf(owner);
    const b = await repoOf(owner);
    await req('PUT', `${a}/topics`, { token: owner.token, body: { topics: [word] } });
    await req('PUT', `${b}/topics`, { token: owner.token, body: { topics: [`${word}-extra`] } });
    const exact = await req('GET', `/repos/search?q=${word}&topic=true`, { token: owner.token });
    expect(exact.body.data.map((r: any) => `/repos/${r.full_name}`)).toEqual([a]);
    expect(exact.body.data[0].topics).toEqual([word]);
    const partial = await req('GET', `/repos/search?q=${word}`, { token: owner.token });
    expect(partial.body.data.map((r: any) => `/repos/${r.full_name}`).sort()).toEqual([a, b].sort());
    // Several topics at once, separated by commas.
    const both = await req('GET', `/repos/search?q=${word},${word}-extra&topic=true`, { token: owner.token });
    expect(both.body.data).toHaveLength(2);
  });

  it('searches topics by a part of the name, most used first, counting only readable repositories', async () => {
    const owner = await forge.user();
    const stranger = await forge.user();
    const word = uniq('sx');
    const [p1, p2, hidden] = [await repoOf(owner), await repoOf(owner), await repoOf(owner, { private: true })];
    await req('PUT', `${p1}/topics`, { token: owner.token, body: { topics: [`${word}-web`, `${word}-cli`] } });
    await req('PUT', `${p2}/topics`, { token: owner.token, body: { topics: [`${word}-web`] } });
    await req('PUT', `${hidden}/topics`, { token: owner.token, body: { topics: [`${word}-web`, `${word}-private`] } });

    const mine = await req('GET', `/topics/search?q=${word}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.topics.map((t: any) => [t.topic_name, t.repo_count])).toEqual([
      [`${word}-web`, 3],
      [`${word}-cli`, 1],
      [`${word}-private`, 1],
    ]);
    expect(mine.body.topics[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), created: expect.stringMatching(/^\d{4}-/), updated: expect.stringMatching(/^\d{4}-/) }),
    );
    for (const token of [stranger.token, undefined]) {
      const theirs = await req('GET', `/topics/search?q=${word}`, { token });
      expect(theirs.body.topics.map((t: any) => [t.topic_name, t.repo_count])).toEqual([
        [`${word}-web`, 2],
        [`${word}-cli`, 1],
      ]);
      expect(theirs.headers.get('x-total-count')).toBe('2');
    }
  });

  it('carries topics into a generated repository and forgets them with a deleted one', async () => {
    const owner = await forge.user();
    const word = uniq('gt');
    const tpl = await repoOf(owner, { template: true, auto_init: true });
    await req('PATCH', tpl, { token: owner.token, body: { template: true } });
    await req('PUT', `${tpl}/topics`, { token: owner.token, body: { topics: [word] } });
    const name = uniq('gen');
    const gen = await req('POST', `${tpl}/generate`, { token: owner.token, body: { owner: owner.name, name } });
    expect(gen.status).toBe(201);
    expect(gen.body.topics).toEqual([word]);
    const without = await req('POST', `${tpl}/generate`, { token: owner.token, body: { owner: owner.name, name: uniq('gen'), topics: false } });
    expect(without.body.topics).toEqual([]);

    expect((await req('GET', `/topics/search?q=${word}`, { token: owner.token })).body.topics[0].repo_count).toBe(2);
    expect((await req('DELETE', `/repos/${owner.name}/${name}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/topics/search?q=${word}`, { token: owner.token })).body.topics[0].repo_count).toBe(1);
  });
});
