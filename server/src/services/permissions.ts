// The one answer to "what may this user do in this repository", per unit, as Gitea's
// models/perm/access GetUserRepoPermission: ownership, site admin, the owner's visibility,
// collaborators, organization membership and the union of the user's teams. readableRepo() below
// is its SQL twin for lists; test/permissions-twin.test.ts holds the two to the same answers, so
// change both together. Routes ask the named checks (canRead(unit), canWrite(unit), canAdmin(),
// canParticipate(), isOwner()) instead of comparing numbers. The queries, and readableRepo() and
// visibleUser(), the SQL twins of these rules for lists, are in db/permissions.ts.
import type { Db } from '../db/types.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { findUserById } from '../db/users.ts';
import { isOrgMember as isOrgMemberRow } from '../db/orgs.ts';
import {
  Access,
  type AccessMode,
  UNITS,
  type Unit,
  UnitType,
  findCollaborationMode,
  listCollaborationModes,
  listTeamsUnitModes,
  listUserRepoTeams,
  readableRepo,
  sharesOrganization,
  visibleUser,
} from '../db/permissions.ts';

export { Access, type AccessMode, UNITS, type Unit, UnitType, readableRepo, visibleUser };
export type UnitOrSettings = Unit | 'settings';
/** Gitea's units_map keys (repo.code, …) for the team API. */
export const UnitKey: Record<Unit, string> = { code: 'repo.code', issues: 'repo.issues', pulls: 'repo.pulls', releases: 'repo.releases', wiki: 'repo.wiki' };
export const unitOfType = (type: number): Unit | undefined => UNITS.find((u) => UnitType[u] === type);

/** Gitea's names for access modes (collaborator permission, team permission). */
export const accessModeName = (m: number): 'none' | 'read' | 'write' | 'admin' | 'owner' =>
  m >= Access.owner ? 'owner' : m >= Access.admin ? 'admin' : m >= Access.write ? 'write' : m >= Access.read ? 'read' : 'none';
export const parseAccessMode = (s: string): AccessMode | undefined =>
  ({ none: 0, read: 1, write: 2, admin: 3, owner: 4 })[s as 'read'] as AccessMode | undefined;

export interface RepoPermission {
  /** The highest mode over all units (Gitea's Permission.AccessMode for callers that need one number). */
  readonly mode: AccessMode;
  readonly units: Readonly<Record<Unit, AccessMode>>;
  /** Signed in (anonymous users never write or participate). */
  readonly signedIn: boolean;
  /** Why the user has access, for the access page: owner, admin, collaborator, team, public. */
  readonly via: { siteAdmin: boolean; owner: boolean; collaborator: AccessMode; teams: number[]; public: boolean };
  unitMode(unit: UnitOrSettings): AccessMode;
  /** Any unit readable: the repository exists for this user (else 404). */
  canReadAny(): boolean;
  canRead(unit: UnitOrSettings): boolean;
  canWrite(unit: UnitOrSettings): boolean;
  canAdmin(): boolean;
  isOwner(): boolean;
  /** May comment and react: signed in and can read the issues (or pulls) unit. */
  canParticipate(unit?: 'issues' | 'pulls'): boolean;
  /** Issues or pull requests unit by the issue's is_pull flag (Gitea's CanWriteIssuesOrPulls). */
  canWriteIssuesOrPulls(isPull: boolean | number): boolean;
  canReadIssuesOrPulls(isPull: boolean | number): boolean;
}

const allUnits = (m: AccessMode): Record<Unit, AccessMode> => ({ code: m, issues: m, pulls: m, releases: m, wiki: m });

