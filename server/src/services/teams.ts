// Teams of an organization: their access mode (authorize) and per-unit modes (team_unit), members
// and repositories, with the num_members / num_repos counters kept in the same transaction.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { isUniqueViolation, lockRow } from '../db/dialect.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import { findUsersByIds } from '../db/users.ts';
import {
  addTeamMembersCount,
  addTeamReposCount,
  deleteTeamRepo,
  deleteTeamRows,
  deleteTeamUser,
  findTeamByIdOrThrow,
  hasTeamRepo,
  insertTeam,
  insertTeamRepoIfMissing,
  insertTeamUserIfMissing,
  isInAnyOrgTeam,
  isTeamMember,
  isTeamNameTaken,
  listOwnerRepoIds,
  listTeamUnits,
  replaceTeamUnits,
  teamNumMembers,
  updateTeam,
} from '../db/teams.ts';
import { deleteOrgUser, insertOrgUserIfMissing } from '../db/orgs.ts';
import { toApiOrg } from '../api/org-convert.ts';
import { unprocessable } from '../errors.ts';

export { hasTeamRepo, isTeamMember };

export const OWNER_MODE = 4;
export const MODE_NAMES = ['none', 'read', 'write', 'admin', 'owner'] as const;

/** Gitea's unit keys and types (models/unit). */
export const UNIT_KEYS: Record<string, number> = {
  'repo.code': 1,
  'repo.issues': 2,
  'repo.pulls': 3,
  'repo.releases': 4,
  'repo.wiki': 5,
  'repo.ext_wiki': 6,
  'repo.ext_issues': 7,
  'repo.projects': 8,
  'repo.packages': 9,
  'repo.actions': 10,
};
export const ALL_UNIT_TYPES = Object.values(UNIT_KEYS);
const KEY_OF_TYPE = new Map(Object.entries(UNIT_KEYS).map(([k, v]) => [v, k]));
const EXTERNAL = new Set([6, 7]);

/** Gitea's ParseAccessMode: unknown words are none. */
export function parseMode(p: string | undefined): number {
  const i = MODE_NAMES.indexOf((p ?? '') as (typeof MODE_NAMES)[number]);
  return i < 0 ? 0 : i;
}

export interface TeamInput {
  name?: string;
  description?: string;
  permission?: string;
  units?: string[];
  units_map?: Record<string, string>;
  includes_all_repositories?: boolean;
  can_create_org_repo?: boolean;
}

type UnitModes = { type: number; access_mode: number }[];

/**
 * The team's overall mode and unit rows as Gitea's CreateTeam/EditTeam decide them: admin and
 * above get every unit at admin; below that units_map (or the old `units` list at the team's mode)
 * says per unit, and the overall mode is the smallest granted unit mode.
 */
export function resolveUnits(input: TeamInput, current?: { mode: number }): { mode: number; units: UnitModes | null } {
  let mode = input.permission !== undefined && input.permission !== '' ? parseMode(input.permission) : (current?.mode ?? 1);
  const map = input.units_map && Object.keys(input.units_map).length ? input.units_map : undefined;
  for (const key of Object.keys(map ?? {})) if (!(key in UNIT_KEYS)) throw unprocessable(`units_map: unknown unit "${key}"`);
  for (const key of input.units ?? []) if (!(key in UNIT_KEYS)) throw unprocessable(`units: unknown unit "${key}"`);
  if (mode < 3 && map) {
    let min = 0;
    for (const [key, p] of Object.entries(map)) {
      const m = parseMode(p);
      if (EXTERNAL.has(UNIT_KEYS[key]!)) continue;
      if (m > 0 && (min === 0 || m < min)) min = m;
    }
    mode = min;
  }
  if (mode >= 3) return { mode, units: ALL_UNIT_TYPES.map((type) => ({ type, access_mode: EXTERNAL.has(type) ? 1 : Math.min(mode, 3) })) };
  if (map) return { mode, units: Object.entries(map).map(([key, p]) => ({ type: UNIT_KEYS[key]!, access_mode: Math.min(parseMode(p), 3) })) };
  if (input.units?.length) return { mode, units: [...new Set(input.units)].map((key) => ({ type: UNIT_KEYS[key]!, access_mode: mode })) };
  return { mode, units: null };
}

