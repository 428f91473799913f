import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

describe('labels', () => {
  it('creates, lists, gets, edits and deletes repository labels', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const c = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#EE0701', description: 'broken' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      name: 'bug',
      color: 'ee0701',
      description: 'broken',
      url: `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}/labels/${c.body.id}`,
    });
    expect((await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bad', color: 'zzzzzz' } })).status).toBe(422);
    expect((await forge.req('POST', `${base}/labels`, { token: owner.token, body: { color: 'ffffff' } })).status).toBe(422);
    await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'area/ui', color: '00ff00', exclusive: true } });
    const list = await forge.req('GET', `${base}/labels`);
    expect(list.body.map((l: any) => l.name)).toEqual(['area/ui', 'bug']);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await forge.req('GET', `${base}/labels/${c.body.id}`)).body.name).toBe('bug');
    const e = await forge.req('PATCH', `${base}/labels/${c.body.id}`, { token: owner.token, body: { name: 'defect', is_archived: true } });
    expect(e.body).toMatchObject({ name: 'defect', color: 'ee0701', is_archived: true });
    expect((await forge.req('DELETE', `${base}/labels/${c.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/labels/${c.body.id}`)).status).toBe(404);
  });

  it('adds, replaces, removes and clears the labels of an issue', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => (await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name, color: '123456' } })).body),
    );
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'L' } });
    const names = (r: any) => r.body.map((l: any) => l.name);
    const add = await forge.req('POST', `${base}/issues/1/labels`, { token: owner.token, body: { labels: [a.id, 'b'] } });
    expect(add.status).toBe(200);
    expect(names(add)).toEqual(['a', 'b']);
    const rep = await forge.req('PUT', `${base}/issues/1/labels`, { token: owner.token, body: { labels: [c.id] } });
    expect(names(rep)).toEqual(['c']);
    expect((await forge.req('POST', `${base}/issues/1/labels`, { token: owner.token, body: { labels: [999999] } })).status).toBe(422);
    expect((await forge.req('DELETE', `${base}/issues/1/labels/${b.id}`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('DELETE', `${base}/issues/1/labels/${c.id}`, { token: owner.token })).status).toBe(204);
    expect(names(await forge.req('GET', `${base}/issues/1/labels`))).toEqual([]);
    await forge.req('POST', `${base}/issues/1/labels`, { token: owner.token, body: { labels: [a.id, b.id] } });
    expect((await forge.req('DELETE', `${base}/issues/1/labels`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/issues/1`)).body.labels).toEqual([]);
    const events = (await forge.req('GET', `${base}/issues/1/timeline?limit=50`)).body.filter((t: any) => t.type === 'label');
    // a+, b+, a-, b-, c+, c-, a+, b+, a-, b-
    expect(events.map((t: any) => `${t.label.name}${t.body === '1' ? '+' : '-'}`)).toEqual(['a+', 'b+', 'a-', 'b-', 'c+', 'c-', 'a+', 'b+', 'a-', 'b-']);
  });
});