export function makePermission(units: Record<Unit, AccessMode>, signedIn: boolean, via: RepoPermission['via'], overall?: AccessMode): RepoPermission {
  const mode = (overall ?? Math.max(...UNITS.map((u) => units[u]))) as AccessMode;
  const unitMode = (unit: UnitOrSettings): AccessMode => (unit === 'settings' ? (mode >= Access.admin ? mode : Access.none) : units[unit]);
  const p: RepoPermission = {
    mode,
    units,
    signedIn,
    via,
    unitMode,
    canReadAny: () => mode >= Access.read,
    canRead: (unit) => unitMode(unit) >= Access.read,
    canWrite: (unit) => signedIn && unitMode(unit) >= Access.write,
    canAdmin: () => signedIn && mode >= Access.admin,
    isOwner: () => signedIn && mode >= Access.owner,
    canParticipate: (unit) => signedIn && (unit ? units[unit] >= Access.read : units.issues >= Access.read || units.pulls >= Access.read),
    canWriteIssuesOrPulls: (isPull) => p.canWrite(isPull ? 'pulls' : 'issues'),
    canReadIssuesOrPulls: (isPull) => p.canRead(isPull ? 'pulls' : 'issues'),
  };
  return p;
}

const noVia = (): RepoPermission['via'] => ({ siteAdmin: false, owner: false, collaborator: Access.none, teams: [], public: false });
export const noPermission = (signedIn = false) => makePermission(allUnits(Access.none), signedIn, noVia());
/** Full access, for code paths that act as the owner (the demo seed, system jobs). */
export const ownerPermission = () => makePermission(allUnits(Access.owner), true, { ...noVia(), owner: true });

export async function isOrgMember(db: Db, orgId: number, uid: number): Promise<boolean> {
  return isOrgMemberRow(db, orgId, uid);
}

/**
 * Gitea's HasOrgOrUserVisible: may `viewer` see that `owner` (a user or organization) exists and
 * so its public repositories? Anonymous: public owners only; admins and the owner itself: always;
 * a private owner or a restricted viewer: members of the organization only.
 */
export async function ownerVisibleTo(db: Db, owner: UserRow, viewer: UserRow | null): Promise<boolean> {
  if (!viewer) return owner.visibility === 'public';
  if (viewer.is_admin === 1 || viewer.id === owner.id) return true;
  if (owner.visibility === 'private' || viewer.restricted === 1) return isOrgMember(db, owner.id, viewer.id);
  return true;
}

/**
 * What `user` may do in `repo`, per unit. `owner` is the repository's owner row when the caller
 * already has it (saves a query).
 */
/**
 * What `user` may do in `repo`, unit by unit. A unit the repository has turned off (has_issues,
 * has_pull_requests, has_wiki, has_releases false) gives no access to anyone, as in Gitea, where a
 * disabled unit is missing from the repository; the overall mode (settings, admin) is kept.
 */
export async function repoPermission(db: Db, user: UserRow | null, repo: RepoRow, owner?: UserRow, known?: { collab: AccessMode }): Promise<RepoPermission> {
  const p = await grantedPermission(db, user, repo, owner, known);
  const off = UNITS.filter((u) => !unitEnabled(repo, u));
  if (!off.length) return p;
  const units = { ...p.units };
  for (const unit of off) units[unit] = Access.none;
  return makePermission(units, p.signedIn, p.via, p.mode);
}

/**
 * repoPermission for every repository of a list (search results, a user's repositories): the
 * user's collaborations on all of them in one query instead of one per repository.
 */
export async function repoPermissions(db: Db, user: UserRow | null, list: { repo: RepoRow; owner: UserRow }[]): Promise<RepoPermission[]> {
  const collabs = new Map<number, AccessMode>();
  if (user && list.length) {
    const rows = await listCollaborationModes(
      db,
      user.id,
      list.map((x) => x.repo.id),
    );
    for (const r of rows) collabs.set(r.repo_id, r.mode as AccessMode);
  }
  return Promise.all(list.map(({ repo, owner }) => repoPermission(db, user, repo, owner, { collab: collabs.get(repo.id) ?? Access.none })));
}

/** Whether the repository has this unit turned on (code always is). */
export function unitEnabled(repo: Pick<RepoRow, 'has_issues' | 'has_pull_requests' | 'has_wiki' | 'has_releases'>, unit: Unit): boolean {
  if (unit === 'issues') return repo.has_issues !== 0;
  if (unit === 'pulls') return repo.has_pull_requests !== 0;
  if (unit === 'wiki') return repo.has_wiki !== 0;
  if (unit === 'releases') return repo.has_releases !== 0;
  return true;
}

