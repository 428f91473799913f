// Collaborators and assignees over HTTP against a real SQLite database, as Gitea's
// routers/api/v1/repo/collaborators.go answers them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';

let forge: TestForge;
beforeAll(async () => {
  forge = await createTestForge();
});

const names = (body: { login: string }[]) => body.map((u) => u.login);

describe('collaborators', () => {
  it('adds a collaborator with write by default, lists, checks and removes them', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const friend = await forge.user('friend');
    // Before: the private repository does not exist for the friend.
    expect((await forge.req('GET', base, { token: friend.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(404);

    expect((await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    const list = await forge.req('GET', `${base}/collaborators`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual([friend.name]);
    expect(list.headers.get('x-total-count')).toBe('1');

    // Write: sees the repository, may push (permissions.push), not administer it.
    const seen = await forge.req('GET', base, { token: friend.token });
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ admin: false, push: true, pull: true });
    const perm = await forge.req('GET', `${base}/collaborators/${friend.name}/permission`, { token: friend.token });
    expect(perm.status).toBe(200);
    expect(perm.body).toMatchObject({ permission: 'write', role_name: 'write', user: { login: friend.name } });

    expect((await forge.req('DELETE', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/collaborators/${friend.name}`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('GET', base, { token: friend.token })).status).toBe(404);
  });

  it('changes the mode with PUT and refuses a permission that is not read, write or admin', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const friend = await forge.user('friend');
    expect((await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    expect((await forge.req('GET', base, { token: friend.token })).body.permissions).toEqual({ admin: false, push: false, pull: true });
    expect((await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'admin' } })).status).toBe(204);
    expect((await forge.req('GET', base, { token: friend.token })).body.permissions).toEqual({ admin: true, push: true, pull: true });
    expect((await forge.req('GET', `${base}/collaborators/${friend.name}/permission`, { token: owner.token })).body.permission).toBe('admin');
    expect((await forge.req('PUT', `${base}/collaborators/${friend.name}`, { token: owner.token, body: { permission: 'owner' } })).status).toBe(422);
    // Still one row: PUT updates rather than adds.
    expect((await forge.req('GET', `${base}/collaborators`, { token: owner.token })).body).toHaveLength(1);
  });

  it('lets an admin collaborator add others, but not a write collaborator', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const admin = await forge.user('radmin');
    const writer = await forge.user('writer');
    const third = await forge.user('third');
    await forge.req('PUT', `${base}/collaborators/${admin.name}`, { token: owner.token, body: { permission: 'admin' } });
    await forge.req('PUT', `${base}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } });
    expect((await forge.req('PUT', `${base}/collaborators/${third.name}`, { token: writer.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/collaborators/${admin.name}`, { token: writer.token })).status).toBe(403);
    expect((await forge.req('PUT', `${base}/collaborators/${third.name}`, { token: admin.token })).status).toBe(204);
    // A writer may ask for their own permission but not for someone else's.
    expect((await forge.req('GET', `${base}/collaborators/${writer.name}/permission`, { token: writer.token })).status).toBe(200);
    expect((await forge.req('GET', `${base}/collaborators/${third.name}/permission`, { token: writer.token })).status).toBe(403);
    expect((await forge.req('GET', `${base}/collaborators/${third.name}/permission`, { token: admin.token })).body.permission).toBe('write');
  });

  it('answers 401 without a token, 404 for a private repository to strangers, 422 for an unknown user', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const stranger = await forge.user('stranger');
    expect((await forge.req('GET', `${base}/collaborators`)).status).toBe(401);
    expect((await forge.req('GET', `${base}/collaborators`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('PUT', `${base}/collaborators/${stranger.name}`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('PUT', `${base}/collaborators/nobody-here`, { token: owner.token })).status).toBe(422);
    expect((await forge.req('GET', `${base}/collaborators/nobody-here`, { token: owner.token })).status).toBe(422);
    expect((await forge.req('GET', `${base}/collaborators/nobody-here/permission`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('PUT', `${base}/collaborators/${owner.name}`, { token: owner.token })).status).toBe(422);
  });

  it('pages the list', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const users = [await forge.user('p'), await forge.user('p'), await forge.user('p')];
    for (const u of users) await forge.req('PUT', `${base}/collaborators/${u.name}`, { token: owner.token });
    const page2 = await forge.req('GET', `${base}/collaborators?page=2&limit=2`, { token: owner.token });
    expect(names(page2.body)).toEqual([users[2]!.name]);
    expect(page2.headers.get('x-total-count')).toBe('3');
  });
});

describe('assignees', () => {
  it('lists the owner and collaborators with write, not readers, and only they can be assigned', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const writer = await forge.user('w');
    const reader = await forge.user('r');
    await forge.req('PUT', `${base}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } });
    await forge.req('PUT', `${base}/collaborators/${reader.name}`, { token: owner.token, body: { permission: 'read' } });
    const list = await forge.req('GET', `${base}/assignees`);
    expect(list.status).toBe(200);
    expect(names(list.body).sort()).toEqual([owner.name, writer.name].sort());

    const ok = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 't', assignees: [writer.name] } });
    expect(ok.status).toBe(201);
    expect(ok.body.assignees.map((u: { login: string }) => u.login)).toEqual([writer.name]);
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 't', assignees: [reader.name] } })).status).toBe(422);

    // Removing the writer takes them off the issues they were assigned to.
    await forge.req('DELETE', `${base}/collaborators/${writer.name}`, { token: owner.token });
    const issue = await forge.req('GET', `${base}/issues/${ok.body.number}`, { token: owner.token });
    expect(issue.body.assignees ?? []).toEqual([]);
    expect(names((await forge.req('GET', `${base}/assignees`)).body)).toEqual([owner.name]);
  });

  it('is 404 for a private repository the caller cannot read', async () => {
    const { base } = await ownerWithRepo(forge, { private: true });
    expect((await forge.req('GET', `${base}/assignees`)).status).toBe(404);
  });
});
