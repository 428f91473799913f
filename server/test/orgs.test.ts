// Organizations through the API: create (limits, names), get/list by visibility, edit, rename with
// old links, delete, members and public members, a user's organizations and permissions, repos.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { req } = forge;

async function newOrg(token: string, extra: Record<string, unknown> = {}) {
  const name = uniq('org');
  const r = await req('POST', '/orgs', { token, body: { username: name, ...extra } });
  expect(r.status).toBe(201);
  return name;
}

describe('creating organizations', () => {
  it('creates an organization whose creator is its owner through the Owners team', async () => {
    const u = await forge.user();
    const name = uniq('org');
    const r = await req('POST', '/orgs', {
      token: u.token,
      body: { username: name, full_name: 'The Org', description: 'd', website: 'https://example.com', location: 'Earth' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name,
      username: name,
      full_name: 'The Org',
      website: 'https://example.com',
      location: 'Earth',
      visibility: 'public',
      repo_admin_change_team_access: false,
    });
    const perms = await req('GET', `/users/${u.name}/orgs/${name}/permissions`, { token: u.token });
    expect(perms.body).toEqual({ is_owner: true, is_admin: true, can_write: true, can_read: true, can_create_repository: true });
    const teams = await req('GET', `/orgs/${name}/teams`, { token: u.token });
    expect(teams.body).toHaveLength(1);
    expect(teams.body[0]).toMatchObject({ name: 'Owners', permission: 'owner', includes_all_repositories: true, can_create_org_repo: true });
    expect(teams.body[0].units_map['repo.code']).toBe('owner');
  });

  it('answers 422 naming the field past the spec limits', async () => {
    const u = await forge.user();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'a'.repeat(41) }, 'username'],
      [{ full_name: 'x'.repeat(101) }, 'full_name'],
      [{ email: `${'e'.repeat(250)}@x.org` }, 'email'],
      [{ description: 'x'.repeat(256) }, 'description'],
      [{ website: `https://${'w'.repeat(250)}.org` }, 'website'],
      [{ location: 'x'.repeat(51) }, 'location'],
      [{ visibility: 'secret' }, 'visibility'],
    ];
    for (const [body, field] of cases) {
      const r = await req('POST', '/orgs', { token: u.token, body: { username: uniq('org'), ...body } });
      expect(r.status, field).toBe(422);
      expect(r.body.message).toContain(field);
    }
    // At the limits it is fine.
    const ok = await req('POST', '/orgs', {
      token: u.token,
      body: { username: uniq('o').padEnd(40, 'x'), full_name: 'f'.repeat(100), location: 'l'.repeat(50) },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a name any user or organization holds, reserved and invalid names, and anonymous callers', async () => {
    const u = await forge.user();
    const other = await forge.user();
    const taken = await req('POST', '/orgs', { token: u.token, body: { username: other.name.toUpperCase() } });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe(`username: an organization or user named “${other.name.toUpperCase()}” already exists`);
    const org = await newOrg(u.token);
    expect((await req('POST', '/orgs', { token: u.token, body: { username: org } })).status).toBe(422);
    expect((await req('POST', '/orgs', { token: u.token, body: { username: 'admin' } })).status).toBe(422);
    expect((await req('POST', '/orgs', { token: u.token, body: { username: '-bad-' } })).status).toBe(422);
    expect((await req('POST', '/orgs', { body: { username: uniq('org') } })).status).toBe(401);
  });
});

describe('seeing organizations', () => {
  it('lists public ones to strangers, limited ones to signed-in users and private ones to admins, paged', async () => {
    const u = await forge.user();
    const pub = await newOrg(u.token);
    const lim = await newOrg(u.token, { visibility: 'limited' });
    const priv = await newOrg(u.token, { visibility: 'private' });
    const names = async (token?: string) => {
      const r = await req('GET', '/orgs?limit=50', { token });
      expect(r.status).toBe(200);
      return r.body.map((o: any) => o.name);
    };
    const stranger = await forge.user();
    expect(await names()).toContain(pub);
    expect(await names()).not.toContain(lim);
    expect(await names(stranger.token)).toContain(lim);
    expect(await names(stranger.token)).not.toContain(priv);
    expect(await names(forge.admin.token)).toContain(priv);
    const page = await req('GET', '/orgs?limit=1&page=1');
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
  });

  it('answers GET /orgs/{org} by visibility, hiding the e-mail from anonymous visitors', async () => {
    const u = await forge.user();
    const pub = await newOrg(u.token, { email: 'team@example.org' });
    const priv = await newOrg(u.token, { visibility: 'private' });
    const lim = await newOrg(u.token, { visibility: 'limited' });
    const stranger = await forge.user();
    expect((await req('GET', `/orgs/${pub}`)).body.email).toBe('');
    expect((await req('GET', `/orgs/${pub}`, { token: stranger.token })).body.email).toBe('team@example.org');
    expect((await req('GET', `/orgs/${priv}`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `/orgs/${priv}`, { token: u.token })).status).toBe(200);
    expect((await req('GET', `/orgs/${lim}`)).status).toBe(404);
    expect((await req('GET', `/orgs/${lim}`, { token: stranger.token })).status).toBe(200);
    expect((await req('GET', '/orgs/no-such-org-here')).status).toBe(404);
  });
});

