// The permission matrix of issue #7: each class of repository route × who asks × public/private
// repository × public/private organization, answered over HTTP by a real forge (SQLite, git).
// Organizations, teams and collaborators are inserted directly (their API is tested elsewhere),
// so this test holds only the permission model and the routes' use of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { pullHistory, writeCommit } from './pulls-helpers.ts';
import { createUser } from '../src/services/users.ts';
import { Access, UnitType, type Unit } from '../src/services/permissions.ts';

type Actor = 'anonymous' | 'stranger' | 'collabRead' | 'collabWrite' | 'teamIssues' | 'teamWrite' | 'orgOwner' | 'siteAdmin';
type Combo = 'pubOrg/pubRepo' | 'pubOrg/privRepo' | 'privOrg/pubRepo' | 'privOrg/privRepo';
const ROUTES = ['read code', 'read issues', 'comment', 'write issue', 'push branch', 'merge', 'settings'] as const;

// One row per actor; per combination the statuses of ROUTES in order.
// teamIssues: a team with issues write, code and pulls read (the "triage" team); teamWrite: every unit write.
const ok = [200, 200, 201, 201, 201, 200, 200];
const EXPECTED: Record<Actor, Record<Combo, number[]>> = {
  // Gitea's repoAssignment runs before reqToken: a repository anonymous may not see is 404 to every route.
  anonymous: {
    'pubOrg/pubRepo': [200, 200, 401, 401, 401, 401, 401],
    'pubOrg/privRepo': [404, 404, 404, 404, 404, 404, 404],
    'privOrg/pubRepo': [404, 404, 404, 404, 404, 404, 404],
    'privOrg/privRepo': [404, 404, 404, 404, 404, 404, 404],
  },
  stranger: {
    'pubOrg/pubRepo': [200, 200, 201, 403, 403, 405, 403],
    'pubOrg/privRepo': [404, 404, 404, 404, 404, 404, 404],
    'privOrg/pubRepo': [404, 404, 404, 404, 404, 404, 404],
    'privOrg/privRepo': [404, 404, 404, 404, 404, 404, 404],
  },
  collabRead: {
    'pubOrg/pubRepo': [200, 200, 201, 403, 403, 405, 403],
    'pubOrg/privRepo': [200, 200, 201, 403, 403, 405, 403],
    'privOrg/pubRepo': [200, 200, 201, 403, 403, 405, 403],
    'privOrg/privRepo': [200, 200, 201, 403, 403, 405, 403],
  },
  collabWrite: {
    'pubOrg/pubRepo': [200, 200, 201, 201, 201, 200, 403],
    'pubOrg/privRepo': [200, 200, 201, 201, 201, 200, 403],
    'privOrg/pubRepo': [200, 200, 201, 201, 201, 200, 403],
    'privOrg/privRepo': [200, 200, 201, 201, 201, 200, 403],
  },
  teamIssues: {
    'pubOrg/pubRepo': [200, 200, 201, 201, 403, 405, 403],
    'pubOrg/privRepo': [200, 200, 201, 201, 403, 405, 403],
    'privOrg/pubRepo': [200, 200, 201, 201, 403, 405, 403],
    'privOrg/privRepo': [200, 200, 201, 201, 403, 405, 403],
  },
  teamWrite: {
    'pubOrg/pubRepo': [200, 200, 201, 201, 201, 200, 403],
    'pubOrg/privRepo': [200, 200, 201, 201, 201, 200, 403],
    'privOrg/pubRepo': [200, 200, 201, 201, 201, 200, 403],
    'privOrg/privRepo': [200, 200, 201, 201, 201, 200, 403],
  },
  orgOwner: { 'pubOrg/pubRepo': ok, 'pubOrg/privRepo': ok, 'privOrg/pubRepo': ok, 'privOrg/privRepo': ok },
  siteAdmin: { 'pubOrg/pubRepo': ok, 'pubOrg/privRepo': ok, 'privOrg/pubRepo': ok, 'privOrg/privRepo': ok },
};

let forge: TestForge;
const tokens: Partial<Record<Actor, string>> = {};
const repos: Record<Combo, { base: string; dir: string; c2: string }> = {} as never;
const pulls = new Map<string, number>();

async function makeOrg(visibility: 'public' | 'private') {
  const { db } = forge.deps;
  const name = uniq('org');
  const org = await createUser(db, { username: name, email: `${name}@example.com`, password: 'x'.repeat(12), visibility });
  await db.updateTable('user').set({ type: 1 }).where('id', '=', org.id).execute();
  return org;
}

