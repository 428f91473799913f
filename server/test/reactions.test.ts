// Issue #20, reactions as Gitea (routers/api/v1/repo/issue_reaction.go): GET|POST|DELETE on an
// issue's and on a comment's reactions; the allowed set; 201 then 200 for the same reaction;
// DELETE 200 (also when there was none); readers may react, a locked issue only for writers (403),
// a private repository 404 for whoever cannot read it, anonymous callers included.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import type { DomainEvent } from '../src/services/events.ts';

const forge = await createTestForge();
const seen: DomainEvent[] = [];
forge.deps.events!.on('reaction.changed', (e) => {
  seen.push(e);
});

async function setUp(opts: { private?: boolean } = {}) {
  const r = await ownerWithRepo(forge, opts);
  const issue = await forge.req('POST', `${r.base}/issues`, { token: r.owner.token, body: { title: 'React to me' } });
  expect(issue.status).toBe(201);
  const comment = await forge.req('POST', `${r.base}/issues/1/comments`, { token: r.owner.token, body: { body: 'A comment' } });
  expect(comment.status).toBe(201);
  return { ...r, commentId: comment.body.id as number };
}

describe('reactions', () => {
  it('on an issue: 201, then 200 for the same one; listed with user and time, paged; removed with 200', async () => {
    const { owner, base } = await setUp();
    const reader = await forge.user('reader');
    seen.length = 0;
    const made = await forge.req('POST', `${base}/issues/1/reactions`, { token: reader.token, body: { content: 'heart' } });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ user: expect.objectContaining({ login: reader.name }), content: 'heart', created_at: expect.stringMatching(/^\d{4}-/) });
    expect(Object.keys(made.body).sort()).toEqual(['content', 'created_at', 'user']);
    const again = await forge.req('POST', `${base}/issues/1/reactions`, { token: reader.token, body: { content: 'heart' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);
    expect((await forge.req('POST', `${base}/issues/1/reactions`, { token: owner.token, body: { content: '+1' } })).status).toBe(201);
    expect(seen.map((e) => [e.type, (e as any).content, (e as any).added, (e as any).commentId])).toEqual([
      ['reaction.changed', 'heart', true, 0],
      ['reaction.changed', '+1', true, 0],
    ]);

    const list = await forge.req('GET', `${base}/issues/1/reactions`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((r: any) => [r.user.login, r.content])).toEqual([
      [reader.name, 'heart'],
      [owner.name, '+1'],
    ]);
    const page = await forge.req('GET', `${base}/issues/1/reactions?limit=1&page=2`);
    expect(page.body.map((r: any) => r.content)).toEqual(['+1']);

    const removed = await forge.req('DELETE', `${base}/issues/1/reactions`, { token: reader.token, body: { content: 'heart' } });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    // Removing one that is not there is as fine (Gitea).
    expect((await forge.req('DELETE', `${base}/issues/1/reactions`, { token: reader.token, body: { content: 'heart' } })).status).toBe(200);
    expect((await forge.req('GET', `${base}/issues/1/reactions`)).body.map((r: any) => r.content)).toEqual(['+1']);
    // The issue's own shape has no reactions field (Gitea's Issue).
    expect((await forge.req('GET', `${base}/issues/1`)).body).not.toHaveProperty('reactions');
  });

  it('on a comment: the same answers; the comment list stays as it was', async () => {
    const { base, commentId } = await setUp();
    const reader = await forge.user('reader');
    const url = `${base}/issues/comments/${commentId}/reactions`;
    expect((await forge.req('GET', url)).body).toEqual([]);
    for (const content of ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']) {
      expect((await forge.req('POST', url, { token: reader.token, body: { content } })).status).toBe(201);
    }
    expect((await forge.req('POST', url, { token: reader.token, body: { content: 'eyes' } })).status).toBe(200);
    const list = await forge.req('GET', url);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(8);
    expect(list.body[0]).toEqual({ user: expect.objectContaining({ login: reader.name }), content: '+1', created_at: expect.any(String) });
    expect((await forge.req('DELETE', url, { token: reader.token, body: { content: 'laugh' } })).status).toBe(200);
    expect((await forge.req('GET', url)).body.map((r: any) => r.content)).not.toContain('laugh');
    // Issue and comment reactions are apart.
    expect((await forge.req('GET', `${base}/issues/1/reactions`)).body).toEqual([]);
    expect((await forge.req('GET', `${base}/issues/comments/${commentId}`)).body).not.toHaveProperty('reactions');
    expect((await forge.req('GET', `${base}/issues/comments/999999/reactions`)).status).toBe(404);
    expect((await forge.req('POST', `${base}/issues/999/reactions`, { token: reader.token, body: { content: 'heart' } })).status).toBe(404);
  });

  it("a name outside Gitea's set is 403 'x' is not an allowed reaction; a wrong type is 422", async () => {
    const { base, commentId } = await setUp();
    const reader = await forge.user('reader');
    for (const url of [`${base}/issues/1/reactions`, `${base}/issues/comments/${commentId}/reactions`]) {
      const bad = await forge.req('POST', url, { token: reader.token, body: { content: 'thumbsup' } });
      expect(bad.status).toBe(403);
      expect(bad.body.message).toBe("'thumbsup' is not an allowed reaction");
      expect((await forge.req('POST', url, { token: reader.token, body: {} })).body.message).toBe("'' is not an allowed reaction");
      expect((await forge.req('POST', url, { token: reader.token, body: { content: 5 } })).status).toBe(422);
    }
  });

  it('a private repository is 404 for anonymous writers and strangers, readable by a collaborator', async () => {
    const { owner, repo, base, commentId } = await setUp({ private: true });
    const stranger = await forge.user('stranger');
    for (const url of [`${base}/issues/1/reactions`, `${base}/issues/comments/${commentId}/reactions`]) {
      // Gitea's repoAssignment runs before reqToken: anonymous callers do not learn it exists.
      expect((await forge.req('POST', url, { body: { content: 'heart' } })).status).toBe(404);
      expect((await forge.req('DELETE', url, { body: { content: 'heart' } })).status).toBe(404);
      expect((await forge.req('GET', url)).status).toBe(404);
      expect((await forge.req('GET', url, { token: stranger.token })).status).toBe(404);
      expect((await forge.req('POST', url, { token: stranger.token, body: { content: 'heart' } })).status).toBe(404);
      expect((await forge.req('DELETE', url, { token: stranger.token, body: { content: 'heart' } })).status).toBe(404);
    }
    expect(
      (await forge.req('PUT', `/repos/${owner.name}/${repo.name}/collaborators/${stranger.name}`, { token: owner.token, body: { permission: 'read' } })).status,
    ).toBe(204);
    expect((await forge.req('POST', `${base}/issues/1/reactions`, { token: stranger.token, body: { content: 'rocket' } })).status).toBe(201);
    expect((await forge.req('GET', `${base}/issues/1/reactions`, { token: owner.token })).body.map((r: any) => r.user.login)).toEqual([stranger.name]);
  });

  it('a locked issue: readers are refused (403 no permission to change reaction), writers may react', async () => {
    const { owner, base, commentId } = await setUp();
    const reader = await forge.user('reader');
    expect((await forge.req('POST', `${base}/issues/1/reactions`, { token: reader.token, body: { content: 'eyes' } })).status).toBe(201);
    expect((await forge.req('PUT', `${base}/issues/1/lock`, { token: owner.token, body: {} })).status).toBe(204);
    for (const url of [`${base}/issues/1/reactions`, `${base}/issues/comments/${commentId}/reactions`]) {
      const refused = await forge.req('POST', url, { token: reader.token, body: { content: 'heart' } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('no permission to change reaction');
      expect((await forge.req('DELETE', url, { token: reader.token, body: { content: 'eyes' } })).status).toBe(403);
      expect((await forge.req('POST', url, { token: owner.token, body: { content: 'heart' } })).status).toBe(201);
      // Reading them stays open.
      expect((await forge.req('GET', url, { token: reader.token })).status).toBe(200);
    }
    expect((await forge.req('GET', `${base}/issues/1/reactions`)).body.map((r: any) => r.content)).toEqual(['eyes', 'heart']);
  });

  it("a comment's reactions go with it; a comment of another repository is not found", async () => {
    const a = await setUp();
    const b = await setUp();
    expect((await forge.req('POST', `${a.base}/issues/comments/${a.commentId}/reactions`, { token: a.owner.token, body: { content: 'heart' } })).status).toBe(
      201,
    );
    expect((await forge.req('GET', `${b.base}/issues/comments/${a.commentId}/reactions`)).status).toBe(404);
    expect((await forge.req('POST', `${b.base}/issues/comments/${a.commentId}/reactions`, { token: b.owner.token, body: { content: 'heart' } })).status).toBe(
      404,
    );
    expect((await forge.req('DELETE', `${a.base}/issues/comments/${a.commentId}`, { token: a.owner.token })).status).toBe(204);
    const rows = await forge.deps.db.selectFrom('reaction').selectAll().where('comment_id', '=', a.commentId).execute();
    expect(rows).toEqual([]);
  });
});
