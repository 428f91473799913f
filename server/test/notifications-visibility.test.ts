// Which threads a user still sees (issue #20): none of a unit the repository has turned off
// (issues, pull requests, releases), none of a repository they can no longer read (made private,
// removed as collaborator, removed from the team, a team without the unit). Such threads are
// neither listed nor counted (/notifications/new agrees with the list), and answer 404 on
// GET/PATCH /notifications/threads/{id}; turning the unit back on brings them back as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq, type TestForge } from './helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';

let forge: TestForge;
type User = Awaited<ReturnType<TestForge['user']>>;

beforeAll(async () => {
  forge = await createTestForge();
});

/** What the user sees: subject types of every thread (all statuses), totals and the unread count agree. */
async function seen(u: User, repo?: string) {
  const list = await forge.req('GET', `${repo ? `/repos/${repo}` : ''}/notifications?all=true`, { token: u.token });
  expect(list.status).toBe(200);
  const unreadList = await forge.req('GET', '/notifications', { token: u.token });
  const count = (await forge.req('GET', '/notifications/new', { token: u.token })).body.new as number;
  // The bell's count is the number of unread threads the inbox lists.
  if (!repo) {
    expect(count).toBe((unreadList.body as any[]).filter((t) => t.unread).length);
    expect(Number(unreadList.headers.get('x-total-count'))).toBe((unreadList.body as any[]).length);
  }
  expect(Number(list.headers.get('x-total-count'))).toBe((list.body as any[]).length);
  return { types: (list.body as any[]).map((t) => t.subject.type).sort(), ids: (list.body as any[]).map((t) => t.id as number), count };
}

const thread = (u: User, id: number) => forge.req('GET', `/notifications/threads/${id}`, { token: u.token });
const patch = (u: User, id: number) => forge.req('PATCH', `/notifications/threads/${id}?to-status=read`, { token: u.token });

/** A public repository with an issue, a pull request, a release and a commit mentioning `watcher`, who watches it. */
async function everySubject() {
  const owner = await forge.user('owner');
  const watcher = await forge.user('watcher');
  const r = await pullRepo(forge, owner);
  expect((await forge.req('PUT', `${r.base}/subscription`, { token: watcher.token })).status).toBe(200);
  expect((await forge.req('POST', `${r.base}/issues`, { token: owner.token, body: { title: 'An issue' } })).status).toBe(201);
  expect((await forge.req('POST', `${r.base}/pulls`, { token: owner.token, body: { title: 'A pull', head: 'feature', base: 'main' } })).status).toBe(201);
  expect((await forge.req('POST', `${r.base}/releases`, { token: owner.token, body: { tag_name: 'v1', name: 'One', target_commitish: 'main' } })).status).toBe(
    201,
  );
  await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'main', r.shas.c2!, { 'n.txt': 'n\n' }, `Note for @${watcher.name}\n`));
  const all = await seen(watcher);
  expect(all.types).toEqual(['Commit', 'Issue', 'Pull', 'Release']);
  expect(all.count).toBe(4);
  const full = `${owner.name}/${r.name}`;
  const byType = Object.fromEntries(
    ((await forge.req('GET', '/notifications?all=true', { token: watcher.token })).body as any[]).map((t) => [t.subject.type, t.id as number]),
  ) as Record<'Issue' | 'Pull' | 'Release' | 'Commit', number>;
  return { owner, watcher, r, full, byType };
}

const setRepo = async (owner: User, base: string, body: Record<string, unknown>) => {
  const res = await forge.req('PATCH', base, { token: owner.token, body });
  expect(res.status).toBe(200);
};

describe('a unit the repository has turned off', () => {
  it('issues off hides issue threads, pulls off pull threads, releases off release threads; on again brings them back', async () => {
    const { owner, watcher, r, full, byType } = await everySubject();

    await setRepo(owner, r.base, { has_issues: false });
    expect((await seen(watcher)).types).toEqual(['Commit', 'Pull', 'Release']);
    expect((await seen(watcher)).count).toBe(3);
    expect((await seen(watcher, full)).types).toEqual(['Commit', 'Pull', 'Release']);
    expect((await thread(watcher, byType.Issue)).status).toBe(404);
    expect((await patch(watcher, byType.Issue)).status).toBe(404);
    expect((await thread(watcher, byType.Pull)).status).toBe(200);
    // The subject-type filter sees the same.
    expect((await forge.req('GET', '/notifications?all=true&subject-type=issue', { token: watcher.token })).body).toEqual([]);

    await setRepo(owner, r.base, { has_pull_requests: false, has_releases: false });
    expect((await seen(watcher)).types).toEqual(['Commit']);
    expect((await seen(watcher)).count).toBe(1);
    expect((await thread(watcher, byType.Pull)).status).toBe(404);
    expect((await thread(watcher, byType.Release)).status).toBe(404);

    // "Mark all as read" while hidden leaves the hidden threads as they were.
    expect((await forge.req('PUT', '/notifications', { token: watcher.token })).status).toBe(205);
    expect((await seen(watcher)).count).toBe(0);
    await setRepo(owner, r.base, { has_issues: true, has_pull_requests: true, has_releases: true });
    const back = await seen(watcher);
    expect(back.types).toEqual(['Commit', 'Issue', 'Pull', 'Release']);
    expect(back.count).toBe(3);
    expect((await thread(watcher, byType.Issue)).body).toMatchObject({ id: byType.Issue, unread: true, subject: { type: 'Issue', title: 'An issue' } });
  });
});

