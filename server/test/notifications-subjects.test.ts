// Notification subjects beyond issues (issue #20), as Gitea's uinotification: a published or
// edited release tells the repository's watchers and its owner (subject "Release"), a pushed
// commit whose message @mentions a user tells them (subject "Commit"); never the actor, only who
// may read. And no thread outlives what it is about: deleting an issue, a comment, a release, a
// repository or a user removes (or unpoints) its threads.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';

let forge: TestForge;
type User = Awaited<ReturnType<TestForge['user']>>;

beforeAll(async () => {
  forge = await createTestForge();
});

const threads = async (u: User, query = '?all=true') => (await forge.req('GET', `/notifications${query}`, { token: u.token })).body as any[];
const unread = async (u: User) => (await forge.req('GET', '/notifications/new', { token: u.token })).body.new as number;
const rowsOf = (u: User) => forge.deps.db.selectFrom('notification').selectAll().where('user_id', '=', u.id).execute();

describe('release notifications', () => {
  it('tell watchers and the owner of a published release, not the publisher; an edit makes the same thread unread again', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const writer = await forge.user('writer');
    const watcher = await forge.user('watcher');
    const stranger = await forge.user('stranger');
    await forge.req('PUT', `${r.base}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } });
    await forge.req('PUT', `${r.base}/subscription`, { token: watcher.token });
    await forge.req('PUT', `${r.base}/subscription`, { token: writer.token });

    // A draft tells no one.
    const draft = await forge.req('POST', `${r.base}/releases`, { token: writer.token, body: { tag_name: 'v0.9', name: 'Draft', draft: true } });
    expect(draft.status).toBe(201);
    expect([await unread(owner), await unread(watcher)]).toEqual([0, 0]);

    const rel = await forge.req('POST', `${r.base}/releases`, {
      token: writer.token,
      body: { tag_name: 'v1.0', name: 'First release', target_commitish: 'main' },
    });
    expect(rel.status).toBe(201);
    expect([await unread(owner), await unread(watcher), await unread(writer), await unread(stranger)]).toEqual([1, 1, 0, 0]);
    const [t] = await threads(watcher);
    expect(t).toMatchObject({
      unread: true,
      pinned: false,
      repository: { full_name: `${owner.name}/${r.name}` },
      subject: {
        type: 'Release',
        title: 'First release',
        url: `/${owner.name}/${r.name}/releases/tag/v1.0`,
        html_url: `http://localhost:3000/${owner.name}/${r.name}/releases/tag/v1.0`,
        latest_comment_url: '',
        latest_comment_html_url: '',
        state: '',
      },
    });
    expect((await threads(watcher, '?all=true&subject-type=release')).map((x) => x.id)).toEqual([t.id]);
    expect(await threads(watcher, '?all=true&subject-type=issue')).toEqual([]);

    await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: watcher.token });
    expect(await unread(watcher)).toBe(0);
    const edited = await forge.req('PATCH', `${r.base}/releases/${rel.body.id}`, { token: writer.token, body: { name: 'First release, fixed' } });
    expect(edited.status).toBe(200);
    const again = await threads(watcher);
    expect(again.map((x) => [x.id, x.unread, x.subject.title])).toEqual([[t.id, true, 'First release, fixed']]);

    // Deleting the release deletes its threads.
    expect((await forge.req('DELETE', `${r.base}/releases/${rel.body.id}`, { token: writer.token })).status).toBe(204);
    expect(await threads(watcher)).toEqual([]);
    expect(await rowsOf(watcher)).toEqual([]);
  });

  it('a private repository: only watchers who can still read it hear of a release', async () => {
    const owner = await forge.user('owner');
    const { base } = await pullRepo(forge, owner, { private: true });
    const friend = await forge.user('friend');
    await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } });
    await forge.req('PUT', `${base}/subscription`, { token: friend.token });
    expect((await forge.req('DELETE', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    const rel = await forge.req('POST', `${base}/releases`, { token: owner.token, body: { tag_name: 'v1', name: 'Secret' } });
    expect(rel.status).toBe(201);
    expect(await unread(friend)).toBe(0);
    expect(await rowsOf(friend)).toEqual([]);
  });
});

