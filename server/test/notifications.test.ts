// Notifications (issue #20), as Gitea's routers/api/v1/notify and services/uinotification: who is
// told of each event, never the actor, read/unread/pinned, marking up to a time, paging, and a
// user who can no longer read the repository sees nothing of its threads.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

let forge: TestForge;
type User = Awaited<ReturnType<TestForge['user']>>;

beforeAll(async () => {
  forge = await createTestForge();
});

const inbox = async (u: User, query = '') => forge.req('GET', `/notifications${query}`, { token: u.token });
const unread = async (u: User) => (await forge.req('GET', '/notifications/new', { token: u.token })).body.new as number;
const titles = async (u: User, query = '') => ((await inbox(u, query)).body as any[]).map((t) => t.subject.title);

async function issue(base: string, u: User, title: string, body = '') {
  const r = await forge.req('POST', `${base}/issues`, { token: u.token, body: { title, body } });
  expect(r.status).toBe(201);
  return r.body;
}
const comment = (base: string, u: User, index: number, body: string) =>
  forge.req('POST', `${base}/issues/${index}/comments`, { token: u.token, body: { body } });

describe('who is notified', () => {
  it("tells an issue's author of a comment, in Gitea's thread shape, and never the commenter", async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const b = await forge.user('b');
    const a = await forge.user('a');
    const i = await issue(base, b, 'B needs help');
    expect(await unread(b)).toBe(0);
    const c = await comment(base, a, i.number, 'Here is help');
    expect(c.status).toBe(201);

    expect(await unread(b)).toBe(1);
    expect(await unread(a)).toBe(0);
    const list = await inbox(b);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    const [t] = list.body;
    const api = `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}`;
    expect(t).toMatchObject({
      unread: true,
      pinned: false,
      url: `http://localhost:3000/api/v1/notifications/threads/${t.id}`,
      subject: {
        title: 'B needs help',
        url: `${api}/issues/${i.number}`,
        html_url: `http://localhost:3000/${owner.name}/${repo.name}/issues/${i.number}`,
        latest_comment_url: `${api}/issues/comments/${c.body.id}`,
        latest_comment_html_url: `http://localhost:3000/${owner.name}/${repo.name}/issues/${i.number}#issuecomment-${c.body.id}`,
        type: 'Issue',
        state: 'open',
      },
    });
    expect(t.repository.full_name).toBe(`${owner.name}/${repo.name}`);
    expect(Object.keys(t).sort()).toEqual(['id', 'pinned', 'repository', 'subject', 'unread', 'updated_at', 'url']);
    // The owner watches the repository they created (Gitea's AUTO_WATCH_NEW_REPOS): one thread, the
    // issue's, for the new issue and the comment alike.
    expect(await unread(owner)).toBe(1);
    expect(await titles(owner)).toEqual(['B needs help']);
  });

  it('tells watchers of a new issue and earlier commenters of the next comment, one thread per issue', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const watcher = await forge.user('watcher');
    const commenter = await forge.user('commenter');
    const bystander = await forge.user('bystander');
    expect((await forge.req('PUT', `${base}/subscription`, { token: watcher.token })).status).toBe(200);
    const i = await issue(base, owner, 'Opened by the owner');
    expect(await titles(watcher)).toEqual(['Opened by the owner']);
    expect(await unread(owner)).toBe(0);
    expect(await unread(commenter)).toBe(0);

    await comment(base, commenter, i.number, 'first');
    expect(await unread(owner)).toBe(1);
    await comment(base, watcher, i.number, 'second');
    expect(await unread(commenter)).toBe(1);
    // Still one thread for the watcher, though it was told twice (the second comment was its own).
    expect((await inbox(watcher)).body).toHaveLength(1);
    expect(await unread(bystander)).toBe(0);
  });

  it('tells mentioned users who can read the repository, and no one else', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const friend = await forge.user('friend');
    const outsider = await forge.user('outsider');
    expect((await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    await issue(base, owner, 'Mentions', `cc @${friend.name} @${outsider.name}`);
    expect(await titles(friend)).toEqual(['Mentions']);
    expect(await unread(outsider)).toBe(0);
  });

  it('tells closing, reopening and an assignment; only the new assignee hears of being assigned', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const author = await forge.user('author');
    const helper = await forge.user('helper');
    const i = await issue(base, author, 'Lifecycle');
    expect((await forge.req('PATCH', `${base}/issues/${i.number}`, { token: owner.token, body: { state: 'closed' } })).status).toBe(201);
    let [t] = (await inbox(author)).body;
    expect(t.subject.state).toBe('closed');
    await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: author.token });
    expect(await unread(author)).toBe(0);
    await forge.req('PATCH', `${base}/issues/${i.number}`, { token: owner.token, body: { state: 'open' } });
    [t] = (await inbox(author)).body;
    expect(t).toMatchObject({ unread: true, subject: { state: 'open' } });

    await forge.req('PUT', `${base}/collaborators/${helper.name}`, { token: owner.token, body: { permission: 'write' } });
    await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: author.token });
    expect((await forge.req('PATCH', `${base}/issues/${i.number}`, { token: owner.token, body: { assignees: [helper.name] } })).status).toBe(201);
    expect(await titles(helper)).toEqual(['Lifecycle']);
    // Only the assignee: the author's thread stayed read.
    expect(await unread(author)).toBe(0);
    // Being assigned is no subscription (Gitea's participants are the author and who commented):
    // a later comment by someone else does not reach the assignee, who is not shown as subscribed.
    const [ht] = (await inbox(helper)).body;
    await forge.req('PATCH', `/notifications/threads/${ht.id}`, { token: helper.token });
    await comment(base, author, i.number, 'after the assignment');
    expect(await unread(helper)).toBe(0);
    expect((await forge.req('GET', `${base}/issues/${i.number}/subscriptions/check`, { token: helper.token })).body.subscribed).toBe(false);
  });
});

