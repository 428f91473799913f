// The organization or team a request names, with Gitea's access middlewares: orgAssignment,
// reqOrgOwnership, reqOrgMembership and reqTeamMembership.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import { findUserByIdOrThrow } from '../db/users.ts';
import { findTeamById } from '../db/teams.ts';
import { requireUser } from '../auth/middleware.ts';
import { forbidden, notFound } from '../errors.ts';
import { isOrgMember, isOrgOwner, orgByName, orgVisibleTo } from '../services/orgs.ts';
import { isTeamMember } from '../services/teams.ts';

/** A visible organization by name, or 404 (private ones to non-members); writes want a signed-in caller first. */
export async function loadOrg(c: Context<AppEnv>, name: string): Promise<UserRow> {
  const { db } = c.var.deps;
  // Every organization write carries Gitea's reqToken, which answers an anonymous caller 401 on
  // any organization that exists. Asking for it before the lookup keeps that answer and tells
  // nothing: a private organization and a missing one answer the same.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') requireUser(c);
  const org = await orgByName(db, name);
  if (!org || !(await orgVisibleTo(db, org, c.var.user))) throw notFound();
  return org;
}

/** Gitea's reqOrgOwnership on an organization route: site admins and owners; others 403. */
export async function requireOrgOwner(c: Context<AppEnv>, org: UserRow): Promise<UserRow> {
  const user = requireUser(c);
  if (user.is_admin !== 1 && !(await isOrgOwner(c.var.deps.db, org.id, user.id))) throw forbidden('Must be an organization owner');
  return user;
}

/** Gitea's reqOrgMembership on an organization route: site admins and members; others 403. */
export async function requireOrgMember(c: Context<AppEnv>, org: UserRow): Promise<UserRow> {
  const user = requireUser(c);
  if (user.is_admin !== 1 && !(await isOrgMember(c.var.deps.db, org.id, user.id))) throw forbidden('Must be an organization member');
  return user;
}

export interface TeamContext {
  team: TeamRow;
  org: UserRow;
  user: UserRow;
  isOwner: boolean;
}

/**
 * Gitea's orgAssignment(team) + reqToken + reqTeamMembership: site admins, owners and the team's
 * members pass; other organization members get 403, everyone else 404.
 */
export async function loadTeam(c: Context<AppEnv>, id: number): Promise<TeamContext> {
  const user = requireUser(c);
  const { db } = c.var.deps;
  const team = await findTeamById(db, id);
  if (!team) throw notFound();
  const org = await findUserByIdOrThrow(db, team.org_id);
  const isOwner = await isOrgOwner(db, org.id, user.id);
  if (user.is_admin !== 1 && !isOwner && !(await isTeamMember(db, team.id, user.id))) {
    if (await isOrgMember(db, org.id, user.id)) throw forbidden('Must be a team member');
    throw notFound();
  }
  return { team, org, user, isOwner };
}

/** reqOrgOwnership on a team route: without the organization in the path, non-owners get 404. */
export function requireTeamOwner(tc: TeamContext): void {
  if (tc.user.is_admin !== 1 && !tc.isOwner) throw notFound();
}