describe('editing, renaming and deleting', () => {
  it('lets owners edit (with the same limits) and refuses members and strangers', async () => {
    const owner = await forge.user();
    const member = await forge.user();
    const org = await newOrg(owner.token);
    const team = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'devs', permission: 'write', units_map: { 'repo.code': 'write' } },
    });
    await req('PUT', `/teams/${team.body.id}/members/${member.name}`, { token: owner.token });
    const r = await req('PATCH', `/orgs/${org}`, {
      token: owner.token,
      body: { full_name: 'New Name', visibility: 'limited', repo_admin_change_team_access: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ full_name: 'New Name', visibility: 'limited', repo_admin_change_team_access: true });
    expect((await req('PATCH', `/orgs/${org}`, { token: owner.token, body: { location: 'x'.repeat(51) } })).status).toBe(422);
    const denied = await req('PATCH', `/orgs/${org}`, { token: member.token, body: { full_name: 'x' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Must be an organization owner');
    // Gitea's reqToken: an anonymous caller is asked to sign in, whatever the organization.
    expect((await req('PATCH', `/orgs/${org}`, { body: { full_name: 'x' } })).status).toBe(401);
  });

  it('renames to a free name; old links of the organization and its repositories answer 307 to the new name', async () => {
    const owner = await forge.user();
    const org = await newOrg(owner.token);
    const repo = await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'code', auto_init: true } });
    expect(repo.status).toBe(201);
    const other = await forge.user();
    expect((await req('POST', `/orgs/${org}/rename`, { token: owner.token, body: { new_name: other.name } })).status).toBe(422);
    expect((await req('POST', `/orgs/${org}/rename`, { token: other.token, body: { new_name: uniq('x') } })).status).toBe(403);
    const renamed = uniq('renamed');
    expect((await req('POST', `/orgs/${org}/rename`, { token: owner.token, body: { new_name: renamed } })).status).toBe(204);
    expect((await req('GET', `/orgs/${renamed}`)).body.name).toBe(renamed);
    const old = await req('GET', `/orgs/${org}`);
    expect(old.status).toBe(307);
    expect(old.headers.get('location')).toBe(`/api/v1/orgs/${renamed}`);
    const oldRepo = await req('GET', `/repos/${org}/code/branches?limit=5`);
    expect(oldRepo.status).toBe(307);
    expect(oldRepo.headers.get('location')).toBe(`/api/v1/repos/${renamed}/code/branches?limit=5`);
    // The repository moved with it on disk and in the API.
    const moved = await req('GET', `/repos/${renamed}/code`);
    expect(moved.status).toBe(200);
    expect(moved.body.full_name).toBe(`${renamed}/code`);
    expect(fs.existsSync(path.join(forge.dataDir, 'repositories', renamed.toLowerCase(), 'code.git'))).toBe(true);
    expect((await req('GET', `/repos/${renamed}/code/branches`)).body.map((b: any) => b.name)).toEqual(['main']);
    // Someone may take the old name; then it is theirs, not a redirect.
    const again = await req('POST', '/orgs', { token: other.token, body: { username: org } });
    expect(again.status).toBe(201);
    expect((await req('GET', `/orgs/${org}`)).status).toBe(200);
  });

  it('refuses to delete an organization that owns repositories, then deletes it once empty', async () => {
    const owner = await forge.user();
    const org = await newOrg(owner.token);
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'keep' } });
    const stranger = await forge.user();
    expect((await req('DELETE', `/orgs/${org}`, { token: stranger.token })).status).toBe(403);
    const refused = await req('DELETE', `/orgs/${org}`, { token: owner.token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('the organization still owns 1 repository: delete or transfer it first');
    expect((await req('DELETE', `/repos/${org}/keep`, { token: owner.token })).status).toBe(204);
    expect((await req('DELETE', `/orgs/${org}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/orgs/${org}`)).status).toBe(404);
    expect((await req('GET', '/user/orgs', { token: owner.token })).body.map((o: any) => o.name)).not.toContain(org);
  });
});

