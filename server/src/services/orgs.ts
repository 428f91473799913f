// Organizations: user rows with type 1, members in org_user, owners = members of the Owners team
// (authorize 4). Create, edit, rename (with a redirect from the old name), delete, membership.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation, lockRow } from '../db/dialect.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { notFound, unprocessable } from '../errors.ts';
import { USERNAME_RE } from './users.ts';
import { ALL_UNIT_TYPES, OWNER_MODE, addRepoToTeam } from './teams.ts';
import { beginMove, crashPoint, endMove } from './repo-folders.ts';

export const ORG_TYPE = 1;

// The names routes and pages use, as services/users.ts refuses for users.
const RESERVED = new Set([
  'api',
  'admin',
  'explore',
  'user',
  'users',
  'repo',
  'login',
  'logout',
  'new',
  'issues',
  'pulls',
  'org',
  'orgs',
  'avatars',
  'assets',
  'config.json',
  'settings',
  'notifications',
  'search',
]);

/** 422 unless `name` could name a user or organization (Gitea's IsUsableUsername). */
export function assertUsableName(field: string, name: string): void {
  if (!USERNAME_RE.test(name)) throw unprocessable(`${field}: invalid user name [name: ${name}]`);
  if (name.length > 40) throw unprocessable(`${field}: must be at most 40 characters`);
  if (RESERVED.has(name.toLowerCase())) throw unprocessable(`name is reserved [name: ${name}]`);
}

async function assertNameFree(db: Db, name: string, exceptId = 0): Promise<void> {
  const taken = await db.selectFrom('user').select('id').where('lower_name', '=', name.toLowerCase()).where('id', '!=', exceptId).executeTakeFirst();
  if (taken) throw unprocessable(`user already exists [name: ${name}]`);
}

/** The name taken by another request at the same time, past assertNameFree: Gitea's 422, not a 409. */
const takenMeanwhile =
  (name: string) =>
  (e: unknown): never => {
    throw isUniqueViolation(e) ? unprocessable(`user already exists [name: ${name}]`) : e;
  };

/**
 * user.repo_admin_change_team_access (migration 20261122_0600_orgs) is left out of UserTable so that
 * user rows built in code (the ghost user) need not name it; selectAll() still returns it.
 */
export const repoAdminChangeTeamAccess = (org: UserRow) => (org as UserRow & { repo_admin_change_team_access?: number }).repo_admin_change_team_access === 1;

async function setRepoAdminChangeTeamAccess(db: Db, orgId: number, on: boolean) {
  await sql`update "user" set repo_admin_change_team_access = ${on ? 1 : 0} where id = ${orgId}`.execute(db);
}

export async function orgByName(db: Db, name: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).where('type', '=', ORG_TYPE).executeTakeFirst();
}

/** The user an old name now points to (after a rename), if any. */
export async function redirectedUser(db: Db, name: string): Promise<UserRow | undefined> {
  const r = await db.selectFrom('user_redirect').select('redirect_user_id').where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (!r) return undefined;
  return db.selectFrom('user').selectAll().where('id', '=', r.redirect_user_id).executeTakeFirst();
}

export async function isOrgMember(db: Db, orgId: number, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('org_user').select('id').where('org_id', '=', orgId).where('uid', '=', userId).executeTakeFirst());
}

