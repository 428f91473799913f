// repoPermission() (the policy) and readableRepo() (its SQL twin for lists) must agree on which
// repositories each user may read. The matrix: users of every kind × repositories of users and
// organizations of every visibility × collaborator and team grants, all generated here.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge, uniq } from './helpers.ts';
import { createUser } from '../src/services/users.ts';
import type { RepoRow, UserRow } from '../src/db/schema.ts';
import { Access, readableRepo, repoPermission, UnitType, type Unit, visibleUser, userVisibleTo } from '../src/services/permissions.ts';

let forge: TestForge;
const users: Record<string, UserRow> = {};
const repos: RepoRow[] = [];
const VIS = ['public', 'limited', 'private'] as const;

async function user(name: string, opts: { visibility?: string; admin?: boolean; restricted?: boolean; org?: boolean } = {}) {
  const { db } = forge.deps;
  const n = uniq(name);
  const u = await createUser(db, { username: n, email: `${n}@example.com`, password: 'x'.repeat(12), visibility: opts.visibility, admin: opts.admin });
  await db
    .updateTable('user')
    .set({ type: opts.org ? 1 : 0, restricted: opts.restricted ? 1 : 0 })
    .where('id', '=', u.id)
    .execute();
  return db.selectFrom('user').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
}

async function repo(owner: UserRow, isPrivate: boolean) {
  const name = uniq('r');
  const t = 1_800_000_000;
  return forge.deps.db
    .insertInto('repository')
    .values({
      owner_id: owner.id,
      owner_name: owner.name,
      name,
      lower_name: name,
      description: '',
      website: '',
      is_private: isPrivate ? 1 : 0,
      is_empty: 1,
      is_archived: 0,
      is_template: 0,
      is_fork: 0,
      fork_id: 0,
      template_id: 0,
      default_branch: 'main',
      has_issues: 1,
      has_wiki: 1,
      has_pull_requests: 1,
      has_projects: 1,
      has_releases: 1,
      num_stars: 0,
      num_forks: 0,
      num_watches: 0,
      num_issues: 0,
      num_closed_issues: 0,
      num_pulls: 0,
      num_closed_pulls: 0,
      size: 0,
      trust_model: 'default',
      created_unix: t,
      updated_unix: t,
      archived_unix: 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  forge = await createTestForge();
  const { db } = forge.deps;
  users.admin = await user('admin', { admin: true });
  users.stranger = await user('stranger');
  users.restricted = await user('restricted', { restricted: true });
  users.collab = await user('collab');
  users.restrictedCollab = await user('rcollab', { restricted: true });
  users.member = await user('member');
  users.teamRead = await user('teamread');
  users.teamIssues = await user('teamissues');
  users.teamNone = await user('teamnone');
  users.teamAll = await user('teamall');
  users.owner = await user('ownerteam');
  users.restrictedMember = await user('rmember', { restricted: true });
  users.teamNoOrgUser = await user('loneteam');

  const now = 1_800_000_000;
  let i = 0;
  for (const vis of VIS) {
    // A user of each visibility with a public and a private repository; collaborators on some.
    const person = await user(`u${vis}`, { visibility: vis });
    users[`user-${vis}`] = person;
    for (const priv of [false, true]) {
      const r = await repo(person, priv);
      repos.push(r);
      const grants: [string, number][] = [
        ['collab', [Access.read, Access.write, Access.admin][i++ % 3]!],
        ['restrictedCollab', Access.read],
      ];
      for (const [who, mode] of grants)
        if (priv || vis !== 'public')
          await db.insertInto('collaboration').values({ repo_id: r.id, user_id: users[who]!.id, mode, created_unix: now, updated_unix: now }).execute();
    }
    // An organization of each visibility with three repositories and teams of every shape.
    const org = await user(`o${vis}`, { visibility: vis, org: true });
    const orgRepos = [await repo(org, false), await repo(org, true), await repo(org, true)];
    repos.push(...orgRepos);
    await db
      .insertInto('collaboration')
      .values({ repo_id: orgRepos[2]!.id, user_id: users.collab!.id, mode: Access.read, created_unix: now, updated_unix: now })
      .execute();
    const team = async (
      name: string,
      authorize: number,
      units: Partial<Record<Unit, number>>,
      repoIds: number[],
      members: string[],
      all = false,
      orgUser = true,
    ) => {
      const t = await db
        .insertInto('team')
        .values({
          org_id: org.id,
          lower_name: name,
          name,
          description: '',
          authorize,
          num_repos: 0,
          num_members: 0,
          includes_all_repositories: all ? 1 : 0,
          can_create_org_repo: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [u, m] of Object.entries(units))
        await db
          .insertInto('team_unit')
          .values({ org_id: org.id, team_id: t.id, type: UnitType[u as Unit], access_mode: m })
          .execute();
      for (const repo_id of repoIds) await db.insertInto('team_repo').values({ org_id: org.id, team_id: t.id, repo_id }).execute();
      for (const m of members) {
        await db.insertInto('team_user').values({ org_id: org.id, team_id: t.id, uid: users[m]!.id }).execute();
        if (orgUser)
          await db
            .insertInto('org_user')
            .values({ org_id: org.id, uid: users[m]!.id, is_public: 0 })
            .onConflict((oc) => oc.doNothing())
            .execute();
      }
    };
    await team('owners', Access.owner, {}, [], ['owner'], true);
    await team('readers', Access.read, { code: Access.read }, [orgRepos[1]!.id], ['teamRead', 'restrictedMember']);
    await team('triage', Access.write, { issues: Access.write }, [], ['teamIssues'], true);
    await team('nothing', Access.read, { code: Access.none, wiki: Access.none }, [orgRepos[2]!.id], ['teamNone']);
    await team(
      'everything',
      Access.write,
      { code: Access.write, issues: Access.write, pulls: Access.write },
      orgRepos.map((r) => r.id),
      ['teamAll'],
    );
    await team('lonely', Access.read, { code: Access.read }, [orgRepos[1]!.id], ['teamNoOrgUser'], false, false);
    await db.insertInto('org_user').values({ org_id: org.id, uid: users.member!.id, is_public: 1 }).execute();
  }
}, 60_000);

describe('the permission model and its SQL twin', () => {
  it('agree on every user × repository of the generated matrix', async () => {
    const { db } = forge.deps;
    const viewers: [string, UserRow | null][] = [['anonymous', null], ...Object.entries(users)];
    const disagreements: string[] = [];
    let readable = 0;
    for (const [name, viewer] of viewers) {
      const viaSql = new Set((await db.selectFrom('repository').select('id').where(readableRepo(viewer)).execute()).map((r) => r.id));
      for (const r of repos) {
        const policy = (await repoPermission(db, viewer, r)).canReadAny();
        if (policy) readable++;
        if (policy !== viaSql.has(r.id)) disagreements.push(`${name} → ${r.owner_name}/${r.name}: policy ${policy}, sql ${viaSql.has(r.id)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The matrix is not trivial: some of it is readable, much of it is not.
    expect(readable).toBeGreaterThan(viewers.length);
    expect(readable).toBeLessThan(viewers.length * repos.length);
  });

  it('answers the cases the rules name', async () => {
    const { db } = forge.deps;
    const find = (owner: string, priv: boolean, nth = 0) =>
      repos.filter((r) => r.owner_id === users[owner]!.id || r.owner_name.startsWith(owner))[nth + (priv ? 1 : 0)]!;
    const can = async (who: string | null, r: RepoRow) => (await repoPermission(db, who ? users[who]! : null, r)).canReadAny();
    const orgRepo = async (vis: string, idx: number) => {
      const org = await db.selectFrom('user').selectAll().where('name', 'like', `o${vis}%`).executeTakeFirstOrThrow();
      return repos.filter((r) => r.owner_id === org.id)[idx]!;
    };
    // Anonymous: only public repositories of public owners.
    expect(await can(null, find('user-public', false))).toBe(true);
    expect(await can(null, find('user-limited', false))).toBe(false);
    expect(await can(null, await orgRepo('public', 0))).toBe(true);
    // A private organization hides even its public repository from strangers, not from members.
    expect(await can('stranger', await orgRepo('private', 0))).toBe(false);
    expect(await can('member', await orgRepo('private', 0))).toBe(true);
    expect(await can('member', await orgRepo('private', 1))).toBe(false);
    // A limited organization shows its public repositories to signed-in users.
    expect(await can('stranger', await orgRepo('limited', 0))).toBe(true);
    // Teams: units decide; a team with every unit none gives nothing; includes_all covers all.
    expect(await can('teamRead', await orgRepo('private', 1))).toBe(true);
    expect(await can('teamNone', await orgRepo('private', 2))).toBe(false);
    const triage = await repoPermission(db, users.teamIssues!, await orgRepo('private', 2));
    expect([triage.canWrite('issues'), triage.canRead('code'), triage.canAdmin()]).toEqual([true, false, false]);
    const owner = await repoPermission(db, users.owner!, await orgRepo('private', 2));
    expect(owner.isOwner()).toBe(true);
    // Collaborators see a private owner's repository; the restricted see nothing else.
    expect(await can('collab', await orgRepo('private', 2))).toBe(true);
    expect(await can('restricted', find('user-public', false))).toBe(false);
    expect(await can('restrictedMember', await orgRepo('public', 0))).toBe(false);
    expect(await can('restrictedMember', await orgRepo('public', 1))).toBe(true);
  });

  it('agree on which users each viewer may see', async () => {
    const { db } = forge.deps;
    const all = await db.selectFrom('user').selectAll().execute();
    const disagreements: string[] = [];
    for (const viewer of [null, ...Object.values(users)]) {
      const viaSql = new Set((await db.selectFrom('user').select('id').where(visibleUser(viewer)).execute()).map((u) => u.id));
      for (const u of all) {
        const policy = await userVisibleTo(db, u, viewer);
        if (policy !== viaSql.has(u.id)) disagreements.push(`${viewer?.name ?? 'anonymous'} → ${u.name}: policy ${policy}, sql ${viaSql.has(u.id)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
