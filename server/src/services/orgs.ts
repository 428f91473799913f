// Organizations: user rows with type 1, members in org_user, owners = members of the Owners team
// (authorize 4). Create, edit, rename (with a redirect from the old name), delete, membership.
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { isUniqueViolation, lockRow } from '../db/dialect.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { ORG_TYPE, findOrgByName, insertUserRow, isNameTaken, updateUserRow } from '../db/users.ts';
import * as orgsDb from '../db/orgs.ts';
import { insertTeamReturningId, insertTeamUnits, insertTeamUser, listIncludeAllTeams, listOrgTeamIdsWithMode } from '../db/teams.ts';
import { upsertCollaboration } from '../db/collaborators.ts';
import { notFound, unprocessable } from '../errors.ts';
import { RESERVED_NAMES, USERNAME_RE } from './users.ts';
import { ALL_UNIT_TYPES, OWNER_MODE, addRepoToTeam } from './teams.ts';
import { beginMove, crashPoint, endMove } from './repo-folders.ts';

export { ORG_TYPE };

/** Gitea's ErrLastOrgOwner ("user is the last member of owner team"), in words. */
export const LAST_OWNER = "this is the organization's last owner: add another member to the Owners team first";
export const repoAdminChangeTeamAccess = orgsDb.repoAdminChangeTeamAccess;
export const isOrgMember = orgsDb.isOrgMember;
export const maxTeamMode = orgsDb.maxTeamMode;

/** 422 unless `name` could name a user or organization (Gitea's IsUsableUsername). */
export function assertUsableName(field: string, name: string): void {
  if (!USERNAME_RE.test(name)) {
    throw unprocessable(`${field}: use only letters, digits, dashes (-), underscores (_) and dots (.), with no dash or dot first or last, or two in a row`);
  }
  if (name.length > 40) throw unprocessable(`${field}: must be at most 40 characters`);
  if (RESERVED_NAMES.has(name.toLowerCase())) throw unprocessable(`${field}: name is reserved [name: ${name}]`);
}

/** Users and organizations share one namespace, so the refusal names both (Gitea: "user already exists"). */
const nameTaken = (field: string, name: string) => unprocessable(`${field}: an organization or user named “${name}” already exists`);

async function assertNameFree(db: Db, field: string, name: string, exceptId = 0): Promise<void> {
  if (await isNameTaken(db, name, exceptId)) throw nameTaken(field, name);
}

/** The name taken by another request at the same time, past assertNameFree: Gitea's 422, not a 409. */
const takenMeanwhile =
  (field: string, name: string) =>
  (e: unknown): never => {
    throw isUniqueViolation(e) ? nameTaken(field, name) : e;
  };

export async function orgByName(db: Db, name: string): Promise<UserRow | undefined> {
  return findOrgByName(db, name);
}

/** The user an old name now points to (after a rename), if any. */
export async function redirectedUser(db: Db, name: string): Promise<UserRow | undefined> {
  return orgsDb.findRedirectedUser(db, name);
}

export async function isOrgOwner(db: Db, orgId: number, userId: number): Promise<boolean> {
  return orgsDb.isOrgOwner(db, orgId, userId, OWNER_MODE);
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

/** Owners, and members of a team with can_create_org_repo (Gitea's CanCreateOrgRepo). */
export async function canCreateOrgRepo(db: Db, orgId: number, userId: number): Promise<boolean> {
  return orgsDb.inRepoCreatingTeam(db, orgId, userId, OWNER_MODE);
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
      await assertNameFree(trx, 'username', name);
      const org = await insertUserRow(trx, {
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
      });
      if (f.repo_admin_change_team_access) await orgsDb.setRepoAdminChangeTeamAccess(trx, org.id, true);
      // A name that only redirected elsewhere is free again once someone takes it.
      await orgsDb.deleteUserRedirect(trx, org.lower_name);
      await orgsDb.insertOrgUser(trx, org.id, doer.id, 0);
      const team = await insertTeamReturningId(trx, {
        org_id: org.id,
        lower_name: 'owners',
        name: 'Owners',
        description: '',
        authorize: OWNER_MODE,
        num_repos: 0,
        num_members: 1,
        includes_all_repositories: 1,
        can_create_org_repo: 1,
      });
      await insertTeamUser(trx, org.id, team.id, doer.id);
      await insertTeamUnits(
        trx,
        org.id,
        team.id,
        ALL_UNIT_TYPES.map((type) => ({ type, access_mode: OWNER_MODE })),
      );
      return org;
    })
    .catch(takenMeanwhile('username', name));
}