/** Gitea's team name rule (AlphaDashDot, at most 255). */
export function assertTeamName(name: string): void {
  if (!name) throw unprocessable('name: cannot be empty');
  if (name.length > 255) throw unprocessable('name: must be at most 255 characters');
  if (!/^[\w.-]+$/.test(name)) throw unprocessable('name: must be valid alpha or numeric or dash(-_) or dot characters');
}

async function assertTeamNameFree(db: Db, orgId: number, name: string, exceptId = 0) {
  if (await isTeamNameTaken(db, orgId, name, exceptId)) throw unprocessable(`name: this organization already has a team named “${name}”`);
}

async function writeUnits(db: Db, team: TeamRow, units: UnitModes) {
  await replaceTeamUnits(db, team, units);
}

/** Adds every repository of the organization to the team (includes_all_repositories). */
async function addAllOrgRepos(db: Db, team: TeamRow) {
  const repos = await listOwnerRepoIds(db, team.org_id);
  for (const r of repos) await addRepoToTeam(db, team, r.id);
}

export async function createTeam(db: Db, orgId: number, input: TeamInput & { name: string }): Promise<TeamRow> {
  assertTeamName(input.name);
  if ((input.description ?? '').length > 255) throw unprocessable('description: must be at most 255 characters');
  const { mode, units } = resolveUnits(input);
  if (!units) throw unprocessable('units permission should not be empty');
  return db
    .transaction()
    .execute(async (trx) => {
      await assertTeamNameFree(trx, orgId, input.name);
      const team = await insertTeam(trx, {
        org_id: orgId,
        lower_name: input.name.toLowerCase(),
        name: input.name,
        description: input.description ?? '',
        authorize: mode,
        num_repos: 0,
        num_members: 0,
        includes_all_repositories: input.includes_all_repositories ? 1 : 0,
        can_create_org_repo: input.can_create_org_repo ? 1 : 0,
      });
      await writeUnits(trx, team, units);
      if (team.includes_all_repositories) await addAllOrgRepos(trx, team);
      return findTeamByIdOrThrow(trx, team.id);
    })
    .catch((e: unknown) => {
      // The same name created at once by another request, past assertTeamNameFree: Gitea's 422.
      throw isUniqueViolation(e) ? unprocessable(`name: this organization already has a team named “${input.name}”`) : e;
    });
}

/** Gitea's EditTeam: the Owners team keeps its name rules, mode and units; only others change permission. */
export async function editTeam(db: Db, team: TeamRow, input: TeamInput): Promise<TeamRow> {
  const isOwners = team.authorize === OWNER_MODE;
  if (input.name) assertTeamName(input.name);
  if ((input.description ?? '').length > 255) throw unprocessable('description: must be at most 255 characters');
  return db.transaction().execute(async (trx) => {
    const values: Partial<Omit<TeamRow, 'id'>> = {};
    if (input.name && input.name !== team.name) {
      if (isOwners) throw unprocessable('name: the Owners team cannot be renamed');
      await assertTeamNameFree(trx, team.org_id, input.name, team.id);
      values.name = input.name;
      values.lower_name = input.name.toLowerCase();
    }
    if (input.description !== undefined) values.description = input.description;
    if (input.can_create_org_repo !== undefined) values.can_create_org_repo = isOwners || input.can_create_org_repo ? 1 : 0;
    let includeAll = false;
    if (!isOwners) {
      const changesPerm =
        (input.permission !== undefined && input.permission !== '') || !!(input.units_map && Object.keys(input.units_map).length) || !!input.units?.length;
      if (changesPerm) {
        const { mode, units } = resolveUnits(input, { mode: team.authorize });
        values.authorize = mode;
        if (units) await writeUnits(trx, team, units);
      }
      if (input.includes_all_repositories !== undefined) {
        values.includes_all_repositories = input.includes_all_repositories ? 1 : 0;
        includeAll = input.includes_all_repositories;
      }
    }
    if (Object.keys(values).length) await updateTeam(trx, team.id, values);
    const updated = await findTeamByIdOrThrow(trx, team.id);
    if (includeAll) await addAllOrgRepos(trx, updated);
    return findTeamByIdOrThrow(trx, team.id);
  });
}

