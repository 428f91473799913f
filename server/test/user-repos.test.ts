// GET /users/{username}/repos as Gitea's userListRepos: the owner's repositories oldest first,
// only those the caller may read, paged with X-Total-Count; an organization's through its name
// too; a user or organization the caller may not see is not found.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { req } = forge;

describe("a user's repositories", () => {
  it('lists them oldest first, private ones only to who may read them, in pages', async () => {
    const owner = await forge.user();
    const stranger = await forge.user();
    for (const [name, isPrivate] of [
      ['zeta', false],
      ['alpha', true],
      ['mid', false],
    ] as const) {
      expect((await req('POST', '/user/repos', { token: owner.token, body: { name, private: isPrivate } })).status).toBe(201);
    }
    const mine = await req('GET', `/users/${owner.name}/repos`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: any) => r.name)).toEqual(['zeta', 'alpha', 'mid']);
    expect(mine.body[1]).toMatchObject({ full_name: `${owner.name}/alpha`, private: true, owner: { login: owner.name } });

    for (const token of [stranger.token, undefined]) {
      const theirs = await req('GET', `/users/${owner.name}/repos`, { token });
      expect(theirs.status).toBe(200);
      expect(theirs.body.map((r: any) => r.name)).toEqual(['zeta', 'mid']);
    }

    const page = await req('GET', `/users/${owner.name}/repos?limit=1&page=2`, { token: owner.token });
    expect(page.body.map((r: any) => r.name)).toEqual(['alpha']);
    expect(page.headers.get('x-total-count')).toBe('3');
  });

  it("lists an organization's repositories by its name, and hides a private organization", async () => {
    const owner = await forge.user();
    const stranger = await forge.user();
    const org = uniq('org');
    expect((await req('POST', '/orgs', { token: owner.token, body: { username: org, visibility: 'private' } })).status).toBe(201);
    expect((await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'tools' } })).status).toBe(201);
    const listed = await req('GET', `/users/${org}/repos`, { token: owner.token });
    expect(listed.body.map((r: any) => r.full_name)).toEqual([`${org}/tools`]);
    expect((await req('GET', `/users/${org}/repos`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `/users/${org}/repos`)).status).toBe(404);
  });

  it('answers 404 for a user that does not exist', async () => {
    const r = await req('GET', '/users/no-such-user-here/repos');
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/user redirect does not exist/);
  });

  it("GET /user/repos lists the caller's own and reachable repositories by name, private included", async () => {
    const me = await forge.user();
    const friend = await forge.user();
    const stranger = await forge.user();
    for (const [name, isPrivate] of [
      ['zed', false],
      ['Alpha', true],
    ] as const)
      expect((await req('POST', '/user/repos', { token: me.token, body: { name, private: isPrivate } })).status).toBe(201);
    expect((await req('POST', '/user/repos', { token: friend.token, body: { name: 'shared', private: true } })).status).toBe(201);
    expect((await req('POST', '/user/repos', { token: friend.token, body: { name: 'other' } })).status).toBe(201);
    const added = await req('PUT', `/repos/${friend.name}/shared/collaborators/${me.name}`, { token: friend.token, body: { permission: 'write' } });
    expect(added.status).toBe(204);

    const mine = await req('GET', '/user/repos', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: any) => r.full_name)).toEqual([`${me.name}/Alpha`, `${friend.name}/shared`, `${me.name}/zed`]);
    expect(mine.body[1].permissions).toEqual({ admin: false, push: true, pull: true });
    expect(mine.headers.get('x-total-count')).toBe('3');
    const page = await req('GET', '/user/repos?limit=1&page=3', { token: me.token });
    expect(page.body.map((r: any) => r.name)).toEqual(['zed']);

    expect((await req('GET', '/user/repos', { token: stranger.token })).body).toEqual([]);
    expect((await req('GET', '/user/repos')).status).toBe(401);
  });
});
