// Teams through the API: create (permission, units_map, limits), get/list/search, edit, delete,
// members, repositories, /user/teams, the team feed, and what a team's grant lets members do.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { req } = forge;

async function setup() {
  const owner = await forge.user('owner');
  const org = uniq('org');
  expect((await req('POST', '/orgs', { token: owner.token, body: { username: org } })).status).toBe(201);
  const ownersTeam = (await req('GET', `/orgs/${org}/teams`, { token: owner.token })).body[0];
  return { owner, org, ownersTeamId: ownersTeam.id as number };
}

const triage = {
  name: 'triage',
  description: 'Sorts issues',
  permission: 'read',
  units_map: { 'repo.code': 'read', 'repo.issues': 'write', 'repo.pulls': 'read' },
};

describe('creating and reading teams', () => {
  it('creates a team from units_map: the permission is the smallest granted unit mode', async () => {
    const { owner, org } = await setup();
    const r = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'triage',
      description: 'Sorts issues',
      permission: 'read',
      includes_all_repositories: false,
      can_create_org_repo: false,
      units_map: { 'repo.code': 'read', 'repo.issues': 'write', 'repo.pulls': 'read' },
      organization: { name: org },
    });
    expect(r.body.units.sort()).toEqual(['repo.code', 'repo.issues', 'repo.pulls']);
    const w = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'writers', permission: 'read', units_map: { 'repo.code': 'write', 'repo.issues': 'write' } },
    });
    expect(w.body.permission).toBe('write');
  });

  it('gives an admin team every unit, and takes the old units list at the given permission', async () => {
    const { owner, org } = await setup();
    const admin = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'admins', permission: 'admin', units_map: { 'repo.code': 'read' } },
    });
    expect(admin.body.permission).toBe('admin');
    expect(admin.body.units_map['repo.code']).toBe('admin');
    expect(admin.body.units_map['repo.wiki']).toBe('admin');
    const old = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: { name: 'old-style', permission: 'write', units: ['repo.code', 'repo.pulls'] },
    });
    expect(old.status).toBe(201);
    expect(old.body.units_map).toEqual({ 'repo.code': 'write', 'repo.pulls': 'write' });
  });

  it('refuses duplicates, bad names, limits, unknown units and an empty grant with 422', async () => {
    const { owner, org } = await setup();
    await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    const dup = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { ...triage, name: 'TRIAGE' } });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('name: this organization already has a team named “TRIAGE”');
    const bad: Record<string, unknown>[] = [
      { name: 'has space', units_map: { 'repo.code': 'read' } },
      { name: 'x'.repeat(256), units_map: { 'repo.code': 'read' } },
      { name: 'ok1', description: 'd'.repeat(256), units_map: { 'repo.code': 'read' } },
      { name: 'ok2', units_map: { 'repo.nope': 'read' } },
      { name: 'ok3', permission: 'owner', units_map: { 'repo.code': 'read' } },
      { name: 'ok4', permission: 'read' },
      { description: 'no name', units_map: { 'repo.code': 'read' } },
    ];
    for (const body of bad) expect((await req('POST', `/orgs/${org}/teams`, { token: owner.token, body })).status, JSON.stringify(body).slice(0, 60)).toBe(422);
  });

  it('lets only owners create teams; members may list and search; strangers get 403, private orgs 404', async () => {
    const { owner, org } = await setup();
    const member = await forge.user();
    const stranger = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/members/${member.name}`, { token: owner.token });
    const denied = await req('POST', `/orgs/${org}/teams`, { token: member.token, body: { ...triage, name: 'other' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Must be an organization owner');
    expect((await req('GET', `/orgs/${org}/teams`, { token: member.token })).body.map((x: any) => x.name)).toEqual(['Owners', 'triage']);
    const outsider = await req('GET', `/orgs/${org}/teams`, { token: stranger.token });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe('Must be an organization member');
    expect((await req('GET', `/orgs/${org}/teams`)).status).toBe(401);

    const search = await req('GET', `/orgs/${org}/teams/search?q=sorts`, { token: member.token });
    expect(search.status).toBe(200);
    expect(search.body.ok).toBe(true);
    expect(search.body.data.map((x: any) => x.name)).toEqual(['triage']);
    expect((await req('GET', `/orgs/${org}/teams/search?q=sorts&include_desc=false`, { token: member.token })).body.data).toEqual([]);
    expect((await req('GET', `/orgs/${org}/teams/search?q=own`, { token: member.token })).body.data.map((x: any) => x.name)).toEqual(['Owners']);
    expect((await req('GET', `/orgs/${org}/teams/search`, { token: stranger.token })).status).toBe(403);

    const priv = uniq('org');
    await req('POST', '/orgs', { token: owner.token, body: { username: priv, visibility: 'private' } });
    expect((await req('GET', `/orgs/${priv}/teams`, { token: stranger.token })).status).toBe(404);
  });

  it('answers GET /teams/{id} to owners and team members, 403 to other members, 404 to strangers', async () => {
    const { owner, org } = await setup();
    const inTeam = await forge.user();
    const otherMember = await forge.user();
    const stranger = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    const other = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { ...triage, name: 'other' } });
    await req('PUT', `/teams/${t.body.id}/members/${inTeam.name}`, { token: owner.token });
    await req('PUT', `/teams/${other.body.id}/members/${otherMember.name}`, { token: owner.token });
    expect((await req('GET', `/teams/${t.body.id}`, { token: owner.token })).body.name).toBe('triage');
    expect((await req('GET', `/teams/${t.body.id}`, { token: inTeam.token })).status).toBe(200);
    expect((await req('GET', `/teams/${t.body.id}`, { token: forge.admin.token })).status).toBe(200);
    const no = await req('GET', `/teams/${t.body.id}`, { token: otherMember.token });
    expect(no.status).toBe(403);
    expect(no.body.message).toBe('Must be a team member');
    expect((await req('GET', `/teams/${t.body.id}`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `/teams/${t.body.id}`)).status).toBe(401);
    expect((await req('GET', '/teams/999999', { token: owner.token })).status).toBe(404);
  });

  it("lists the caller's teams with their organization", async () => {
    const { owner, org } = await setup();
    const u = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/members/${u.name}`, { token: owner.token });
    const r = await req('GET', '/user/teams', { token: u.token });
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ name: 'triage', organization: { name: org } });
    expect((await req('GET', '/user/teams', { token: owner.token })).body.map((x: any) => x.name)).toEqual(['Owners']);
    expect((await req('GET', '/user/teams')).status).toBe(401);
  });
});

