// Teams of an organization (team), their members (team_user), repositories (team_repo) and
// per-unit modes (team_unit): the queries, with the num_members / num_repos counters.
import { sql, type SqlBool } from 'kysely';
import type { Db } from './types.ts';
import type { RepoRow, TeamRow, UserRow } from './schema.ts';
import { countThenPage, type PageWindow, type RowsPage } from './page-rows.ts';

export type NewTeam = Omit<TeamRow, 'id'>;
export type UnitMode = { type: number; access_mode: number };

export function findTeamById(db: Db, id: number): Promise<TeamRow | undefined> {
  return db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTeamByIdOrThrow(db: Db, id: number): Promise<TeamRow> {
  return db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findTeamsByIds(db: Db, ids: number[]): Promise<TeamRow[]> {
  return db.selectFrom('team').selectAll().where('id', 'in', ids).execute();
}

/** The organization's team by name (any case). */
export function findOrgTeamByName(db: Db, orgId: number, name: string): Promise<TeamRow | undefined> {
  return db.selectFrom('team').selectAll().where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** Whether another team (than `exceptId`) of the organization has this name. */
export async function isTeamNameTaken(db: Db, orgId: number, name: string, exceptId = 0): Promise<boolean> {
  const hit = await db
    .selectFrom('team')
    .select('id')
    .where('org_id', '=', orgId)
    .where('lower_name', '=', name.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return !!hit;
}

/** The organization's repository by name (any case). */
export function findOrgRepoByName(db: Db, orgId: number, name: string): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('owner_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

// ---- lists ----

/** A page of the organization's teams by name. */
export function listOrgTeamsPage(db: Db, orgId: number, p: PageWindow): Promise<RowsPage<TeamRow>> {
  const q = db.selectFrom('team').where('org_id', '=', orgId);
  return countThenPage(q, p, (page) => page.selectAll().orderBy('lower_name'));
}

/** A page of the organization's teams whose name (and description, unless told not to) contains `text`. */
export function searchOrgTeamsPage(db: Db, orgId: number, text: string | undefined, includeDesc: boolean, p: PageWindow): Promise<RowsPage<TeamRow>> {
  let q = db.selectFrom('team').where('org_id', '=', orgId);
  if (text) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => {
      const terms = [sql<SqlBool>`${eb.ref('lower_name')} like ${like} escape '\\'`];
      if (includeDesc) terms.push(sql<SqlBool>`lower(${eb.ref('description')}) like ${like} escape '\\'`);
      return eb.or(terms);
    });
  }
  return countThenPage(q, p, (page) => page.selectAll().orderBy('lower_name'));
}

/** A page of the teams a user is in, by organization then name. */
export function listUserTeamsPage(db: Db, uid: number, p: PageWindow): Promise<RowsPage<TeamRow>> {
  const q = db.selectFrom('team').innerJoin('team_user', 'team_user.team_id', 'team.id').where('team_user.uid', '=', uid);
  return countThenPage(q, p, (page) => page.selectAll('team').orderBy('team.org_id').orderBy('team.lower_name'));
}

/** A page of a team's members by name. */
export function listTeamMembersPage(db: Db, teamId: number, p: PageWindow): Promise<RowsPage<UserRow>> {
  const q = db.selectFrom('team_user').innerJoin('user', 'user.id', 'team_user.uid').where('team_user.team_id', '=', teamId);
  return countThenPage(q, p, (page) => page.selectAll('user').orderBy('user.lower_name'));
}

/** A page of a team's repositories by name. */
export function listTeamReposPage(db: Db, teamId: number, p: PageWindow): Promise<RowsPage<RepoRow>> {
  const q = db.selectFrom('team_repo').innerJoin('repository', 'repository.id', 'team_repo.repo_id').where('team_repo.team_id', '=', teamId);
  return countThenPage(q, p, (page) => page.selectAll('repository').orderBy('repository.lower_name'));
}

/** The teams that have the repository, by name. */
export function listRepoTeams(db: Db, repoId: number): Promise<TeamRow[]> {
  return db
    .selectFrom('team')
    .innerJoin('team_repo', 'team_repo.team_id', 'team.id')
    .selectAll('team')
    .where('team_repo.repo_id', '=', repoId)
    .orderBy('team.lower_name')
    .execute();
}

/** The organization's teams that include all its repositories. */
export function listIncludeAllTeams(db: Db, orgId: number): Promise<TeamRow[]> {
  return db.selectFrom('team').selectAll().where('org_id', '=', orgId).where('includes_all_repositories', '=', 1).execute();
}

/** Ids of the organization's teams with this mode, in id order. */
export function listOrgTeamIdsWithMode(db: Db, orgId: number, mode: number): Promise<{ id: number }[]> {
  return db.selectFrom('team').select('id').where('org_id', '=', orgId).where('authorize', '=', mode).orderBy('id').execute();
}

// ---- writes of a team ----

export function insertTeam(db: Db, values: NewTeam): Promise<TeamRow> {
  return db.insertInto('team').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a team, answering its id. */
export function insertTeamReturningId(db: Db, values: NewTeam): Promise<{ id: number }> {
  return db.insertInto('team').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateTeam(db: Db, id: number, values: Partial<NewTeam>): Promise<void> {
  await db.updateTable('team').set(values).where('id', '=', id).execute();
}

/** The team, its members, repositories and units (member ids first, as the caller needs them afterwards). */
export async function deleteTeamRows(db: Db, teamId: number): Promise<{ uid: number }[]> {
  const members = await db.selectFrom('team_user').select('uid').where('team_id', '=', teamId).execute();
  for (const table of ['team_user', 'team_repo', 'team_unit'] as const) await db.deleteFrom(table).where('team_id', '=', teamId).execute();
  await db.deleteFrom('team').where('id', '=', teamId).execute();
  return members;
}

export async function addTeamMembersCount(db: Db, teamId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('team')
    .set((eb) => ({ num_members: eb('num_members', delta > 0 ? '+' : '-', 1) }))
    .where('id', '=', teamId)
    .execute();
}

export async function addTeamReposCount(db: Db, teamId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('team')
    .set((eb) => ({ num_repos: eb('num_repos', delta > 0 ? '+' : '-', 1) }))
    .where('id', '=', teamId)
    .execute();
}

export async function teamNumMembers(db: Db, teamId: number): Promise<number> {
  const { num_members } = await db.selectFrom('team').select('num_members').where('id', '=', teamId).executeTakeFirstOrThrow();
  return num_members;
}

// ---- units ----

export async function replaceTeamUnits(db: Db, team: Pick<TeamRow, 'id' | 'org_id'>, units: UnitMode[]): Promise<void> {
  await db.deleteFrom('team_unit').where('team_id', '=', team.id).execute();
  if (units.length)
    await db
      .insertInto('team_unit')
      .values(units.map((u) => ({ org_id: team.org_id, team_id: team.id, ...u })))
      .execute();
}

export async function insertTeamUnits(db: Db, orgId: number, teamId: number, units: UnitMode[]): Promise<void> {
  await db
    .insertInto('team_unit')
    .values(units.map((u) => ({ org_id: orgId, team_id: teamId, ...u })))
    .execute();
}

export function listTeamUnits(db: Db, teamId: number): Promise<UnitMode[]> {
  return db.selectFrom('team_unit').select(['type', 'access_mode']).where('team_id', '=', teamId).orderBy('type').execute();
}

// ---- members ----

export async function isTeamMember(db: Db, teamId: number, uid: number): Promise<boolean> {
  return !!(await db.selectFrom('team_user').select('id').where('team_id', '=', teamId).where('uid', '=', uid).executeTakeFirst());
}

/** Adds the member unless already there; whether a row was inserted. */
export async function insertTeamUserIfMissing(db: Db, team: Pick<TeamRow, 'id' | 'org_id'>, uid: number): Promise<boolean> {
  const added = await db
    .insertInto('team_user')
    .values({ org_id: team.org_id, team_id: team.id, uid })
    .onConflict((oc) => oc.columns(['team_id', 'uid']).doNothing())
    .executeTakeFirst();
  return !!Number(added.numInsertedOrUpdatedRows);
}

export async function insertTeamUser(db: Db, orgId: number, teamId: number, uid: number): Promise<void> {
  await db.insertInto('team_user').values({ org_id: orgId, team_id: teamId, uid }).execute();
}

export async function deleteTeamUser(db: Db, teamId: number, uid: number): Promise<void> {
  await db.deleteFrom('team_user').where('team_id', '=', teamId).where('uid', '=', uid).execute();
}

/** Whether the user is in any team of the organization. */
export async function isInAnyOrgTeam(db: Db, orgId: number, uid: number): Promise<boolean> {
  return !!(await db.selectFrom('team_user').select('id').where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst());
}

// ---- repositories ----

export async function hasTeamRepo(db: Db, teamId: number, repoId: number): Promise<boolean> {
  return !!(await db.selectFrom('team_repo').select('id').where('team_id', '=', teamId).where('repo_id', '=', repoId).executeTakeFirst());
}

/** Adds the repository unless already there; whether a row was inserted. */
export async function insertTeamRepoIfMissing(db: Db, team: Pick<TeamRow, 'id' | 'org_id'>, repoId: number): Promise<boolean> {
  const added = await db
    .insertInto('team_repo')
    .values({ org_id: team.org_id, team_id: team.id, repo_id: repoId })
    .onConflict((oc) => oc.columns(['team_id', 'repo_id']).doNothing())
    .executeTakeFirst();
  return !!Number(added.numInsertedOrUpdatedRows);
}

/** Whether a row was deleted. */
export async function deleteTeamRepo(db: Db, teamId: number, repoId: number): Promise<boolean> {
  const res = await db.deleteFrom('team_repo').where('team_id', '=', teamId).where('repo_id', '=', repoId).executeTakeFirst();
  return !!Number(res.numDeletedRows);
}

/** Ids of the repositories an owner has. */
export function listOwnerRepoIds(db: Db, ownerId: number): Promise<{ id: number }[]> {
  return db.selectFrom('repository').select('id').where('owner_id', '=', ownerId).execute();
}
