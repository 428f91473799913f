// Domain events (services/events.ts): what a write emits after it is stored, in order, with the
// actor, the repository and the subject a subscriber (notifications, webhooks, live pages) needs.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/services/events.ts';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';

const forge = await createTestForge();
const seen: DomainEvent[] = [];
for (const type of [
  'issue.opened',
  'issue.commented',
  'issue.closed',
  'issue.reopened',
  'push',
  'pull.head-changed',
  'review.submitted',
  'status.created',
  'pull.closed',
  'pull.merged',
] as const) {
  forge.deps.events!.on(type, (e) => {
    seen.push(e);
  });
}
const take = () => seen.splice(0, seen.length);
const summary = (e: DomainEvent) => ({ type: e.type, actor: e.actor.name, repo: e.repository.repo.name });

describe('domain events', () => {
  it('an issue opened, commented, closed and reopened: one event each, after the write, in order', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const commenter = await forge.user('commenter');
    take();
    const created = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Broken', body: 'It breaks' } });
    expect(created.status).toBe(201);
    const comment = await forge.req('POST', `${base}/issues/${created.body.number}/comments`, { token: commenter.token, body: { body: 'Same here' } });
    expect(comment.status).toBe(201);
    expect((await forge.req('PATCH', `${base}/issues/${created.body.number}`, { token: owner.token, body: { state: 'closed' } })).status).toBe(201);
    expect((await forge.req('PATCH', `${base}/issues/${created.body.number}`, { token: owner.token, body: { state: 'open' } })).status).toBe(201);
    const events = take();
    expect(events.map(summary)).toEqual([
      { type: 'issue.opened', actor: owner.name, repo: repo.name },
      { type: 'issue.commented', actor: commenter.name, repo: repo.name },
      { type: 'issue.closed', actor: owner.name, repo: repo.name },
      { type: 'issue.reopened', actor: owner.name, repo: repo.name },
    ]);
    const [opened, commented, closed, reopened] = events as [any, any, any, any];
    expect(opened.issue).toMatchObject({ index: created.body.number, name: 'Broken', is_closed: 0 });
    expect(commented.comment).toMatchObject({ id: comment.body.id, content: 'Same here' });
    expect(closed.issue.is_closed).toBe(1);
    expect(reopened.issue.is_closed).toBe(0);
  });

  it('a refused write emits nothing', async () => {
    const { base } = await ownerWithRepo(forge);
    const stranger = await forge.user('stranger');
    take();
    expect((await forge.req('POST', `${base}/issues`, { token: stranger.token, body: { title: '' } })).status).toBe(422);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: stranger.token, body: { body: 'x' } })).status).toBe(404);
    expect(take()).toEqual([]);
  });

  it('a push moving a pull request head emits push and pull.head-changed; a status and a merge follow', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const pr = await forge.req('POST', `${r.base}/pulls`, { token: owner.token, body: { base: 'main', head: 'feature', title: 'Feature' } });
    expect(pr.status).toBe(201);
    take();
    await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'feature', r.shas.f2!, { 'c.txt': 'c\n' }));
    const pushed = take();
    // Handlers run in registration order: the pull refresh (registered by createApp) sees the push
    // first and emits the head change from inside it, before this test's later push handler runs.
    expect(pushed.map((e) => e.type)).toEqual(['pull.head-changed', 'push']);
    const head = (pushed[0] as any).newHead as string;
    expect((pushed[0] as any).oldHead).toBe(r.shas.f2);
    expect((pushed[1] as any).changes).toEqual([expect.objectContaining({ ref: 'refs/heads/feature', newId: head })]);

    expect((await forge.req('POST', `${r.base}/statuses/${head}`, { token: owner.token, body: { state: 'success', context: 'ci' } })).status).toBe(201);
    const [status] = take() as any[];
    expect(status).toMatchObject({ type: 'status.created', sha: head, status: { context: 'ci' } });

    const merged = await forge.req('POST', `${r.base}/pulls/${pr.body.number}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(merged.status).toBe(200);
    const types = take().map((e) => e.type);
    expect(types).toContain('pull.merged');
    expect(types).toContain('push');
  });
});