describe('editing and deleting teams', () => {
  it('edits name, description, permission and units; members get 404 as in Gitea', async () => {
    const { owner, org } = await setup();
    const member = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/members/${member.name}`, { token: owner.token });
    const r = await req('PATCH', `/teams/${t.body.id}`, {
      token: owner.token,
      body: { name: 'triage2', description: 'new', units_map: { 'repo.code': 'write', 'repo.issues': 'write' }, permission: 'write' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'triage2', description: 'new', permission: 'write', units_map: { 'repo.code': 'write', 'repo.issues': 'write' } });
    expect((await req('GET', `/teams/${t.body.id}`, { token: owner.token })).body.name).toBe('triage2');
    expect((await req('PATCH', `/teams/${t.body.id}`, { token: member.token, body: { description: 'x' } })).status).toBe(404);
    await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { ...triage, name: 'taken' } });
    expect((await req('PATCH', `/teams/${t.body.id}`, { token: owner.token, body: { name: 'taken' } })).status).toBe(422);
  });

  it('keeps the Owners team: owner permission, cannot be deleted, its last member stays', async () => {
    const { owner, ownersTeamId } = await setup();
    const r = await req('PATCH', `/teams/${ownersTeamId}`, {
      token: owner.token,
      body: { permission: 'read', units_map: { 'repo.code': 'read' }, description: 'The bosses' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ permission: 'owner', description: 'The bosses', includes_all_repositories: true });
    expect((await req('DELETE', `/teams/${ownersTeamId}`, { token: owner.token })).status).toBe(422);
    const last = await req('DELETE', `/teams/${ownersTeamId}/members/${owner.name}`, { token: owner.token });
    expect(last.status).toBe(422);
    expect(last.body.message).toBe("this is the organization's last owner: add another member to the Owners team first");
    // With a second owner, one may leave.
    const second = await forge.user();
    expect((await req('PUT', `/teams/${ownersTeamId}/members/${second.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('DELETE', `/teams/${ownersTeamId}/members/${owner.name}`, { token: second.token })).status).toBe(204);
    expect((await req('GET', `/teams/${ownersTeamId}/members`, { token: second.token })).body.map((u: any) => u.login)).toEqual([second.name]);
  });

  it('deletes a team; its members who are in no other team leave the organization', async () => {
    const { owner, org } = await setup();
    const member = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/members/${member.name}`, { token: owner.token });
    expect((await req('DELETE', `/teams/${t.body.id}`, { token: member.token })).status).toBe(404);
    expect((await req('DELETE', `/teams/${t.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/teams/${t.body.id}`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `/orgs/${org}/members/${member.name}`, { token: owner.token })).status).toBe(404);
  });
});

describe('team members', () => {
  it('adds, checks, lists and removes members (owners only); adding makes them organization members', async () => {
    const { owner, org } = await setup();
    const u = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    const id = t.body.id;
    expect((await req('GET', `/teams/${id}/members/${u.name}`, { token: owner.token })).status).toBe(404);
    expect((await req('PUT', `/teams/${id}/members/${u.name}`, { token: owner.token })).status).toBe(204);
    // Twice is fine.
    expect((await req('PUT', `/teams/${id}/members/${u.name}`, { token: owner.token })).status).toBe(204);
    const check = await req('GET', `/teams/${id}/members/${u.name}`, { token: owner.token });
    expect(check.status).toBe(200);
    expect(check.body.login).toBe(u.name);
    const list = await req('GET', `/teams/${id}/members`, { token: u.token });
    expect(list.body.map((x: any) => x.login)).toEqual([u.name]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await req('GET', `/orgs/${org}/members/${u.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('PUT', `/teams/${id}/members/${owner.name}`, { token: u.token })).status).toBe(404);
    expect((await req('PUT', `/teams/${id}/members/no-such-user-z`, { token: owner.token })).status).toBe(404);
    expect((await req('DELETE', `/teams/${id}/members/${u.name}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/teams/${id}/members/${u.name}`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `/orgs/${org}/members/${u.name}`, { token: owner.token })).status).toBe(404);
  });
});

