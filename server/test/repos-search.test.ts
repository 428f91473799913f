import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();

let owner: Awaited<ReturnType<typeof forge.user>>;
let other: Awaited<ReturnType<typeof forge.user>>;
const tag = uniq('s');
const names = { alpha: `${tag}-alpha`, beta: `${tag}-beta`, gamma: `${tag}-gamma`, secret: `${tag}-secret`, old: `${tag}-old` };

beforeAll(async () => {
  owner = await forge.user();
  other = await forge.user();
  const mk = async (name: string, body: Record<string, unknown> = {}) => {
    const r = await forge.req('POST', '/user/repos', { token: owner.token, body: { name, ...body } });
    expect(r.status).toBe(201);
  };
  await mk(names.alpha, { description: 'The first one' });
  await mk(names.beta, { description: 'needle in the description' });
  await mk(names.gamma, { auto_init: true });
  await mk(names.secret, { private: true });
  await mk(names.old);
  await forge.req('PATCH', `/repos/${owner.name}/${names.old}`, { token: owner.token, body: { archived: true } });
  // Distinct creation times for the "created" sort.
  const db = forge.deps.db;
  let t = 1_700_000_000;
  for (const n of [names.gamma, names.alpha, names.secret, names.old, names.beta]) {
    await db.updateTable('repository').set({ created_unix: t++ }).where('lower_name', '=', n.toLowerCase()).execute();
  }
});

const search = (query: string, token?: string) => forge.req('GET', `/repos/search?${query}`, { token });
const namesOf = (r: { body: any }) => r.body.data.map((x: any) => x.name);

describe('GET /repos/search', () => {
  it('returns the {ok, data} envelope sorted by name, with X-Total-Count', async () => {
    const r = await search(`q=${tag}`, owner.token);
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    expect(namesOf(r)).toEqual([names.alpha, names.beta, names.gamma, names.old, names.secret]);
    expect(r.headers.get('x-total-count')).toBe('5');
    expect(r.body.data[0]).toMatchObject({ full_name: `${owner.name}/${names.alpha}`, owner: { login: owner.name }, permissions: { admin: true } });
  });

  it('shows private repositories only to those who may read them', async () => {
    expect(namesOf(await search(`q=${tag}`))).not.toContain(names.secret);
    expect(namesOf(await search(`q=${tag}`, other.token))).not.toContain(names.secret);
    expect((await search(`q=${tag}`)).headers.get('x-total-count')).toBe('4');
    expect(namesOf(await search(`q=${tag}`, forge.admin.token))).toContain(names.secret);
    // private=false leaves them out even for their owner.
    expect(namesOf(await search(`q=${tag}&private=false`, owner.token))).not.toContain(names.secret);
  });

  it('filters by uid, archived, mode and description', async () => {
    const all = await search(`uid=${owner.id}`, owner.token);
    expect(all.body.data).toHaveLength(5);
    expect(namesOf(await search(`uid=${other.id}`))).toEqual([]);
    expect(namesOf(await search(`q=${tag}&archived=true`))).toEqual([names.old]);
    expect(namesOf(await search(`q=${tag}&archived=false`))).not.toContain(names.old);
    expect(namesOf(await search(`q=${tag}&mode=fork`))).toEqual([]);
    expect(namesOf(await search(`q=${tag}&mode=source`))).toHaveLength(4);
    expect(namesOf(await search(`q=needle`))).toEqual([]);
    expect(namesOf(await search(`q=needle&includeDesc=true`))).toEqual([names.beta]);
  });

  it('sorts by created and id in both orders', async () => {
    expect(namesOf(await search(`q=${tag}&sort=created&order=asc`, owner.token))).toEqual([names.gamma, names.alpha, names.secret, names.old, names.beta]);
    expect(namesOf(await search(`q=${tag}&sort=created&order=desc`, owner.token))).toEqual([names.beta, names.old, names.secret, names.alpha, names.gamma]);
    const byId = namesOf(await search(`q=${tag}&sort=id&order=desc`, owner.token));
    expect(byId).toEqual([names.old, names.secret, names.gamma, names.beta, names.alpha]);
    const bySize = namesOf(await search(`q=${tag}&sort=size&order=desc`, owner.token));
    expect(bySize[0]).toBe(names.gamma);
  });

  it('pages with Link headers, and a page past the end is empty', async () => {
    const p1 = await search(`q=${tag}&limit=2&page=1`, owner.token);
    expect(namesOf(p1)).toEqual([names.alpha, names.beta]);
    expect(p1.headers.get('x-total-count')).toBe('5');
    expect(p1.headers.get('link')).toContain('rel="next"');
    expect(p1.headers.get('link')).toContain('page=3');
    const p3 = await search(`q=${tag}&limit=2&page=3`, owner.token);
    expect(namesOf(p3)).toEqual([names.secret]);
    expect(p3.headers.get('link')).toContain('rel="prev"');
    expect(namesOf(await search(`q=${tag}&limit=2&page=9`, owner.token))).toEqual([]);
  });

  it('answers 422 for an unknown sort, order or mode', async () => {
    expect((await search('sort=bogus')).status).toBe(422);
    expect((await search('sort=alpha&order=sideways')).status).toBe(422);
    expect((await search('mode=weird')).status).toBe(422);
  });

  it('treats LIKE wildcards in q literally', async () => {
    const w = uniq('w');
    for (const name of [`${w}_under`, `${w}-dash`, `${w}%pct`.replace('%', '.')]) {
      expect((await forge.req('POST', '/user/repos', { token: other.token, body: { name } })).status).toBe(201);
    }
    expect(namesOf(await search(`q=${w}_under`))).toEqual([`${w}_under`]);
    expect(namesOf(await search(`q=${w}_dash`))).toEqual([]);
    expect(namesOf(await search(`q=${w}${encodeURIComponent('%')}`))).toEqual([]);
    expect(namesOf(await search(`q=${w}`))).toHaveLength(3);
  });
});