export async function editOrg(db: Db, org: UserRow, f: OrgFields): Promise<UserRow> {
  const values: Record<string, string | number> = { updated_unix: nowUnix() };
  for (const k of ['full_name', 'description', 'website', 'location', 'visibility'] as const) if (f[k] !== undefined) values[k] = f[k]!;
  if (f.email !== undefined) values.email = f.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (f.repo_admin_change_team_access !== undefined) await orgsDb.setRepoAdminChangeTeamAccess(trx, org.id, f.repo_admin_change_team_access);
    return updateUserRow(trx, org.id, values);
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
      await assertNameFree(trx, 'new_name', newName, owner.id);
      const u = await updateUserRow(trx, owner.id, { name: newName, lower_name: newLower, updated_unix: nowUnix() });
      await orgsDb.setReposOwnerName(trx, owner.id, newName);
      await orgsDb.deleteUserRedirect(trx, newLower);
      if (oldLower !== newLower) {
        await orgsDb.deleteUserRedirect(trx, oldLower);
        await orgsDb.insertUserRedirect(trx, oldLower, owner.id);
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
      return takenMeanwhile('new_name', newName)(e);
    });
  endMove(intent);
  return row;
}

/** Refused while the organization owns repositories (Gitea's ErrUserOwnRepos); otherwise removes it and its teams. */
export async function deleteOrg(db: Db, org: UserRow): Promise<void> {
  const repos = await orgsDb.countOwnerRepos(db, org.id);
  if (repos > 0) {
    const what = repos === 1 ? '1 repository: delete or transfer it first' : `${repos} repositories: delete or transfer them first`;
    throw unprocessable(`the organization still owns ${what}`);
  }
  await db.transaction().execute((trx) => orgsDb.deleteOrgRows(trx, org.id));
}

/** Removes a member from the organization and all its teams; the last owner stays (Gitea's ErrLastOrgOwner). */
export async function removeOrgMember(db: Db, org: UserRow, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The owner teams' rows locked first (as removeTeamMember locks its team): two owners removed at
    // once cannot both see another owner left.
    const ownerTeams = await listOrgTeamIdsWithMode(trx, org.id, OWNER_MODE);
    for (const t of ownerTeams) await lockRow(trx, 'team', t.id);
    if (await isOrgOwner(trx, org.id, userId)) {
      const n = await orgsDb.countOrgOwners(trx, org.id, OWNER_MODE);
      if (n <= 1) throw unprocessable(LAST_OWNER);
    }
    await orgsDb.deleteOrgMembership(trx, org.id, userId);
  });
}

export async function setMemberPublic(db: Db, orgId: number, userId: number, isPublic: boolean): Promise<void> {
  if (!(await orgsDb.updateOrgUserPublic(db, orgId, userId, isPublic))) throw notFound();
}

/**
 * What Gitea does after creating a repository in an organization: teams that include all
 * repositories get it, and a creator who is not an owner becomes its admin collaborator.
 */
export async function afterOrgRepoCreated(db: Db, org: UserRow, repo: RepoRow, doer: UserRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const teams = await listIncludeAllTeams(trx, org.id);
    for (const t of teams) await addRepoToTeam(trx, t, repo.id);
    const owner = await isOrgOwner(trx, org.id, doer.id);
    const adminTeam = await orgsDb.inRepoTeamWithMode(trx, doer.id, repo.id, 3);
    if (!owner && !adminTeam) {
      const t = nowUnix();
      await upsertCollaboration(trx, repo.id, doer.id, 3, t);
    }
  });
}