describe('team repositories and the access they give', () => {
  it('adds, checks, lists and removes repositories; needs admin on the repository', async () => {
    const { owner, org } = await setup();
    const member = await forge.user();
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'app', private: true, auto_init: true } });
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    const id = t.body.id;
    await req('PUT', `/teams/${id}/members/${member.name}`, { token: owner.token });
    expect((await req('GET', `/teams/${id}/repos/${org}/app`, { token: owner.token })).status).toBe(404);
    // A team member without admin on the repository may not add it (Gitea's "Must have admin-level access").
    const noAdmin = await req('PUT', `/teams/${id}/repos/${org}/app`, { token: member.token });
    expect(noAdmin.status).toBe(403);
    expect(noAdmin.body.message).toBe('Must have admin-level access to the repository');
    expect((await req('PUT', `/teams/${id}/repos/${org}/app`, { token: owner.token })).status).toBe(204);
    const one = await req('GET', `/teams/${id}/repos/${org}/app`, { token: member.token });
    expect(one.status).toBe(200);
    expect(one.body.full_name).toBe(`${org}/app`);
    expect((await req('GET', `/teams/${id}/repos`, { token: member.token })).body.map((r: any) => r.name)).toEqual(['app']);
    expect((await req('DELETE', `/teams/${id}/repos/${org}/app`, { token: member.token })).status).toBe(403);
    expect((await req('PUT', `/teams/${id}/repos/${org}/nope`, { token: owner.token })).status).toBe(404);
    expect((await req('DELETE', `/teams/${id}/repos/${org}/app`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `/teams/${id}/repos`, { token: owner.token })).body).toEqual([]);
    // The repository itself stays.
    expect((await req('GET', `/repos/${org}/app`, { token: owner.token })).status).toBe(200);
  });

  it('a team with issues write: comments and opens issues in its private repository, but may not push or change settings', async () => {
    const { owner, org } = await setup();
    const member = await forge.user();
    const stranger = await forge.user();
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'secret', private: true, auto_init: true } });
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/members/${member.name}`, { token: owner.token });
    // Before the team has the repository, it does not exist for the member.
    expect((await req('GET', `/repos/${org}/secret`, { token: member.token })).status).toBe(404);
    await req('PUT', `/teams/${t.body.id}/repos/${org}/secret`, { token: owner.token });

    const repo = await req('GET', `/repos/${org}/secret`, { token: member.token });
    expect(repo.status).toBe(200);
    expect(repo.body.permissions).toMatchObject({ admin: false, pull: true });
    const issue = await req('POST', `/repos/${org}/secret/issues`, { token: member.token, body: { title: 'Triaged' } });
    expect(issue.status).toBe(201);
    const comment = await req('POST', `/repos/${org}/secret/issues/${issue.body.number}/comments`, { token: member.token, body: { body: 'on it' } });
    expect(comment.status).toBe(201);
    // Code is read-only for the team: no new branch through the API, no settings.
    expect(
      (await req('POST', `/repos/${org}/secret/branches`, { token: member.token, body: { new_branch_name: 'feature', old_ref_name: 'main' } })).status,
    ).toBe(403);
    expect((await req('PATCH', `/repos/${org}/secret`, { token: member.token, body: { description: 'mine now' } })).status).toBe(403);
    // Outside the organization the repository does not exist.
    expect((await req('GET', `/repos/${org}/secret`, { token: stranger.token })).status).toBe(404);
    expect((await req('POST', `/repos/${org}/secret/issues`, { token: stranger.token, body: { title: 'x' } })).status).toBe(404);
  });

  it('a team with code write may push a branch; includes_all_repositories covers repositories made later', async () => {
    const { owner, org } = await setup();
    const dev = await forge.user();
    const t = await req('POST', `/orgs/${org}/teams`, {
      token: owner.token,
      body: {
        name: 'developers',
        permission: 'write',
        includes_all_repositories: true,
        units_map: { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'write' },
      },
    });
    await req('PUT', `/teams/${t.body.id}/members/${dev.name}`, { token: owner.token });
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'later', private: true, auto_init: true } });
    expect((await req('GET', `/teams/${t.body.id}/repos`, { token: dev.token })).body.map((r: any) => r.name)).toEqual(['later']);
    const branch = await req('POST', `/repos/${org}/later/branches`, { token: dev.token, body: { new_branch_name: 'feature', old_ref_name: 'main' } });
    expect(branch.status).toBe(201);
    expect((await req('PATCH', `/repos/${org}/later`, { token: dev.token, body: { description: 'x' } })).status).toBe(403);
  });
});

describe('team feed', () => {
  it("shows the organization's activity in the team's repositories only", async () => {
    const { owner, org } = await setup();
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'ours' } });
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'theirs' } });
    const t = await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    await req('PUT', `/teams/${t.body.id}/repos/${org}/ours`, { token: owner.token });
    const r = await req('GET', `/teams/${t.body.id}/activities/feeds`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.map((a: any) => `${a.op_type}:${a.repo.name}`)).toEqual(['create_repo:ours']);
    const stranger = await forge.user();
    expect((await req('GET', `/teams/${t.body.id}/activities/feeds`, { token: stranger.token })).status).toBe(404);
  });
});

describe("a repository's teams", () => {
  it('lists, checks, adds and removes teams of an organization repository as Gitea does', async () => {
    const { owner, org } = await setup();
    const repoAdmin = await forge.user();
    await req('POST', `/orgs/${org}/repos`, { token: owner.token, body: { name: 'shared', private: true } });
    await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: triage });
    expect((await req('GET', `/repos/${org}/shared/teams/triage`, { token: owner.token })).status).toBe(404);
    expect((await req('PUT', `/repos/${org}/shared/teams/triage`, { token: owner.token })).status).toBe(204);
    const again = await req('PUT', `/repos/${org}/shared/teams/triage`, { token: owner.token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("team 'triage' is already added to repo");
    expect((await req('GET', `/repos/${org}/shared/teams/triage`, { token: owner.token })).body).toMatchObject({ name: 'triage', permission: 'read' });
    expect((await req('GET', `/repos/${org}/shared/teams`, { token: owner.token })).body.map((t: any) => t.name)).toEqual(['Owners', 'triage']);
    expect((await req('PUT', `/repos/${org}/shared/teams/nobody`, { token: owner.token })).status).toBe(404);

    // A repository admin who is no owner may change team access only when the organization allows it.
    expect((await req('PUT', `/repos/${org}/shared/collaborators/${repoAdmin.name}`, { token: owner.token, body: { permission: 'admin' } })).status).toBe(204);
    const denied = await req('DELETE', `/repos/${org}/shared/teams/triage`, { token: repoAdmin.token });
    expect(denied.status).toBe(403);
    await req('PATCH', `/orgs/${org}`, { token: owner.token, body: { repo_admin_change_team_access: true } });
    expect((await req('DELETE', `/repos/${org}/shared/teams/triage`, { token: repoAdmin.token })).status).toBe(204);
    expect((await req('GET', `/repos/${org}/shared/teams/triage`, { token: owner.token })).status).toBe(404);
    expect((await req('DELETE', `/repos/${org}/shared/teams/triage`, { token: owner.token })).status).toBe(422);

    // A personal repository has no teams.
    await req('POST', '/user/repos', { token: owner.token, body: { name: 'personal' } });
    expect((await req('PUT', `/repos/${owner.name}/personal/teams/triage`, { token: owner.token })).status).toBe(405);
  });
});
