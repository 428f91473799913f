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
  'pull.opened',
  'issue.edited',
  'issue.labels-changed',
  'issue.assignees-changed',
  'issue.milestone-changed',
  'comment.edited',
  'comment.deleted',
  'review.requested',
  'ref.created',
  'ref.deleted',
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

  it('edits, labels, assignees, milestones and comment changes each emit their event; no-op writes emit none', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const created = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Old title', body: 'Old body' } });
    const n = created.body.number;
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const milestone = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } });
    const comment = await forge.req('POST', `${base}/issues/${n}/comments`, { token: owner.token, body: { body: 'first words' } });
    take();
    expect((await forge.req('PATCH', `${base}/issues/${n}`, { token: owner.token, body: { title: 'New title', body: 'Old body' } })).status).toBe(201);
    expect((await forge.req('POST', `${base}/issues/${n}/labels`, { token: owner.token, body: { labels: [label.body.id] } })).status).toBe(200);
    // The same label again changes nothing.
    expect((await forge.req('POST', `${base}/issues/${n}/labels`, { token: owner.token, body: { labels: [label.body.id] } })).status).toBe(200);
    expect((await forge.req('PATCH', `${base}/issues/${n}`, { token: owner.token, body: { assignees: [owner.name] } })).status).toBe(201);
    expect((await forge.req('PATCH', `${base}/issues/${n}`, { token: owner.token, body: { milestone: milestone.body.id } })).status).toBe(201);
    expect((await forge.req('DELETE', `${base}/issues/${n}/labels`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('PATCH', `${base}/issues/comments/${comment.body.id}`, { token: owner.token, body: { body: 'second words' } })).status).toBe(200);
    expect((await forge.req('DELETE', `${base}/issues/comments/${comment.body.id}`, { token: owner.token })).status).toBe(204);
    const events = take() as any[];
    expect(events.map((e) => e.type)).toEqual([
      'issue.edited',
      'issue.labels-changed',
      'issue.assignees-changed',
      'issue.milestone-changed',
      'issue.labels-changed',
      'comment.edited',
      'comment.deleted',
    ]);
    expect(events[0].changes).toEqual({ title: { from: 'Old title' } });
    expect(events[0].issue.name).toBe('New title');
    expect(events[1].cleared).toBe(false);
    expect(events[2]).toMatchObject({ added: [owner.id], removed: [] });
    expect(events[3]).toMatchObject({ previousMilestoneId: 0, issue: { milestone_id: milestone.body.id } });
    expect(events[4].cleared).toBe(true);
    expect(events[5]).toMatchObject({ previousBody: 'first words', comment: { content: 'second words' } });
    expect(events[6].comment.id).toBe(comment.body.id);
  });

  it('a pull request opened with a reviewer, branches and tags made and deleted through the API', async () => {
    const owner = await forge.user('owner');
    const reviewer = await forge.user('reviewer');
    const r = await pullRepo(forge, owner);
    expect((await forge.req('PUT', `${r.base}/collaborators/${reviewer.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    take();
    const pr = await forge.req('POST', `${r.base}/pulls`, {
      token: owner.token,
      body: { base: 'main', head: 'feature', title: 'Feature', reviewers: [reviewer.name] },
    });
    expect(pr.status).toBe(201);
    const opened = take() as any[];
    expect(opened.map((e) => e.type)).toEqual(['review.requested', 'pull.opened']);
    expect(opened[0]).toMatchObject({ reviewers: [reviewer.id], teams: [], removed: false, issue: { index: pr.body.number } });
    expect(opened[1]).toMatchObject({ actor: { name: owner.name }, issue: { index: pr.body.number, is_pull: 1 } });

    expect(
      (await forge.req('DELETE', `${r.base}/pulls/${pr.body.number}/requested_reviewers`, { token: owner.token, body: { reviewers: [reviewer.name] } })).status,
    ).toBe(204);
    expect(take()).toEqual([expect.objectContaining({ type: 'review.requested', reviewers: [reviewer.id], removed: true })]);

    const branch = await forge.req('POST', `${r.base}/branches`, { token: owner.token, body: { new_branch_name: 'topic', old_branch_name: 'main' } });
    expect(branch.status).toBe(201);
    const tag = await forge.req('POST', `${r.base}/tags`, { token: owner.token, body: { tag_name: 'v1', target: 'main' } });
    expect(tag.status).toBe(201);
    expect((await forge.req('DELETE', `${r.base}/branches/topic`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('DELETE', `${r.base}/tags/v1`, { token: owner.token })).status).toBe(204);
    const refs = take() as any[];
    expect(refs.map((e) => [e.type, e.ref, e.sha])).toEqual([
      ['ref.created', 'refs/heads/topic', branch.body.commit.id],
      ['ref.created', 'refs/tags/v1', tag.body.id],
      ['ref.deleted', 'refs/heads/topic', branch.body.commit.id],
      ['ref.deleted', 'refs/tags/v1', tag.body.id],
    ]);
  });
});