/** What the grants (ownership, admin, visibility, collaboration, teams) give, before disabled units. */
async function grantedPermission(db: Db, user: UserRow | null, repo: RepoRow, owner?: UserRow, known?: { collab: AccessMode }): Promise<RepoPermission> {
  const via = noVia();
  if (!user && repo.is_private === 1) return noPermission();
  const own = owner && owner.id === repo.owner_id ? owner : await findUserById(db, repo.owner_id);
  if (!own) return noPermission(!!user);

  const collab = !user ? Access.none : known ? known.collab : (((await findCollaborationMode(db, repo.id, user.id)) ?? 0) as AccessMode);
  via.collaborator = collab;
  // Strangers may not reach the public repositories of a private or limited owner; its
  // collaborators still may.
  if (!(await ownerVisibleTo(db, own, user)) && collab < Access.read) return noPermission(!!user);

  if (!user) return makePermission(allUnits(Access.read), false, { ...via, public: true });
  if (user.is_admin === 1) return makePermission(allUnits(Access.owner), true, { ...via, siteAdmin: true });
  if (user.id === repo.owner_id) return makePermission(allUnits(Access.owner), true, { ...via, owner: true });

  const isOrg = own.type === 1;
  // A public repository is readable by every signed-in user; a restricted user only reads the
  // public repositories of public users (Gitea's accessLevel and the org minAccessMode).
  const publicRead = repo.is_private === 0 && (user.restricted !== 1 || (!isOrg && own.visibility === 'public'));
  const minMode: AccessMode = publicRead ? Access.read : Access.none;
  via.public = publicRead;
  const base = Math.max(minMode, collab) as AccessMode;
  if (!isOrg) return makePermission(allUnits(base), true, via);

  const teams = await listUserRepoTeams(db, repo, user.id);
  via.teams = teams.map((t) => t.id);
  if (teams.length === 0) return makePermission(allUnits(base), true, via);
  // A team with admin access (the Owners team) makes its members owners of the repository.
  if (teams.some((t) => t.authorize >= Access.admin)) return makePermission(allUnits(Access.owner), true, via);
  // An admin collaborator is admin of every unit whatever the teams say.
  if (collab >= Access.admin) return makePermission(allUnits(collab), true, via);

  const units = allUnits(base);
  const rows = await listTeamsUnitModes(
    db,
    teams.map((t) => t.id),
  );
  for (const r of rows) {
    const unit = unitOfType(r.type);
    if (unit) units[unit] = Math.max(units[unit], Math.min(r.access_mode, Access.write)) as AccessMode;
  }
  return makePermission(units, true, via);
}

/**
 * The one number the API's repository `permissions` ({admin, push, pull}) is drawn from, as Gitea's
 * ToRepo: admin from the overall mode, push and pull from the code unit.
 */
export const apiRepoMode = (p: RepoPermission): AccessMode => (p.canAdmin() ? p.mode : p.unitMode('code'));

/**
 * Who may be assigned to issues and pull requests (and listed by /assignees): write access to
 * code, issues or pull requests, as Gitea's repository assignee list.
 */
export const isAssignable = (p: RepoPermission) => p.signedIn && (p.canWrite('code') || p.canWrite('issues') || p.canWrite('pulls'));

/** The overall mode (max over units), for callers that need one number. Prefer repoPermission's checks. */
export async function repoAccess(db: Db, user: UserRow | null, repo: RepoRow): Promise<AccessMode> {
  return (await repoPermission(db, user, repo)).mode;
}

/**
 * Gitea's IsUserVisibleToViewer: may `viewer` see the profile (and activity) of `u`? Public: all;
 * limited: signed-in, unrestricted users; private: members of the same organization (or of that
 * organization). Admins and the user itself always.
 */
export async function userVisibleTo(db: Db, u: UserRow, viewer: UserRow | null): Promise<boolean> {
  if (viewer && (viewer.is_admin === 1 || viewer.id === u.id)) return true;
  if (u.visibility === 'public') return true;
  if (!viewer || viewer.restricted === 1) return false;
  if (u.visibility === 'limited') return true;
  return sharesOrganization(db, viewer.id, u.id);
}
