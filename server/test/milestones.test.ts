import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

describe('milestones', () => {
  it('creates, filters, counts, edits and deletes milestones', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const reader = await forge.user('reader');
    expect((await forge.req('POST', `${base}/milestones`, { token: reader.token, body: { title: 'no' } })).status).toBe(403);
    const v1 = await forge.req('POST', `${base}/milestones`, {
      token: owner.token,
      body: { title: 'v1.0', description: 'first', due_on: '2030-01-01T00:00:00Z' },
    });
    expect(v1.status).toBe(201);
    expect(v1.body).toMatchObject({
      title: 'v1.0',
      description: 'first',
      state: 'open',
      open_issues: 0,
      closed_issues: 0,
      due_on: '2030-01-01T00:00:00Z',
      closed_at: null,
    });
    const old = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v0.9', state: 'closed' } });
    expect(old.body.state).toBe('closed');
    expect(old.body.closed_at).toBeTruthy();
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'a', milestone: v1.body.id } });
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'b', milestone: v1.body.id, closed: true } });
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'c', milestone: v1.body.id } });

    const titles = async (qs: string) => (await forge.req('GET', `${base}/milestones?${qs}`)).body.map((m: any) => m.title);
    expect(await titles('')).toEqual(['v1.0']);
    expect(await titles('state=closed')).toEqual(['v0.9']);
    expect((await titles('state=all')).sort()).toEqual(['v0.9', 'v1.0']);
    expect(await titles('state=all&name=0.9')).toEqual(['v0.9']);
    const got = await forge.req('GET', `${base}/milestones/${v1.body.id}`);
    expect(got.body).toMatchObject({ open_issues: 2, closed_issues: 1 });
    expect((await forge.req('GET', `${base}/milestones/v1.0`)).body.id).toBe(v1.body.id);
    const closed = await forge.req('PATCH', `${base}/milestones/${v1.body.id}`, { token: owner.token, body: { state: 'closed', title: 'v1' } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ title: 'v1', state: 'closed', open_issues: 2 });
    expect((await forge.req('DELETE', `${base}/milestones/${v1.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/milestones/${v1.body.id}`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/issues/1`)).body.milestone).toBeNull();
  });
});