describe('commit notifications', () => {
  it('tell users a pushed commit mentions, who can read the code; not the pusher, not a stranger to a private repository', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner, { private: true });
    const reader = await forge.user('reader');
    const outsider = await forge.user('outsider');
    await forge.req('PUT', `${r.base}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
    const message = `Fix the parser\n\nThanks @${reader.name} and @${outsider.name}; cc @${owner.name}\n`;
    const sha = await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'main', r.shas.c2!, { 'fix.txt': 'x\n' }, message)).then(() =>
      forge.deps.db.selectFrom('notification').select('commit_id').where('user_id', '=', reader.id).executeTakeFirstOrThrow(),
    );
    expect([await unread(reader), await unread(outsider), await unread(owner)]).toEqual([1, 0, 0]);
    const [t] = await threads(reader);
    const url = `http://localhost:3000/${owner.name}/${r.name}/commit/${sha.commit_id}`;
    expect(t.subject).toEqual({
      type: 'Commit',
      title: message.trim(),
      url,
      html_url: url,
      latest_comment_url: '',
      latest_comment_html_url: '',
      state: '',
    });
    expect((await threads(reader, '?subject-type=commit')).map((x) => x.id)).toEqual([t.id]);
    // Pushing the same commit to another branch again is the same thread.
    await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'other', sha.commit_id, { 'y.txt': 'y\n' }, 'No mention\n'));
    expect((await threads(reader)).length).toBe(1);
  });
});

describe('no thread points at nothing', () => {
  it('deleting an issue deletes its threads; deleting a comment leaves the issue’s thread without that comment', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const b = await forge.user('b');
    const i = await forge.req('POST', `${base}/issues`, { token: b.token, body: { title: 'Going away' } });
    const c = await forge.req('POST', `${base}/issues/${i.body.number}/comments`, { token: owner.token, body: { body: 'soon gone' } });
    expect((await rowsOf(b)).map((n) => n.comment_id)).toEqual([c.body.id]);
    expect((await forge.req('DELETE', `${base}/issues/comments/${c.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await rowsOf(b)).map((n) => n.comment_id)).toEqual([0]);
    const [t] = await threads(b);
    expect(t.subject).toMatchObject({ title: 'Going away', latest_comment_url: '' });

    await forge.req('PUT', `${base}/issues/${i.body.number}/subscriptions/${b.name}`, { token: b.token });
    expect((await forge.req('DELETE', `${base}/issues/${i.body.number}`, { token: owner.token })).status).toBe(204);
    expect(await rowsOf(b)).toEqual([]);
    expect(await forge.deps.db.selectFrom('issue_watch').selectAll().where('user_id', '=', b.id).execute()).toEqual([]);
    expect((await forge.req('GET', `/notifications/threads/${t.id}`, { token: b.token })).status).toBe(404);
  });

  it('deleting a repository deletes every thread about it: issues, commits and releases', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const w = await forge.user('w');
    await forge.req('PUT', `${r.base}/subscription`, { token: w.token });
    await forge.req('POST', `${r.base}/issues`, { token: owner.token, body: { title: 'An issue' } });
    await forge.req('POST', `${r.base}/releases`, { token: owner.token, body: { tag_name: 'v1', name: 'One' } });
    await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'main', r.shas.c2!, { 'm.txt': 'm\n' }, `Ping @${w.name}\n`));
    expect((await threads(w)).map((t) => t.subject.type).sort()).toEqual(['Commit', 'Issue', 'Release']);
    expect((await forge.req('DELETE', r.base, { token: owner.token })).status).toBe(204);
    expect(await rowsOf(w)).toEqual([]);
    expect(await unread(w)).toBe(0);
  });

  it('deleting an account deletes its threads and subscriptions', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const gone = await forge.user('gone');
    const i = await forge.req('POST', `${base}/issues`, { token: gone.token, body: { title: 'Mine' } });
    await forge.req('POST', `${base}/issues/${i.body.number}/comments`, { token: owner.token, body: { body: 'reply' } });
    await forge.req('PUT', `${base}/issues/${i.body.number}/subscriptions/${gone.name}`, { token: gone.token });
    expect((await rowsOf(gone)).length).toBe(1);
    const del = await forge.req('DELETE', '/user', { token: gone.token, body: { password: gone.password } });
    expect(del.status).toBe(204);
    expect(await rowsOf(gone)).toEqual([]);
    expect(await forge.deps.db.selectFrom('issue_watch').selectAll().where('user_id', '=', gone.id).execute()).toEqual([]);
  });
});