describe('members', () => {
  async function orgWithMember() {
    const owner = await forge.user();
    const member = await forge.user();
    const org = await newOrg(owner.token);
    const team = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'readers', permission: 'read', units_map: { 'repo.code': 'read' } },
    });
    expect((await req('PUT', `/teams/${team.body.id}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    return { owner, member, org, teamId: team.body.id as number };
  }

  it('shows all members to members and public ones to others; public_members marks them', async () => {
    const { owner, member, org } = await orgWithMember();
    const stranger = await forge.user();
    const names = async (token?: string) => (await req('GET', `/orgs/${org}/members`, { token })).body.map((u: any) => u.login).sort();
    expect(await names(member.token)).toEqual([owner.name, member.name].sort());
    expect(await names(stranger.token)).toEqual([]);
    expect(await names()).toEqual([]);
    // Only the member themselves (or an owner) may publicize.
    expect((await req('PUT', `/orgs/${org}/public_members/${owner.name}`, { token: member.token })).status).toBe(403);
    expect((await req('PUT', `/orgs/${org}/public_members/${member.name}`, { token: member.token })).status).toBe(204);
    expect(await names(stranger.token)).toEqual([member.name]);
    expect((await req('GET', `/orgs/${org}/public_members`)).body.map((u: any) => u.login)).toEqual([member.name]);
    expect((await req('GET', `/orgs/${org}/public_members/${member.name}`)).status).toBe(204);
    expect((await req('GET', `/orgs/${org}/public_members/${owner.name}`)).status).toBe(404);
    expect((await req('DELETE', `/orgs/${org}/public_members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/orgs/${org}/public_members/${member.name}`)).status).toBe(404);
    expect((await req('PUT', `/orgs/${org}/public_members/${member.name}`, { token: stranger.token })).status).toBe(403);
  });

  it('answers the member check with 204/404 to members and a 303 to the public check for others', async () => {
    const { owner, member, org } = await orgWithMember();
    const stranger = await forge.user();
    expect((await req('GET', `/orgs/${org}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/orgs/${org}/members/${stranger.name}`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `/orgs/${org}/members/${member.name}`, { token: forge.admin.token })).status).toBe(204);
    const redirected = await req('GET', `/orgs/${org}/members/${member.name}`, { token: stranger.token });
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toBe(`/api/v1/orgs/${org}/public_members/${member.name}`);
    expect((await req('GET', `/orgs/${org}/members/${member.name}`)).status).toBe(303);
    expect((await req('GET', `/orgs/${org}/members/${stranger.name}`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `/orgs/${org}/members/no-such-user-x`, { token: owner.token })).status).toBe(404);
  });

  it('lets only owners remove members, never the last owner', async () => {
    const { owner, member, org, teamId } = await orgWithMember();
    expect((await req('DELETE', `/orgs/${org}/members/${owner.name}`, { token: member.token })).status).toBe(403);
    const last = await req('DELETE', `/orgs/${org}/members/${owner.name}`, { token: owner.token });
    expect(last.status).toBe(422);
    expect((await req('DELETE', `/orgs/${org}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/orgs/${org}/members/${member.name}`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `/teams/${teamId}/members`, { token: owner.token })).body).toEqual([]);
    // No longer a member: the organization's teams are closed to them.
    expect((await req('GET', `/orgs/${org}/teams`, { token: member.token })).status).toBe(403);
  });
});

describe("a user's organizations and permissions", () => {
  it('lists all memberships to the user and public memberships of visible organizations to others', async () => {
    const owner = await forge.user();
    const pub = await newOrg(owner.token);
    const priv = await newOrg(owner.token, { visibility: 'private' });
    const mine = (await req('GET', '/user/orgs', { token: owner.token })).body.map((o: any) => o.name);
    expect(mine).toEqual(expect.arrayContaining([pub, priv]));
    expect((await req('GET', '/user/orgs')).status).toBe(401);
    const stranger = await forge.user();
    // Memberships start private.
    expect((await req('GET', `/users/${owner.name}/orgs`, { token: stranger.token })).body).toEqual([]);
    await req('PUT', `/orgs/${pub}/public_members/${owner.name}`, { token: owner.token });
    await req('PUT', `/orgs/${priv}/public_members/${owner.name}`, { token: owner.token });
    expect((await req('GET', `/users/${owner.name}/orgs`)).body.map((o: any) => o.name)).toEqual([pub]);
    expect((await req('GET', `/users/${owner.name}/orgs`, { token: forge.admin.token })).body.map((o: any) => o.name).sort()).toEqual([pub, priv].sort());
  });

  it('reports permissions from the best team, and can_create_repository from can_create_org_repo', async () => {
    const owner = await forge.user();
    const dev = await forge.user();
    const org = await newOrg(owner.token);
    const team = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'writers', permission: 'write', units_map: { 'repo.code': 'write', 'repo.issues': 'write' }, can_create_org_repo: true },
    });
    await req('PUT', `/teams/${team.body.id}/members/${dev.name}`, { token: owner.token });
    const r = await req('GET', `/users/${dev.name}/orgs/${org}/permissions`, { token: owner.token });
    expect(r.body).toEqual({ is_owner: false, is_admin: false, can_write: true, can_read: true, can_create_repository: true });
    const stranger = await forge.user();
    expect((await req('GET', `/users/${stranger.name}/orgs/${org}/permissions`, { token: stranger.token })).body).toEqual({
      is_owner: false,
      is_admin: false,
      can_write: false,
      can_read: false,
      can_create_repository: false,
    });
    const priv = await newOrg(owner.token, { visibility: 'private' });
    expect((await req('GET', `/users/${owner.name}/orgs/${priv}/permissions`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `/users/${owner.name}/orgs/${org}/permissions`)).status).toBe(401);
  });
});

describe('organization repositories', () => {
  it('lets owners and can_create_org_repo teams create repositories, others get 403', async () => {
    const owner = await forge.user();
    const creator = await forge.user();
    const reader = await forge.user();
    const org = await newOrg(owner.token);
    const creators = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'creators', permission: 'read', units_map: { 'repo.code': 'read' }, can_create_org_repo: true },
    });
    const readers = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'readers', permission: 'read', units_map: { 'repo.code': 'read' } },
    });
    await req('PUT', `/teams/${creators.body.id}/members/${creator.name}`, { token: owner.token });
    await req('PUT', `/teams/${readers.body.id}/members/${reader.name}`, { token: owner.token });

    const byOwner = await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'one', private: true } });
    expect(byOwner.status).toBe(201);
    expect(byOwner.body).toMatchObject({ full_name: `${org}/one`, private: true, owner: { login: org } });
    const byCreator = await req('POST', `/orgs/${org}/repos`, { token: creator.token, body: { name: 'two', private: true } });
    expect(byCreator.status).toBe(201);
    // The creator administers what they made (Gitea makes them an admin collaborator).
    expect(byCreator.body.permissions).toEqual({ admin: true, push: true, pull: true });
    const denied = await req('POST', `/orgs/${org}/repos`, { token: reader.token, body: { name: 'three' } });
    expect(denied.status).toBe(403);
    expect((await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'one' } })).status).toBe(409);
    expect((await req('POST', '/orgs/no-such-org-q/repos', { token: owner.token, body: { name: 'x' } })).status).toBe(422);

    // The Owners team includes all repositories, so both are its repositories.
    const ownersTeam = (await req('GET', `/orgs/${org}/teams`, { token: owner.token })).body.find((t: any) => t.name === 'Owners');
    expect((await req('GET', `/teams/${ownersTeam.id}/repos`, { token: owner.token })).body.map((r: any) => r.name).sort()).toEqual(['one', 'two']);
    // The list of the organization's repositories shows each viewer what they may read.
    expect((await req('GET', `/orgs/${org}/repos`, { token: owner.token })).body.map((r: any) => r.name)).toEqual(['one', 'two']);
    expect((await req('GET', `/orgs/${org}/repos`)).body).toEqual([]);
  });
});

describe('organization feed', () => {
  it("shows the organization's activity, private repositories only to members", async () => {
    const owner = await forge.user();
    const org = await newOrg(owner.token);
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'open' } });
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'closed', private: true } });
    const asOwner = await req('GET', `/orgs/${org}/activities/feeds`, { token: owner.token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.map((a: any) => `${a.op_type}:${a.repo.name}`).sort()).toEqual(['create_repo:closed', 'create_repo:open']);
    const anon = await req('GET', `/orgs/${org}/activities/feeds`);
    expect(anon.body.map((a: any) => a.repo.name)).toEqual(['open']);
    expect(anon.headers.get('x-total-count')).toBe('1');
  });
});