describe('a repository the user can no longer read', () => {
  it('made private: every thread of it is gone from the list, the count and the thread', async () => {
    const { owner, watcher, r, byType } = await everySubject();
    await setRepo(owner, r.base, { private: true });
    expect(await seen(watcher)).toEqual({ types: [], ids: [], count: 0 });
    for (const id of Object.values(byType)) {
      expect((await thread(watcher, id)).status).toBe(404);
      expect((await patch(watcher, id)).status).toBe(404);
    }
    // The owner's repository list of threads answers 404 too: the repository is not there for them.
    expect((await forge.req('GET', `${r.base}/notifications`, { token: watcher.token })).status).toBe(404);
    // Public again: back.
    await setRepo(owner, r.base, { private: false });
    expect((await seen(watcher)).count).toBe(4);
  });

  it('removed as a collaborator of a private repository', async () => {
    const owner = await forge.user('owner');
    const friend = await forge.user('friend');
    const r = await pullRepo(forge, owner, { private: true });
    await forge.req('PUT', `${r.base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } });
    await forge.req('PUT', `${r.base}/subscription`, { token: friend.token });
    await forge.req('POST', `${r.base}/releases`, { token: owner.token, body: { tag_name: 'v1', name: 'One', target_commitish: 'main' } });
    const [t] = (await forge.req('GET', '/notifications', { token: friend.token })).body as any[];
    expect(t.subject.type).toBe('Release');
    expect((await forge.req('DELETE', `${r.base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    expect(await seen(friend)).toEqual({ types: [], ids: [], count: 0 });
    expect((await thread(friend, t.id)).status).toBe(404);
  });

  it('removed from the team, or the team loses the unit', async () => {
    const owner = await forge.user('owner');
    const member = await forge.user('member');
    const org = uniq('org');
    expect((await forge.req('POST', '/orgs', { token: owner.token, body: { username: org, visibility: 'private' } })).status).toBe(201);
    const repo = await forge.req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'inside', private: true, auto_init: true } });
    expect(repo.status).toBe(201);
    const team = await forge.req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'devs', permission: 'write', units_map: { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'write', 'repo.releases': 'write' } },
    });
    expect(team.status).toBe(201);
    expect((await forge.req('PUT', `/teams/${team.body.id}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('PUT', `/teams/${team.body.id}/repos/${org}/inside`, { token: owner.token })).status).toBe(204);
    const base = `/repos/${org}/inside`;
    const i = await forge.req('POST', `${base}/issues`, { token: member.token, body: { title: 'Team issue' } });
    expect(i.status).toBe(201);
    await forge.req('POST', `${base}/issues/${i.body.number}/comments`, { token: owner.token, body: { body: 'Seen' } });
    const [t] = (await forge.req('GET', '/notifications', { token: member.token })).body as any[];
    expect(t.subject.title).toBe('Team issue');

    // The team keeps the code but loses the issues unit: the issue thread is hidden.
    const edited = await forge.req('PATCH', `/teams/${team.body.id}`, {
      token: owner.token,
      body: { name: 'devs', units_map: { 'repo.code': 'write', 'repo.pulls': 'write', 'repo.releases': 'write' } },
    });
    expect(edited.status).toBe(200);
    expect(await seen(member)).toEqual({ types: [], ids: [], count: 0 });
    expect((await thread(member, t.id)).status).toBe(404);

    await forge.req('PATCH', `/teams/${team.body.id}`, {
      token: owner.token,
      body: { name: 'devs', units_map: { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'write', 'repo.releases': 'write' } },
    });
    expect((await seen(member)).count).toBe(1);

    expect((await forge.req('DELETE', `/teams/${team.body.id}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect(await seen(member)).toEqual({ types: [], ids: [], count: 0 });
    expect((await thread(member, t.id)).status).toBe(404);
    expect((await patch(member, t.id)).status).toBe(404);
  });

  it('a site admin still reads another user’s visible thread, and gets 404 for a hidden one', async () => {
    const { owner, watcher, r, byType } = await everySubject();
    const admin = await forge.user('admin', { admin: true });
    expect((await thread(admin, byType.Release)).status).toBe(200);
    await setRepo(owner, r.base, { has_releases: false });
    expect((await thread(admin, byType.Release)).status).toBe(404);
    expect((await thread(admin, byType.Issue)).status).toBe(200);
    expect((await thread(watcher, byType.Issue)).status).toBe(200);
  });
});