describe('read, unread and pinned', () => {
  it('marking a thread moves its time to now, as Gitea’s SetNotificationStatus', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const me = await forge.user('me');
    const i = await issue(base, me, 'Old news');
    await comment(base, owner, i.number, 'one');
    const [t] = (await inbox(me)).body;
    await forge.deps.db.updateTable('notification').set({ updated_unix: 1_700_000_000 }).where('id', '=', t.id).execute();
    const before = Date.now() - 5000;
    expect((await forge.req('PATCH', `/notifications/threads/${t.id}?to-status=read`, { token: me.token })).status).toBe(205);
    const after = (await forge.req('GET', `/notifications/threads/${t.id}`, { token: me.token })).body;
    expect(after.unread).toBe(false);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(before);
  });

  it('reads query booleans as Gitea does: True, t and on are true, an unknown word is no filter', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const me = await forge.user('me');
    const i = await issue(base, me, 'Read already');
    await comment(base, owner, i.number, 'one');
    const [t] = (await inbox(me)).body;
    await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: me.token });
    const listed = async (v: string) => {
      const r = await forge.req('GET', `/notifications?all=${v}`, { token: me.token });
      expect(r.status).toBe(200);
      return r.body.length;
    };
    for (const v of ['True', 't', 'on', '1', 'TRUE']) expect(await listed(v)).toBe(1);
    for (const v of ['False', 'f', '0', 'maybe']) expect(await listed(v)).toBe(0);
  });

  it('marks one thread, filters by status, keeps a pinned thread pinned and makes a read one unread again', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const me = await forge.user('me');
    const i1 = await issue(base, me, 'First');
    const i2 = await issue(base, me, 'Second');
    await comment(base, owner, i1.number, 'one');
    await comment(base, owner, i2.number, 'two');
    const [second, first] = (await inbox(me)).body;
    expect([second.subject.title, first.subject.title]).toEqual(['Second', 'First']);

    expect((await forge.req('PATCH', `/notifications/threads/${first.id}?to-status=pinned`, { token: me.token })).status).toBe(205);
    expect((await forge.req('PATCH', `/notifications/threads/${second.id}`, { token: me.token })).status).toBe(205);
    const pinned = (await forge.req('GET', `/notifications/threads/${first.id}`, { token: me.token })).body;
    expect(pinned).toMatchObject({ unread: false, pinned: true });
    // Default list: unread and pinned.
    expect(await titles(me)).toEqual(['First']);
    expect(await titles(me, '?status-types=read')).toEqual(['Second']);
    expect(await titles(me, '?status-types=read&status-types=pinned')).toEqual(['Second', 'First']);
    expect(await titles(me, '?all=true')).toEqual(['Second', 'First']);
    expect(await unread(me)).toBe(0);

    await forge.deps.db.updateTable('notification').set({ updated_unix: 1_000 }).where('user_id', '=', me.id).execute();
    await comment(base, owner, i1.number, 'again');
    await comment(base, owner, i2.number, 'again');
    const after = (await inbox(me, '?all=1')).body;
    expect(after.map((t: any) => [t.subject.title, t.unread, t.pinned])).toEqual(
      expect.arrayContaining([
        ['First', false, true],
        ['Second', true, false],
      ]),
    );
    expect(after.every((t: any) => t.updated_at > '2000')).toBe(true);

    expect((await forge.req('PATCH', `/notifications/threads/${second.id}?to-status=unread`, { token: me.token })).status).toBe(205);
    expect(await unread(me)).toBe(1);
  });

  it('PUT /notifications marks unread threads updated up to last_read_at, as to-status says', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const me = await forge.user('me');
    for (const t of ['Old', 'New']) await comment(base, owner, (await issue(base, me, t)).number, 'hi');
    await forge.deps.db
      .updateTable('notification')
      .set({ updated_unix: 1_700_000_000 })
      .where('user_id', '=', me.id)
      .where('issue_id', 'in', forge.deps.db.selectFrom('issue').select('id').where('name', '=', 'Old'))
      .execute();
    expect(await unread(me)).toBe(2);
    const r = await forge.req('PUT', '/notifications?last_read_at=2023-11-15T00:00:00Z', { token: me.token });
    expect(r.status).toBe(205);
    expect(await titles(me)).toEqual(['New']);
    expect((await forge.req('PUT', '/notifications?last_read_at=yesterday', { token: me.token })).status).toBe(400);
    expect((await forge.req('GET', '/notifications?since=yesterday', { token: me.token })).status).toBe(422);

    expect((await forge.req('PUT', '/notifications', { token: me.token })).status).toBe(205);
    expect(await unread(me)).toBe(0);
    // Back to unread: read threads, all of them.
    await forge.req('PUT', '/notifications?status-types=read&to-status=unread', { token: me.token });
    expect(await unread(me)).toBe(2);
  });

  it('lists and marks one repository, filters by subject type, and pages with X-Total-Count and Link', async () => {
    const one = await ownerWithRepo(forge);
    const two = await ownerWithRepo(forge);
    const me = await forge.user('me');
    for (const [r, n] of [
      [one, 3],
      [two, 1],
    ] as const)
      for (let k = 0; k < n; k++) await comment(r.base, r.owner, (await issue(r.base, me, `${r.repo.name}-${k}`)).number, 'hi');
    const page = await inbox(me, '?limit=2&page=1');
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.headers.get('link')).toContain('rel="next"');
    expect((await inbox(me, '?limit=2&page=2')).body).toHaveLength(2);
    expect(await titles(me, '?subject-type=pull')).toEqual([]);
    expect(await titles(me, '?subject-type=issue')).toHaveLength(4);

    const mine = await forge.req('GET', `${two.base}/notifications`, { token: me.token });
    expect(mine.body.map((t: any) => t.subject.title)).toEqual([`${two.repo.name}-0`]);
    expect((await forge.req('PUT', `${one.base}/notifications`, { token: me.token })).status).toBe(205);
    expect(await unread(me)).toBe(1);
  });

  it('answers 401 anonymous, 404 for no thread, 403 for another user’s', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const me = await forge.user('me');
    const other = await forge.user('other');
    await comment(base, owner, (await issue(base, me, 'Mine')).number, 'hi');
    const [t] = (await inbox(me)).body;
    expect((await forge.req('GET', '/notifications')).status).toBe(401);
    expect((await forge.req('GET', '/notifications/new')).status).toBe(401);
    expect((await forge.req('GET', `/notifications/threads/99999999`, { token: me.token })).status).toBe(404);
    expect((await forge.req('GET', `/notifications/threads/${t.id}`, { token: other.token })).status).toBe(403);
    expect((await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: other.token })).status).toBe(403);
    expect((await forge.req('GET', `/notifications/threads/${t.id}`, { token: forge.admin.token })).status).toBe(200);
    expect(await unread(me)).toBe(1);
    // A deleted issue takes its thread with it.
    expect((await forge.req('DELETE', `${base}/issues/1`, { token: owner.token })).status).toBe(204);
    expect(await unread(me)).toBe(0);
    expect((await inbox(me, '?all=true')).body).toEqual([]);
  });
});

