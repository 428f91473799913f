// Organizations (user rows of type 1), their members (org_user) and the old names that redirect
// to a user or organization (user_redirect): the queries.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import type { RepoRow, UserRow } from './schema.ts';
import { ORG_TYPE } from './users.ts';
import { countThenPage, type PageWindow, type RepoFilter, type RowsPage } from './page-rows.ts';

/**
 * user.repo_admin_change_team_access (migration 20261122_0600_orgs) is left out of UserTable so that
 * user rows built in code (the ghost user) need not name it; selectAll() still returns it.
 */
export const repoAdminChangeTeamAccess = (org: UserRow) => (org as UserRow & { repo_admin_change_team_access?: number }).repo_admin_change_team_access === 1;

export async function setRepoAdminChangeTeamAccess(db: Db, orgId: number, on: boolean): Promise<void> {
  await sql`update "user" set repo_admin_change_team_access = ${on ? 1 : 0} where id = ${orgId}`.execute(db);
}

/** The user an old name now points to (after a rename), if any. */
export async function findRedirectedUser(db: Db, name: string): Promise<UserRow | undefined> {
  const r = await db.selectFrom('user_redirect').select('redirect_user_id').where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (!r) return undefined;
  return db.selectFrom('user').selectAll().where('id', '=', r.redirect_user_id).executeTakeFirst();
}

export async function deleteUserRedirect(db: Db, lowerName: string): Promise<void> {
  await db.deleteFrom('user_redirect').where('lower_name', '=', lowerName).execute();
}

export async function insertUserRedirect(db: Db, lowerName: string, userId: number): Promise<void> {
  await db.insertInto('user_redirect').values({ lower_name: lowerName, redirect_user_id: userId }).execute();
}

// ---- membership ----

export async function isOrgMember(db: Db, orgId: number, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('org_user').select('id').where('org_id', '=', orgId).where('uid', '=', userId).executeTakeFirst());
}