async function team(orgId: number, name: string, authorize: number, units: Partial<Record<Unit, number>>, repoIds: number[], memberIds: number[], all = false) {
  const { db } = forge.deps;
  const t = await db
    .insertInto('team')
    .values({
      org_id: orgId,
      lower_name: name.toLowerCase(),
      name,
      description: '',
      authorize,
      num_repos: repoIds.length,
      num_members: memberIds.length,
      includes_all_repositories: all ? 1 : 0,
      can_create_org_repo: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [unit, mode] of Object.entries(units))
    await db
      .insertInto('team_unit')
      .values({ org_id: orgId, team_id: t.id, type: UnitType[unit as Unit], access_mode: mode })
      .execute();
  for (const repo_id of repoIds) await db.insertInto('team_repo').values({ org_id: orgId, team_id: t.id, repo_id }).execute();
  for (const uid of memberIds) {
    await db.insertInto('team_user').values({ org_id: orgId, team_id: t.id, uid }).execute();
    await db
      .insertInto('org_user')
      .values({ org_id: orgId, uid, is_public: 0 })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

beforeAll(async () => {
  forge = await createTestForge();
  const { db } = forge.deps;
  const users: Partial<Record<Actor, { id: number; token: string }>> = {};
  for (const a of ['stranger', 'collabRead', 'collabWrite', 'teamIssues', 'teamWrite', 'orgOwner'] as const) {
    users[a] = await forge.user(a.toLowerCase());
    tokens[a] = users[a]!.token;
  }
  tokens.siteAdmin = forge.admin.token;
  const all = { code: Access.write, issues: Access.write, pulls: Access.write, releases: Access.write, wiki: Access.write };
  for (const orgVis of ['public', 'private'] as const) {
    const org = await makeOrg(orgVis);
    const ids: number[] = [];
    for (const repoVis of ['public', 'private'] as const) {
      const name = uniq('repo');
      const { repo, dir, shas } = await createFixtureRepo(forge.deps, org, name, pullHistory(), { private: repoVis === 'private' });
      ids.push(repo.id);
      const combo = `${orgVis === 'public' ? 'pubOrg' : 'privOrg'}/${repoVis === 'public' ? 'pubRepo' : 'privRepo'}` as Combo;
      repos[combo] = { base: `/repos/${org.name}/${name}`, dir, c2: shas.c2! };
      const now = 1_800_000_000;
      await db
        .insertInto('collaboration')
        .values({ repo_id: repo.id, user_id: users.collabRead!.id, mode: Access.read, created_unix: now, updated_unix: now })
        .execute();
      await db
        .insertInto('collaboration')
        .values({ repo_id: repo.id, user_id: users.collabWrite!.id, mode: Access.write, created_unix: now, updated_unix: now })
        .execute();
    }
    await team(org.id, 'Owners', Access.owner, all, [], [users.orgOwner!.id], true);
    await team(org.id, 'triage', Access.read, { code: Access.read, issues: Access.write, pulls: Access.read, releases: Access.read, wiki: Access.read }, ids, [
      users.teamIssues!.id,
    ]);
    await team(org.id, 'developers', Access.write, all, ids, [users.teamWrite!.id]);
  }
  // Issue #1 to read, comment on and edit; one pull request per actor to merge (a merge succeeds once).
  for (const [combo, r] of Object.entries(repos)) {
    expect((await forge.req('POST', `${r.base}/issues`, { token: forge.admin.token, body: { title: 'An issue' } })).status).toBe(201);
    for (const actor of Object.keys(EXPECTED)) {
      const branch = `m-${actor}`;
      await writeCommit(r.dir, branch, r.c2, { [`${actor}.txt`]: `${actor}\n` });
      const pr = await forge.req('POST', `${r.base}/pulls`, { token: forge.admin.token, body: { head: branch, base: 'main', title: `Merge ${actor}` } });
      expect(pr.status).toBe(201);
      pulls.set(`${combo}:${actor}`, pr.body.number);
    }
  }
}, 120_000);

async function call(route: (typeof ROUTES)[number], combo: Combo, actor: Actor): Promise<number> {
  const { base } = repos[combo];
  const token = tokens[actor];
  switch (route) {
    case 'read code':
      return (await forge.req('GET', `${base}/branches/main`, { token })).status;
    case 'read issues':
      return (await forge.req('GET', `${base}/issues/1`, { token })).status;
    case 'comment':
      return (await forge.req('POST', `${base}/issues/1/comments`, { token, body: { body: `from ${actor}` } })).status;
    case 'write issue':
      return (await forge.req('PATCH', `${base}/issues/1`, { token, body: { title: `edited by ${actor}` } })).status;
    case 'push branch':
      return (await forge.req('POST', `${base}/branches`, { token, body: { new_branch_name: uniq('b'), old_branch_name: 'main' } })).status;
    case 'merge':
      return (await forge.req('POST', `${base}/pulls/${pulls.get(`${combo}:${actor}`)}/merge`, { token, body: { Do: 'merge' } })).status;
    case 'settings':
      return (await forge.req('PATCH', base, { token, body: { description: `set by ${actor}` } })).status;
  }
}

describe('permission matrix', () => {
  for (const actor of Object.keys(EXPECTED) as Actor[]) {
    it(`answers ${actor} as the table says`, async () => {
      const got: Record<string, number[]> = {};
      for (const combo of Object.keys(EXPECTED[actor]) as Combo[]) {
        got[combo] = [];
        for (const route of ROUTES) got[combo]!.push(await call(route, combo, actor));
      }
      expect(got).toEqual(EXPECTED[actor]);
    });
  }

  it('gives the repository object permissions and user_can_push/user_can_merge from the model', async () => {
    const { base } = repos['privOrg/privRepo'];
    const repo = async (actor: Actor) => (await forge.req('GET', base, { token: tokens[actor] })).body.permissions;
    expect(await repo('teamIssues')).toEqual({ admin: false, push: false, pull: true });
    expect(await repo('teamWrite')).toEqual({ admin: false, push: true, pull: true });
    expect(await repo('orgOwner')).toEqual({ admin: true, push: true, pull: true });
    const branch = async (actor: Actor) => {
      const b = (await forge.req('GET', `${base}/branches/main`, { token: tokens[actor] })).body;
      return [b.user_can_push, b.user_can_merge];
    };
    expect(await branch('teamIssues')).toEqual([false, false]);
    expect(await branch('collabWrite')).toEqual([true, true]);
  });

  it('lets git clone and push over HTTP as the code unit says', async () => {
    const { base } = repos['privOrg/privRepo'];
    const refs = async (actor: Actor, service: string) =>
      (await forge.req('GET', `http://localhost${base.replace('/repos', '')}.git/info/refs?service=${service}`, { basic: [tokens[actor]!, 'x-oauth-basic'] }))
        .status;
    expect(await refs('teamIssues', 'git-upload-pack')).toBe(200);
    expect(await refs('teamIssues', 'git-receive-pack')).toBe(403);
    expect(await refs('collabRead', 'git-receive-pack')).toBe(403);
    expect(await refs('teamWrite', 'git-receive-pack')).toBe(200);
    expect(await refs('stranger', 'git-upload-pack')).toBe(404);
  });

  it('hides a pull request from a team that may not read pull requests, but not its issues', async () => {
    const { db } = forge.deps;
    const { base } = repos['privOrg/privRepo'];
    const pull = pulls.get('privOrg/privRepo:teamIssues')!;
    expect((await forge.req('GET', `${base}/issues/${pull}`, { token: tokens.teamIssues })).status).toBe(200);
    const me = await db
      .selectFrom('user')
      .select('id')
      .where('lower_name', '=', (await forge.req('GET', '/user', { token: tokens.teamIssues })).body.login.toLowerCase())
      .executeTakeFirstOrThrow();
    const teams = db.selectFrom('team_user').select('team_id').where('uid', '=', me.id);
    await db.updateTable('team_unit').set({ access_mode: Access.none }).where('type', '=', UnitType.pulls).where('team_id', 'in', teams).execute();
    expect((await forge.req('GET', `${base}/issues/${pull}`, { token: tokens.teamIssues })).status).toBe(404);
    expect((await forge.req('GET', `${base}/pulls/${pull}`, { token: tokens.teamIssues })).status).toBe(403);
    expect((await forge.req('GET', `${base}/issues/1`, { token: tokens.teamIssues })).status).toBe(200);
    expect((await forge.req('POST', `${base}/issues/${pull}/comments`, { token: tokens.teamIssues, body: { body: 'x' } })).status).toBe(403);
  });
});
