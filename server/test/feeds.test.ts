import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();

async function makeRepo(token: string, body: Record<string, unknown>) {
  const r = await forge.req('POST', '/user/repos', { token, body });
  expect(r.status).toBe(201);
  return r.body;
}

describe('activity feeds', () => {
  it("lists a repository's actions newest first with actor and repository", async () => {
    const u = await forge.user();
    const name = uniq('f');
    await makeRepo(u.token, { name });
    const renamed = uniq('g');
    await forge.req('PATCH', `/repos/${u.name}/${name}`, { token: u.token, body: { name: renamed } });
    const r = await forge.req('GET', `/repos/${u.name}/${renamed}/activities/feeds`);
    expect(r.status).toBe(200);
    expect(r.body.map((a: any) => a.op_type)).toEqual(['rename_repo', 'create_repo']);
    expect(r.body[1]).toMatchObject({
      user_id: u.id,
      act_user_id: u.id,
      act_user: { login: u.name },
      repo: { full_name: `${u.name}/${renamed}` },
      is_private: false,
    });
    expect(Date.parse(r.body[1].created)).toBeGreaterThan(Date.now() - 60_000);
    expect(r.headers.get('x-total-count')).toBe('2');
  });

  it('filters by date and pages', async () => {
    const u = await forge.user();
    const name = uniq('d');
    const repo = await makeRepo(u.token, { name });
    // Move the create_repo action to a known day.
    await forge.deps.db
      .updateTable('action')
      .set({ created_unix: Date.parse('2024-03-05T12:00:00Z') / 1000 })
      .where('repo_id', '=', repo.id)
      .execute();
    const url = `/repos/${u.name}/${name}/activities/feeds`;
    expect((await forge.req('GET', `${url}?date=2024-03-05`)).body).toHaveLength(1);
    expect((await forge.req('GET', `${url}?date=2024-03-06`)).body).toHaveLength(0);
    expect((await forge.req('GET', `${url}?date=yesterday`)).status).toBe(400);
    let current = name;
    for (const next of [`${name}-1`, `${name}-2`, `${name}-3`]) {
      expect((await forge.req('PATCH', `/repos/${u.name}/${current}`, { token: u.token, body: { name: next } })).status).toBe(200);
      current = next;
    }
    const p = await forge.req('GET', `/repos/${u.name}/${current}/activities/feeds?limit=2&page=2`);
    expect(p.headers.get('x-total-count')).toBe('4');
    expect(p.body).toHaveLength(2);
    expect(p.body[1].op_type).toBe('create_repo');
  });

  it("hides a private repository's feed and rows from those who may not read it", async () => {
    const u = await forge.user();
    const other = await forge.user();
    const pub = uniq('pub');
    const priv = uniq('priv');
    await makeRepo(u.token, { name: pub });
    await makeRepo(u.token, { name: priv, private: true });
    expect((await forge.req('GET', `/repos/${u.name}/${priv}/activities/feeds`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${u.name}/${priv}/activities/feeds`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${u.name}/${priv}/activities/feeds`, { token: u.token })).body).toHaveLength(1);

    const userFeed = `/users/${u.name}/activities/feeds`;
    const anon = await forge.req('GET', userFeed);
    expect(anon.status).toBe(200);
    expect(anon.body.map((a: any) => a.repo.name)).toEqual([pub]);
    expect(anon.headers.get('x-total-count')).toBe('1');
    expect((await forge.req('GET', userFeed, { token: other.token })).body.map((a: any) => a.repo.name)).toEqual([pub]);
    expect((await forge.req('GET', userFeed, { token: u.token })).body.map((a: any) => a.repo.name)).toEqual([priv, pub]);
    expect((await forge.req('GET', userFeed, { token: forge.admin.token })).body).toHaveLength(2);
    // Making the repository public shows its rows.
    await forge.req('PATCH', `/repos/${u.name}/${priv}`, { token: u.token, body: { private: false } });
    expect((await forge.req('GET', userFeed)).body).toHaveLength(2);
    expect((await forge.req('GET', '/users/nobody-here/activities/feeds')).status).toBe(404);
  });

  it('puts actions in the actor’s and the owner’s feed; only-performed-by keeps the actor’s own', async () => {
    const owner = await forge.user();
    const name = uniq('t');
    await makeRepo(owner.token, { name, template: true });
    // The admin generates a repository for `owner`: the action is in both feeds.
    const gen = uniq('gen');
    const r = await forge.req('POST', `/repos/${owner.name}/${name}/generate`, { token: forge.admin.token, body: { name: gen, owner: owner.name } });
    expect(r.status).toBe(201);
    const all = await forge.req('GET', `/users/${owner.name}/activities/feeds`);
    expect(all.body.map((a: any) => [a.op_type, a.act_user.login, a.repo.name])).toEqual([
      ['create_repo', forge.admin.name, gen],
      ['create_repo', owner.name, name],
    ]);
    const mine = await forge.req('GET', `/users/${owner.name}/activities/feeds?only-performed-by=true`);
    expect(mine.body.map((a: any) => a.repo.name)).toEqual([name]);
    const adminFeed = await forge.req('GET', `/users/${forge.admin.name}/activities/feeds`, { token: forge.admin.token });
    expect(adminFeed.body.map((a: any) => a.repo.name)).toContain(gen);
  });
});