export async function isOrgOwner(db: Db, orgId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select('team_user.id')
    .where('team.org_id', '=', orgId)
    .where('team.authorize', '=', OWNER_MODE)
    .where('team_user.uid', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/**
 * Gitea's HasOrgOrUserVisible: public to all, limited to signed-in users, private to members;
 * site admins see everything.
 */
export async function orgVisibleTo(db: Db, org: UserRow, viewer: UserRow | null): Promise<boolean> {
  if (viewer && (viewer.is_admin === 1 || viewer.id === org.id)) return true;
  if (org.visibility === 'public') return true;
  if (org.visibility === 'limited' && viewer && viewer.restricted !== 1) return true;
  return !!viewer && (await isOrgMember(db, org.id, viewer.id));
}

/** The highest team access mode the user has in the organization (0 when none). */
export async function maxTeamMode(db: Db, orgId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select((eb) => eb.fn.max<number>('team.authorize').as('m'))
    .where('team.org_id', '=', orgId)
    .where('team_user.uid', '=', userId)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** Owners, and members of a team with can_create_org_repo (Gitea's CanCreateOrgRepo). */
export async function canCreateOrgRepo(db: Db, orgId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select('team.id')
    .where('team.org_id', '=', orgId)
    .where('team_user.uid', '=', userId)
    .where((eb) => eb.or([eb('team.can_create_org_repo', '=', 1), eb('team.authorize', '=', OWNER_MODE)]))
    .executeTakeFirst();
  return !!row;
}

export interface OrgFields {
  full_name?: string;
  email?: string;
  description?: string;
  website?: string;
  location?: string;
  visibility?: 'public' | 'limited' | 'private';
  repo_admin_change_team_access?: boolean;
}

/** Creates the organization, its Owners team (owner mode, all repositories) and makes `doer` its owner, in one transaction. */
export async function createOrg(db: Db, doer: UserRow, name: string, f: OrgFields): Promise<UserRow> {
  assertUsableName('username', name);
  const t = nowUnix();
  return db
    .transaction()
    .execute(async (trx) => {
      await assertNameFree(trx, name);
      const org = await trx
        .insertInto('user')
        .values({
          name,
          lower_name: name.toLowerCase(),
          full_name: f.full_name ?? '',
          email: (f.email ?? '').toLowerCase(),
          passwd: '',
          type: ORG_TYPE,
          is_admin: 0,
          must_change_password: 0,
          restricted: 0,
          active: 1,
          prohibit_login: 0,
          visibility: f.visibility ?? 'public',
          description: f.description ?? '',
          website: f.website ?? '',
          location: f.location ?? '',
          language: '',
          created_unix: t,
          updated_unix: t,
          last_login_unix: 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (f.repo_admin_change_team_access) await setRepoAdminChangeTeamAccess(trx, org.id, true);
      // A name that only redirected elsewhere is free again once someone takes it.
      await trx.deleteFrom('user_redirect').where('lower_name', '=', org.lower_name).execute();
      await trx.insertInto('org_user').values({ uid: doer.id, org_id: org.id, is_public: 0 }).execute();
      const team = await trx
        .insertInto('team')
        .values({
          org_id: org.id,
          lower_name: 'owners',
          name: 'Owners',
          description: '',
          authorize: OWNER_MODE,
          num_repos: 0,
          num_members: 1,
          includes_all_repositories: 1,
          can_create_org_repo: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('team_user').values({ org_id: org.id, team_id: team.id, uid: doer.id }).execute();
      await trx
        .insertInto('team_unit')
        .values(ALL_UNIT_TYPES.map((type) => ({ org_id: org.id, team_id: team.id, type, access_mode: OWNER_MODE })))
        .execute();
      return org;
    })
    .catch(takenMeanwhile(name));
}

export async function editOrg(db: Db, org: UserRow, f: OrgFields): Promise<UserRow> {
  const values: Record<string, string | number> = { updated_unix: nowUnix() };
  for (const k of ['full_name', 'description', 'website', 'location', 'visibility'] as const) if (f[k] !== undefined) values[k] = f[k]!;
  if (f.email !== undefined) values.email = f.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (f.repo_admin_change_team_access !== undefined) await setRepoAdminChangeTeamAccess(trx, org.id, f.repo_admin_change_team_access);
    return trx.updateTable('user').set(values).where('id', '=', org.id).returningAll().executeTakeFirstOrThrow();
  });
}

/**
 * Renames a user or organization: the row, its repositories' owner_name, the folder on disk, and
 * a user_redirect from the old name (Gitea's RenameUser). Same name: nothing to do.
 */
export async function renameOwner(deps: Deps, owner: UserRow, newName: string): Promise<UserRow> {
  const { db, config } = deps;
  assertUsableName('new_name', newName);
  if (newName === owner.name) return owner;
  const oldLower = owner.lower_name;
  const newLower = newName.toLowerCase();
  const oldDir = path.join(config.dataDir, 'repositories', oldLower);
  const newDir = path.join(config.dataDir, 'repositories', newLower);
  // The folder moves as the transaction's last step, an intent file beside it so reconciliation can
  // finish or undo the move after a crash (repo-folders.ts); a failed commit moves it back.
  let intent: string | undefined;
  let moved = false;
  const row = await db
    .transaction()
    .execute(async (trx) => {
      await assertNameFree(trx, newName, owner.id);
      const u = await trx
        .updateTable('user')
        .set({ name: newName, lower_name: newLower, updated_unix: nowUnix() })
        .where('id', '=', owner.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('repository').set({ owner_name: newName }).where('owner_id', '=', owner.id).execute();
      await trx.deleteFrom('user_redirect').where('lower_name', '=', newLower).execute();
      if (oldLower !== newLower) {
        await trx.deleteFrom('user_redirect').where('lower_name', '=', oldLower).execute();
        await trx.insertInto('user_redirect').values({ lower_name: oldLower, redirect_user_id: owner.id }).execute();
        if (fs.existsSync(oldDir)) {
          intent = beginMove(config, { kind: 'owner', id: owner.id, from: oldDir, to: newDir });
          fs.renameSync(oldDir, newDir);
          moved = true;
          crashPoint('owner-rename:moved');
        }
      }
      return u;
    })
    .catch((e: unknown) => {
      if (moved) fs.renameSync(newDir, oldDir);
      endMove(intent);
      return takenMeanwhile(newName)(e);
    });
  endMove(intent);
  return row;
}

/** Refused while the organization owns repositories (Gitea's ErrUserOwnRepos); otherwise removes it and its teams. */
export async function deleteOrg(db: Db, org: UserRow): Promise<void> {
  const { n } = await db
    .selectFrom('repository')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', org.id)
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) throw unprocessable(`user still has ownership of repositories [uid: ${org.id}]`);
  await db.transaction().execute(async (trx) => {
    for (const table of ['team_user', 'team_repo', 'team_unit', 'team'] as const) await trx.deleteFrom(table).where('org_id', '=', org.id).execute();
    await trx.deleteFrom('org_user').where('org_id', '=', org.id).execute();
    await trx.deleteFrom('user_redirect').where('redirect_user_id', '=', org.id).execute();
    await trx.deleteFrom('action').where('user_id', '=', org.id).execute();
    await trx.deleteFrom('user').where('id', '=', org.id).execute();
  });
}

/** Removes a member from the organization and all its teams; the last owner stays (Gitea's ErrLastOrgOwner). */
export async function removeOrgMember(db: Db, org: UserRow, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The owner teams' rows locked first (as removeTeamMember locks its team): two owners removed at
    // once cannot both see another owner left.
    const ownerTeams = await trx.selectFrom('team').select('id').where('org_id', '=', org.id).where('authorize', '=', OWNER_MODE).orderBy('id').execute();
    for (const t of ownerTeams) await lockRow(trx, 'team', t.id);
    if (await isOrgOwner(trx, org.id, userId)) {
      const { n } = await trx
        .selectFrom('team_user')
        .innerJoin('team', 'team.id', 'team_user.team_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team.org_id', '=', org.id)
        .where('team.authorize', '=', OWNER_MODE)
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) throw unprocessable(`user is the last member of owner team [uid: ${userId}]`);
    }
    const teams = await trx.selectFrom('team_user').select('team_id').where('org_id', '=', org.id).where('uid', '=', userId).execute();
    await trx.deleteFrom('team_user').where('org_id', '=', org.id).where('uid', '=', userId).execute();
    for (const { team_id } of teams)
      await trx
        .updateTable('team')
        .set((eb) => ({ num_members: eb('num_members', '-', 1) }))
        .where('id', '=', team_id)
        .execute();
    await trx.deleteFrom('org_user').where('org_id', '=', org.id).where('uid', '=', userId).execute();
  });
}

export async function setMemberPublic(db: Db, orgId: number, userId: number, isPublic: boolean): Promise<void> {
  const res = await db
    .updateTable('org_user')
    .set({ is_public: isPublic ? 1 : 0 })
    .where('org_id', '=', orgId)
    .where('uid', '=', userId)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw notFound();
}

/**
 * What Gitea does after creating a repository in an organization: teams that include all
 * repositories get it, and a creator who is not an owner becomes its admin collaborator.
 */
export async function afterOrgRepoCreated(db: Db, org: UserRow, repo: RepoRow, doer: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const teams = await trx.selectFrom('team').selectAll().where('org_id', '=', org.id).where('includes_all_repositories', '=', 1).execute();
    for (const t of teams) await addRepoToTeam(trx, t, repo.id);
    const owner = await isOrgOwner(trx, org.id, doer.id);
    const adminTeam = await trx
      .selectFrom('team_user')
      .innerJoin('team', 'team.id', 'team_user.team_id')
      .innerJoin('team_repo', 'team_repo.team_id', 'team.id')
      .select('team.id')
      .where('team_user.uid', '=', doer.id)
      .where('team_repo.repo_id', '=', repo.id)
      .where('team.authorize', '>=', 3)
      .executeTakeFirst();
    if (!owner && !adminTeam) {
      const t = nowUnix();
      await trx
        .insertInto('collaboration')
        .values({ repo_id: repo.id, user_id: doer.id, mode: 3, created_unix: t, updated_unix: t })
        .onConflict((oc) => oc.columns(['repo_id', 'user_id']).doUpdateSet({ mode: 3, updated_unix: t }))
        .execute();
    }
  });
}
