import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { archive, ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

async function repoWithIssue(opts: { private?: boolean } = {}) {
  const r = await ownerWithRepo(forge, opts);
  await forge.req('POST', `${r.base}/issues`, { token: r.owner.token, body: { title: 'Discuss' } });
  return r;
}

describe('comments', () => {
  it('creates, lists, gets, edits and deletes a comment with the spec fields', async () => {
    const { owner, repo, base } = await repoWithIssue();
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'first **words**' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      body: 'first **words**',
      html_url: `http://localhost:3000/${owner.name}/${repo.name}/issues/1#issuecomment-${c.body.id}`,
      issue_url: `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}/issues/1`,
      pull_request_url: '',
      original_author: '',
      assets: [],
    });
    expect(c.body.user.login).toBe(owner.name);
    expect((await forge.req('GET', `${base}/issues/1`)).body.comments).toBe(1);
    expect((await forge.req('GET', `${base}/issues/1/comments`)).body.map((x: any) => x.id)).toEqual([c.body.id]);
    expect((await forge.req('GET', `${base}/issues/comments`)).body.map((x: any) => x.body)).toEqual(['first **words**']);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`)).body.id).toBe(c.body.id);
    const e = await forge.req('PATCH', `${base}/issues/comments/${c.body.id}`, { token: owner.token, body: { body: 'changed' } });
    expect(e.status).toBe(200);
    expect(e.body.body).toBe('changed');
    expect((await forge.req('DELETE', `${base}/issues/comments/${c.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/issues/1`)).body.comments).toBe(0);
  });

  it("edits and deletes through Gitea's deprecated paths with the issue index, with the same checks", async () => {
    const { owner, base } = await repoWithIssue();
    const stranger = await forge.user();
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'old' } });
    const path = `${base}/issues/1/comments/${c.body.id}`;
    expect((await forge.req('PATCH', path, { token: stranger.token, body: { body: 'x' } })).status).toBe(403);
    const e = await forge.req('PATCH', path, { token: owner.token, body: { body: 'new' } });
    expect(e.status).toBe(200);
    expect(e.body.body).toBe('new');
    expect((await forge.req('DELETE', path)).status).toBe(401);
    expect((await forge.req('DELETE', path, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`)).status).toBe(404);
  });

  it('answers 422 for a missing or empty body', async () => {
    const { owner, base } = await repoWithIssue();
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: {} })).status).toBe(422);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: '  ' } })).status).toBe(422);
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'ok' } });
    expect((await forge.req('PATCH', `${base}/issues/comments/${c.body.id}`, { token: owner.token, body: {} })).status).toBe(422);
  });

  it('applies the permission rules for each role', async () => {
    const { owner, base } = await repoWithIssue();
    const author = await forge.user('author');
    const reader = await forge.user('reader');
    // Anonymous: reads, cannot write.
    expect((await forge.req('GET', `${base}/issues/1/comments`)).status).toBe(200);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { body: { body: 'anon' } })).status).toBe(401);
    // A reader (anyone signed in on a public repository) comments.
    const mine = await forge.req('POST', `${base}/issues/1/comments`, { token: author.token, body: { body: 'by author' } });
    expect(mine.status).toBe(201);
    const id = mine.body.id;
    // Another reader may neither edit nor delete it.
    expect((await forge.req('PATCH', `${base}/issues/comments/${id}`, { token: reader.token, body: { body: 'hijack' } })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/issues/comments/${id}`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('PATCH', `${base}/issues/comments/${id}`, { body: { body: 'anon' } })).status).toBe(401);
    // The author may.
    expect((await forge.req('PATCH', `${base}/issues/comments/${id}`, { token: author.token, body: { body: 'edited by author' } })).status).toBe(200);
    // The owner (maintainer) and a site admin may change anyone's.
    expect((await forge.req('PATCH', `${base}/issues/comments/${id}`, { token: owner.token, body: { body: 'edited by owner' } })).body.body).toBe(
      'edited by owner',
    );
    expect((await forge.req('PATCH', `${base}/issues/comments/${id}`, { token: forge.admin.token, body: { body: 'edited by admin' } })).body.body).toBe(
      'edited by admin',
    );
    expect((await forge.req('DELETE', `${base}/issues/comments/${id}`, { token: forge.admin.token })).status).toBe(204);
    const other = await forge.req('POST', `${base}/issues/1/comments`, { token: author.token, body: { body: 'again' } });
    expect((await forge.req('DELETE', `${base}/issues/comments/${other.body.id}`, { token: author.token })).status).toBe(204);
  });

  it('lets only maintainers comment on a locked issue (403 for others)', async () => {
    const { owner, base } = await repoWithIssue();
    const reader = await forge.user('reader');
    await forge.req('PUT', `${base}/issues/1/lock`, { token: owner.token, body: { lock_reason: 'resolved' } });
    const r = await forge.req('POST', `${base}/issues/1/comments`, { token: reader.token, body: { body: 'me too' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBeTruthy();
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'closing words' } })).status).toBe(201);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: forge.admin.token, body: { body: 'admin note' } })).status).toBe(201);
  });

  it('hides comments of private repositories (404) and refuses writes when archived (423)', async () => {
    const { owner, base } = await repoWithIssue({ private: true });
    const stranger = await forge.user('stranger');
    const c = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'secret' } });
    expect((await forge.req('GET', `${base}/issues/1/comments`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/issues/comments/${c.body.id}`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: stranger.token, body: { body: 'x' } })).status).toBe(404);
    expect((await forge.req('PATCH', `${base}/issues/comments/${c.body.id}`, { token: stranger.token, body: { body: 'x' } })).status).toBe(404);
    const pub = await repoWithIssue();
    const pc = await forge.req('POST', `${pub.base}/issues/1/comments`, { token: pub.owner.token, body: { body: 'before' } });
    await archive(forge, pub.repo.id);
    expect((await forge.req('PATCH', `${pub.base}/issues/comments/${pc.body.id}`, { token: pub.owner.token, body: { body: 'x' } })).status).toBe(423);
    expect((await forge.req('DELETE', `${pub.base}/issues/comments/${pc.body.id}`, { token: pub.owner.token })).status).toBe(423);
  });

  it('does not find a comment through another repository', async () => {
    const a = await repoWithIssue();
    const b = await repoWithIssue();
    const c = await forge.req('POST', `${a.base}/issues/1/comments`, { token: a.owner.token, body: { body: 'in a' } });
    expect((await forge.req('GET', `${b.base}/issues/comments/${c.body.id}`)).status).toBe(404);
    expect((await forge.req('DELETE', `${b.base}/issues/comments/${c.body.id}`, { token: b.owner.token })).status).toBe(404);
  });

  it('filters by since/before on update time', async () => {
    const { owner, base } = await repoWithIssue();
    await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'one' } });
    expect((await forge.req('GET', `${base}/issues/1/comments?since=2999-01-01T00:00:00Z`)).body).toEqual([]);
    expect((await forge.req('GET', `${base}/issues/1/comments?before=2999-01-01T00:00:00Z`)).body).toHaveLength(1);
    expect((await forge.req('GET', `${base}/issues/comments?since=2999-01-01T00:00:00Z`)).body).toEqual([]);
    expect((await forge.req('GET', `${base}/issues/1/comments?since=yesterday`)).status).toBe(400);
  });
});