/** Member of a team with `ownerMode` (the Owners team). */
export async function isOrgOwner(db: Db, orgId: number, userId: number, ownerMode: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select('team_user.id')
    .where('team.org_id', '=', orgId)
    .where('team.authorize', '=', ownerMode)
    .where('team_user.uid', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/** How many members the organization's teams with `ownerMode` have. */
export async function countOrgOwners(db: Db, orgId: number, ownerMode: number): Promise<number> {
  const { n } = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team.org_id', '=', orgId)
    .where('team.authorize', '=', ownerMode)
    .executeTakeFirstOrThrow();
  return Number(n);
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

/** In a team that can create repositories, or one with `ownerMode`. */
export async function inRepoCreatingTeam(db: Db, orgId: number, userId: number, ownerMode: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select('team.id')
    .where('team.org_id', '=', orgId)
    .where('team_user.uid', '=', userId)
    .where((eb) => eb.or([eb('team.can_create_org_repo', '=', 1), eb('team.authorize', '=', ownerMode)]))
    .executeTakeFirst();
  return !!row;
}

/** In a team of at least `minMode` that has the repository. */
export async function inRepoTeamWithMode(db: Db, userId: number, repoId: number, minMode: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .innerJoin('team_repo', 'team_repo.team_id', 'team.id')
    .select('team.id')
    .where('team_user.uid', '=', userId)
    .where('team_repo.repo_id', '=', repoId)
    .where('team.authorize', '>=', minMode)
    .executeTakeFirst();
  return !!row;
}

export async function insertOrgUser(db: Db, orgId: number, uid: number, isPublic: 0 | 1): Promise<void> {
  await db.insertInto('org_user').values({ uid, org_id: orgId, is_public: isPublic }).execute();
}

/** Makes the user a (private) member unless already one. */
export async function insertOrgUserIfMissing(db: Db, orgId: number, uid: number): Promise<void> {
  await db
    .insertInto('org_user')
    .values({ uid, org_id: orgId, is_public: 0 })
    .onConflict((oc) => oc.columns(['uid', 'org_id']).doNothing())
    .execute();
}

export async function deleteOrgUser(db: Db, orgId: number, uid: number): Promise<void> {
  await db.deleteFrom('org_user').where('org_id', '=', orgId).where('uid', '=', uid).execute();
}

/** Whether a membership row was changed. */
export async function updateOrgUserPublic(db: Db, orgId: number, userId: number, isPublic: boolean): Promise<boolean> {
  const res = await db
    .updateTable('org_user')
    .set({ is_public: isPublic ? 1 : 0 })
    .where('org_id', '=', orgId)
    .where('uid', '=', userId)
    .executeTakeFirst();
  return !!Number(res.numUpdatedRows);
}

export async function isPublicOrgMember(db: Db, orgId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('org_user').select('is_public').where('org_id', '=', orgId).where('uid', '=', userId).executeTakeFirst();
  return row?.is_public === 1;
}

/** Takes the user out of every team of the organization (counters follow) and out of the organization. */
export async function deleteOrgMembership(db: Db, orgId: number, userId: number): Promise<void> {
  const teams = await db.selectFrom('team_user').select('team_id').where('org_id', '=', orgId).where('uid', '=', userId).execute();
  await db.deleteFrom('team_user').where('org_id', '=', orgId).where('uid', '=', userId).execute();
  for (const { team_id } of teams)
    await db
      .updateTable('team')
      .set((eb) => ({ num_members: eb('num_members', '-', 1) }))
      .where('id', '=', team_id)
      .execute();
  await db.deleteFrom('org_user').where('org_id', '=', orgId).where('uid', '=', userId).execute();
}

// ---- organization rows ----

export async function setReposOwnerName(db: Db, ownerId: number, ownerName: string): Promise<void> {
  await db.updateTable('repository').set({ owner_name: ownerName }).where('owner_id', '=', ownerId).execute();
}

export async function countOwnerRepos(db: Db, ownerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('repository')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The organization and everything of it: teams, members, redirects to it, its feed. */
export async function deleteOrgRows(db: Db, orgId: number): Promise<void> {
  for (const table of ['team_user', 'team_repo', 'team_unit', 'team'] as const) await db.deleteFrom(table).where('org_id', '=', orgId).execute();
  await db.deleteFrom('org_user').where('org_id', '=', orgId).execute();
  await db.deleteFrom('user_redirect').where('redirect_user_id', '=', orgId).execute();
  await db.deleteFrom('action').where('user_id', '=', orgId).execute();
  await db.deleteFrom('user').where('id', '=', orgId).execute();
}

// ---- lists ----

/** A page of the organizations of these visibilities, by name. */
export function listOrgsPage(db: Db, modes: string[], p: PageWindow): Promise<RowsPage<UserRow>> {
  const q = db.selectFrom('user').where('type', '=', ORG_TYPE).where('visibility', 'in', modes);
  return countThenPage(q, p, (page) => page.selectAll().orderBy('lower_name'));
}

/** A page of the organization's members (only the public ones unless `all`), by name. */
export function listOrgMembersPage(db: Db, orgId: number, all: boolean, p: PageWindow): Promise<RowsPage<UserRow>> {
  let q = db.selectFrom('org_user').innerJoin('user', 'user.id', 'org_user.uid').where('org_user.org_id', '=', orgId);
  if (!all) q = q.where('org_user.is_public', '=', 1);
  return countThenPage(q, p, (page) => page.selectAll('user').orderBy('user.lower_name'));
}

/**
 * A page of the organizations a user is in, by name. `self`: every membership; otherwise public
 * memberships of organizations of `modes`, or that the viewer (if any) is a member of.
 */
export function listUserOrgsPage(db: Db, uid: number, self: boolean, viewerId: number | null, p: PageWindow): Promise<RowsPage<UserRow>> {
  let q = db.selectFrom('org_user').innerJoin('user', 'user.id', 'org_user.org_id').where('org_user.uid', '=', uid).where('user.type', '=', ORG_TYPE);
  if (!self) {
    q = q.where('org_user.is_public', '=', 1);
    const modes = viewerId !== null ? ['public', 'limited'] : ['public'];
    q = q.where((eb) => {
      const terms = [eb('user.visibility', 'in', modes)];
      if (viewerId !== null) terms.push(eb('user.id', 'in', eb.selectFrom('org_user as mine').select('mine.org_id').where('mine.uid', '=', viewerId)));
      return eb.or(terms);
    });
  }
  return countThenPage(q, p, (page) => page.selectAll('user').orderBy('user.lower_name'));
}

/** A page of an owner's repositories that pass `readable`, oldest first (Gitea's `id ASC`). */
export function listOwnerReposPage(db: Db, ownerId: number, readable: RepoFilter, p: PageWindow): Promise<RowsPage<RepoRow>> {
  const q = db.selectFrom('repository').where('repository.owner_id', '=', ownerId).where(readable);
  return countThenPage(q, p, (page) => page.selectAll('repository').orderBy('repository.id'));
}