export async function deleteTeam(db: Db, team: TeamRow): Promise<void> {
  if (team.authorize === OWNER_MODE) throw unprocessable('the Owners team cannot be deleted');
  await db.transaction().execute(async (trx) => {
    const members = await deleteTeamRows(trx, team.id);
    for (const m of members) await leaveOrgIfNoTeam(trx, team.org_id, m.uid);
  });
}

/** A user in no team of the organization is no longer its member (Gitea's removeTeamMember). */
async function leaveOrgIfNoTeam(db: Db, orgId: number, uid: number) {
  if (!(await isInAnyOrgTeam(db, orgId, uid))) await deleteOrgUser(db, orgId, uid);
}

/** Adds the user to the team and, if needed, to the organization (membership private at first). */
export async function addTeamMember(db: Db, team: TeamRow, uid: number): Promise<void> {
  // Inserts that do nothing when the row exists (also one another request adds at the same time),
  // and the counter follows what was inserted.
  await db.transaction().execute(async (trx) => {
    if (!(await insertTeamUserIfMissing(trx, team, uid))) return;
    await addTeamMembersCount(trx, team.id, 1);
    await insertOrgUserIfMissing(trx, team.org_id, uid);
  });
}

/** The Owners team keeps at least one member (Gitea's ErrLastOrgOwner). */
export async function removeTeamMember(db: Db, team: TeamRow, uid: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two removals at once must not both see two owners left.
    await lockRow(trx, 'team', team.id);
    if (!(await isTeamMember(trx, team.id, uid))) return;
    const num_members = await teamNumMembers(trx, team.id);
    if (team.authorize === OWNER_MODE && num_members <= 1)
      throw unprocessable("this is the organization's last owner: add another member to the Owners team first");
    await deleteTeamUser(trx, team.id, uid);
    await addTeamMembersCount(trx, team.id, -1);
    await leaveOrgIfNoTeam(trx, team.org_id, uid);
  });
}

export async function addRepoToTeam(db: Db, team: Pick<TeamRow, 'id' | 'org_id'>, repoId: number): Promise<void> {
  // Callers run it in their transaction. Does nothing when the row exists (also one another request
  // adds at the same time), and the counter follows what was inserted.
  if (await insertTeamRepoIfMissing(db, team, repoId)) await addTeamReposCount(db, team.id, 1);
}

export async function removeRepoFromTeam(db: Db, team: TeamRow, repoId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await deleteTeamRepo(trx, team.id, repoId)) await addTeamReposCount(trx, team.id, -1);
  });
}

/** units and units_map as Gitea's ToTeam shows them (admin and owner teams: every unit at the team's mode). */
export async function teamUnits(db: Db, team: TeamRow): Promise<{ units: string[]; units_map: Record<string, string> }> {
  const rows = await listTeamUnits(db, team.id);
  const units = rows.map((r) => KEY_OF_TYPE.get(r.type)).filter((k): k is string => !!k);
  const units_map: Record<string, string> = {};
  if (team.authorize >= 3) for (const key of Object.keys(UNIT_KEYS)) units_map[key] = MODE_NAMES[team.authorize]!;
  else
    for (const r of rows) {
      const key = KEY_OF_TYPE.get(r.type);
      if (key) units_map[key] = MODE_NAMES[r.access_mode] ?? 'none';
    }
  return { units, units_map };
}

/** Gitea's Team of the API (convert.ToTeam), with its organization when known. */
export async function toApiTeam(db: Db, team: TeamRow, org: UserRow | null, config: Config) {
  const { units, units_map } = await teamUnits(db, team);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    organization: org ? toApiOrg(org, config) : null,
    includes_all_repositories: team.includes_all_repositories === 1,
    permission: MODE_NAMES[team.authorize] ?? 'none',
    units,
    units_map,
    can_create_org_repo: team.can_create_org_repo === 1,
  };
}

/** toApiTeam of each, their organizations read in one query. */
export async function toApiTeams(db: Db, teams: TeamRow[], config: Config) {
  const orgIds = [...new Set(teams.map((t) => t.org_id))];
  const orgs = orgIds.length ? await findUsersByIds(db, orgIds) : [];
  const byId = new Map(orgs.map((o) => [o.id, o]));
  return Promise.all(teams.map((t) => toApiTeam(db, t, byId.get(t.org_id) ?? null, config)));
}