describe('access', () => {
  it('hides every thread of a repository the user can no longer read (404 on the thread)', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const friend = await forge.user('friend');
    await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'write' } });
    const i = await issue(base, friend, 'Secret');
    await comment(base, owner, i.number, 'psst');
    const [t] = (await inbox(friend)).body;
    expect(t.subject.title).toBe('Secret');

    expect((await forge.req('DELETE', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    expect((await inbox(friend, '?all=true')).body).toEqual([]);
    expect((await inbox(friend)).headers.get('x-total-count')).toBe('0');
    expect(await unread(friend)).toBe(0);
    expect((await forge.req('GET', `/notifications/threads/${t.id}`, { token: friend.token })).status).toBe(404);
    expect((await forge.req('PATCH', `/notifications/threads/${t.id}`, { token: friend.token })).status).toBe(404);
    // New events no longer reach them.
    await comment(base, owner, i.number, 'still there?');
    const rows = await forge.deps.db.selectFrom('notification').selectAll().where('user_id', '=', friend.id).execute();
    expect(rows.map((r) => r.status)).toEqual([1]);
    expect(await unread(friend)).toBe(0);
  });
});

describe('issue subscriptions', () => {
  it('mutes a thread (DELETE), follows one (PUT), with check answering WatchInfo', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const b = await forge.user('b');
    const follower = await forge.user('follower');
    const i = await issue(base, b, 'Quiet please');
    const sub = `${base}/issues/${i.number}/subscriptions`;

    const check = await forge.req('GET', `${sub}/check`, { token: b.token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      subscribed: true,
      ignored: false,
      reason: null,
      created_at: i.created_at,
      url: `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}/issues/${i.number}/subscriptions`,
      repository_url: `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}`,
    });
    expect((await forge.req('DELETE', `${sub}/${b.name}`, { token: b.token })).status).toBe(201);
    expect((await forge.req('DELETE', `${sub}/${b.name}`, { token: b.token })).status).toBe(200);
    expect((await forge.req('GET', `${sub}/check`, { token: b.token })).body).toMatchObject({ subscribed: false, ignored: true });
    await comment(base, owner, i.number, 'anyone?');
    expect(await unread(b)).toBe(0);

    expect((await forge.req('GET', `${sub}/check`, { token: follower.token })).body.subscribed).toBe(false);
    expect((await forge.req('PUT', `${sub}/${follower.name}`, { token: follower.token })).status).toBe(201);
    expect((await forge.req('PUT', `${sub}/${follower.name}`, { token: follower.token })).status).toBe(200);
    expect((await forge.req('GET', sub)).body.map((u: any) => u.login)).toEqual([follower.name]);
    await comment(base, owner, i.number, 'now?');
    expect(await titles(follower)).toEqual(['Quiet please']);

    // Following again after muting brings the threads back.
    expect((await forge.req('PUT', `${sub}/${b.name}`, { token: b.token })).status).toBe(201);
    await comment(base, owner, i.number, 'and now?');
    expect(await unread(b)).toBe(1);
  });

  it('lets only the user or a site admin change a subscription; 401 anonymous, 404 unknown issue or user', async () => {
    const { base } = await ownerWithRepo(forge);
    const b = await forge.user('b');
    const other = await forge.user('other');
    const i = await issue(base, b, 'Mine');
    const sub = `${base}/issues/${i.number}/subscriptions`;
    expect((await forge.req('PUT', `${sub}/${b.name}`)).status).toBe(401);
    expect((await forge.req('GET', `${sub}/check`)).status).toBe(401);
    expect((await forge.req('PUT', `${sub}/${b.name}`, { token: other.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${sub}/${b.name}`, { token: forge.admin.token })).status).toBe(201);
    expect((await forge.req('PUT', `${base}/issues/999/subscriptions/${b.name}`, { token: b.token })).status).toBe(404);
    expect((await forge.req('PUT', `${sub}/nobody-at-all`, { token: b.token })).status).toBe(404);
  });

  it('private repository: a stranger gets 404', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const stranger = await forge.user('stranger');
    const i = await issue(base, owner, 'Hidden');
    expect((await forge.req('GET', `${base}/issues/${i.number}/subscriptions/check`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('PUT', `${base}/issues/${i.number}/subscriptions/${stranger.name}`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/notifications`, { token: stranger.token })).status).toBe(404);
  });
});
