// Teams (Gitea's /orgs/{org}/teams and /teams/{id} API): list, search, create, get, edit, delete,
// members and repositories, and the caller's teams. Access as Gitea's reqTeamMembership /
// reqOrgOwnership / reqOrgMembership middlewares.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json, jsonBody } from '../api/openapi.ts';
import { RepositorySchema, UserSchema } from '../api/schemas.ts';
import { toApiRepo, toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../errors.ts';
import { apiRepoMode, repoAccess, repoPermission } from '../services/permissions.ts';
import { loadRepo } from '../http/repo-context.ts';
import { isOrgMember, isOrgOwner, repoAdminChangeTeamAccess } from '../services/orgs.ts';
import {
  MODE_NAMES,
  addRepoToTeam,
  addTeamMember,
  createTeam,
  deleteTeam,
  editTeam,
  hasTeamRepo,
  isTeamMember,
  removeRepoFromTeam,
  removeTeamMember,
  teamUnits,
} from '../services/teams.ts';
import { OrganizationSchema, loadOrg, requireOrgMember, requireOrgOwner, toApiOrg } from './orgs.ts';
import { toApiRepos } from './repos.ts';

export const teamsRoutes = createRouter();

/** Gitea's empty 204 answer of an add or remove, with the errors the route can give. */
const apiEmpty = (...errors: number[]) => ({ 204: { description: 'APIEmpty' }, ...errorResponses(...errors) });
const PageQuery = z.object({ page: zPage, limit: zLimit });
const zId = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'id', in: 'path', required: true }, type: 'integer' });
const TeamParam = z.object({ id: zId });
/** The request and responses of a page of a team's members or repositories. */
const teamPageOf = <T extends z.ZodTypeAny>(item: T, listName: string) => ({
  request: { params: TeamParam, query: PageQuery },
  responses: { 200: json(z.array(item), listName), ...errorResponses(401, 403, 404) },
});

const PermissionEnum = z.enum(['none', 'read', 'write', 'admin', 'owner']);

export const TeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    organization: z.union([OrganizationSchema, z.null()]),
    includes_all_repositories: z.boolean(),
    permission: PermissionEnum,
    units: z.array(z.string()).openapi({ example: ['repo.code', 'repo.issues'] }),
    units_map: z.record(z.string(), z.string()).openapi({ example: { 'repo.code': 'read', 'repo.issues': 'write' } }),
    can_create_org_repo: z.boolean(),
  })
  .openapi('Team');

const UnitsMapInput = z.record(z.string(), z.enum(['none', 'read', 'write', 'admin'])).openapi({ example: { 'repo.code': 'read', 'repo.issues': 'write' } });
const CreateTeamSchema = z
  .object({
    name: z.string().min(1).max(255),
    description: z.string().max(255).optional(),
    includes_all_repositories: z.boolean().optional(),
    permission: z.enum(['read', 'write', 'admin']).optional(),
    units: z.array(z.string()).optional().openapi({ deprecated: true, description: 'Use units_map' }),
    units_map: UnitsMapInput.optional(),
    can_create_org_repo: z.boolean().optional(),
  })
  .openapi('CreateTeamOption');
const EditTeamSchema = z
  .object({
    name: z.string().max(255).optional(),
    description: z.string().max(255).optional(),
    includes_all_repositories: z.boolean().optional(),
    permission: z.enum(['read', 'write', 'admin']).optional(),
    units: z.array(z.string()).optional().openapi({ deprecated: true, description: 'Use units_map' }),
    units_map: UnitsMapInput.optional(),
    can_create_org_repo: z.boolean().optional(),
  })
  .openapi('EditTeamOption');

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

async function toApiTeams(db: Db, teams: TeamRow[], config: Config) {
  const orgIds = [...new Set(teams.map((t) => t.org_id))];
  const orgs = orgIds.length ? await db.selectFrom('user').selectAll().where('id', 'in', orgIds).execute() : [];
  const byId = new Map(orgs.map((o) => [o.id, o]));
  return Promise.all(teams.map((t) => toApiTeam(db, t, byId.get(t.org_id) ?? null, config)));
}

interface TeamContext {
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
  const team = await db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirst();
  if (!team) throw notFound();
  const org = await db.selectFrom('user').selectAll().where('id', '=', team.org_id).executeTakeFirstOrThrow();
  const isOwner = await isOrgOwner(db, org.id, user.id);
  if (user.is_admin !== 1 && !isOwner && !(await isTeamMember(db, team.id, user.id))) {
    if (await isOrgMember(db, org.id, user.id)) throw forbidden('Must be a team member');
    throw notFound();
  }
  return { team, org, user, isOwner };
}

/** One page of a list query: its total for Gitea's X-Total-Count and Link headers, then the rows `select` reads from it. */
async function onePage<DB, TB extends keyof DB, R>(
  c: Context<AppEnv>,
  q: SelectQueryBuilder<DB, TB, object>,
  query: { page?: number; limit?: number },
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
): Promise<R[]> {
  const p = paging(query);
  // Through the generic builder TypeScript cannot see the selected column, so it is named here.
  const { n } = (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = await select(q).limit(p.limit).offset(p.offset).execute();
  setPageHeaders(c, Number(n), p);
  return rows;
}

/** reqOrgOwnership on a team route: without the organization in the path, non-owners get 404. */
function requireTeamOwner(tc: TeamContext): void {
  if (tc.user.is_admin !== 1 && !tc.isOwner) throw notFound();
}

async function userOr404(db: Db, name: string): Promise<UserRow> {
  const u = await db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).where('type', '=', 0).executeTakeFirst();
  if (!u) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}

// ---- an organization's teams ----

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/teams',
    operationId: 'orgListTeams',
    tags: ['organization'],
    summary: "List an organization's teams (members only)",
    request: { params: z.object({ org: z.string() }), query: PageQuery },
    responses: { 200: json(z.array(TeamSchema), 'TeamList'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgMember(c, org);
    const { db, config } = c.var.deps;
    const q = db.selectFrom('team').where('org_id', '=', org.id);
    const rows = await onePage(c, q, c.req.valid('query'), (page) => page.selectAll().orderBy('lower_name'));
    return c.json(await toApiTeams(db, rows, config), 200);
  },
);

const TeamSearchSchema = z.object({ ok: z.boolean(), data: z.array(TeamSchema) }).openapi('TeamSearchResults');

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/teams/search',
    operationId: 'teamSearch',
    tags: ['organization'],
    summary: 'Search for teams within an organization',
    request: {
      params: z.object({ org: z.string() }),
      query: z.object({
        q: z.string().optional(),
        include_desc: zQueryBool.optional().openapi({ description: 'include search within team description (defaults to true)' }),
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(TeamSearchSchema, 'SearchResults of a successful search'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgMember(c, org);
    const query = c.req.valid('query');
    const { db, config } = c.var.deps;
    let q = db.selectFrom('team').where('org_id', '=', org.id);
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      q = q.where((eb) => {
        const terms = [sql<SqlBool>`${eb.ref('lower_name')} like ${like} escape '\\'`];
        if (query.include_desc !== false) terms.push(sql<SqlBool>`lower(${eb.ref('description')}) like ${like} escape '\\'`);
        return eb.or(terms);
      });
    }
    const rows = await onePage(c, q, query, (page) => page.selectAll().orderBy('lower_name'));
    return c.json({ ok: true, data: await toApiTeams(db, rows, config) }, 200);
  },
);

teamsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orgs/{org}/teams',
    operationId: 'orgCreateTeam',
    tags: ['organization'],
    summary: 'Create a team (owners only)',
    request: { params: z.object({ org: z.string() }), body: jsonBody(CreateTeamSchema) },
    responses: { 201: json(TeamSchema, 'Team'), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgMember(c, org);
    await requireOrgOwner(c, org);
    const { db, config } = c.var.deps;
    const team = await createTeam(db, org.id, c.req.valid('json'));
    return c.json(await toApiTeam(db, team, org, config), 201);
  },
);

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/teams',
    operationId: 'userListTeams',
    tags: ['user'],
    summary: 'List all the teams a user belongs to',
    request: { query: PageQuery },
    responses: { 200: json(z.array(TeamSchema), 'TeamList'), ...errorResponses(401) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { db, config } = c.var.deps;
    const q = db.selectFrom('team').innerJoin('team_user', 'team_user.team_id', 'team.id').where('team_user.uid', '=', user.id);
    const rows = await onePage(c, q, c.req.valid('query'), (page) => page.selectAll('team').orderBy('team.org_id').orderBy('team.lower_name'));
    return c.json(await toApiTeams(db, rows, config), 200);
  },
);

// ---- one team ----

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}',
    operationId: 'orgGetTeam',
    tags: ['organization'],
    summary: 'Get a team',
    request: { params: TeamParam },
    responses: { 200: json(TeamSchema, 'Team'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    return c.json(await toApiTeam(c.var.deps.db, tc.team, tc.org, c.var.deps.config), 200);
  },
);

teamsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/teams/{id}',
    operationId: 'orgEditTeam',
    tags: ['organization'],
    summary: 'Edit a team (owners only)',
    request: { params: TeamParam, body: jsonBody(EditTeamSchema) },
    responses: { 200: json(TeamSchema, 'Team'), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    requireTeamOwner(tc);
    const { db, config } = c.var.deps;
    const team = await editTeam(db, tc.team, c.req.valid('json'));
    return c.json(await toApiTeam(db, team, tc.org, config), 200);
  },
);

teamsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/teams/{id}',
    operationId: 'orgDeleteTeam',
    tags: ['organization'],
    summary: 'Delete a team (owners only; the Owners team cannot be deleted)',
    request: { params: TeamParam },
    responses: { 204: { description: 'team deleted' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    requireTeamOwner(tc);
    await deleteTeam(c.var.deps.db, tc.team);
    return c.body(null, 204);
  },
);

// ---- members ----

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}/members',
    operationId: 'orgListTeamMembers',
    tags: ['organization'],
    summary: "List a team's members",
    ...teamPageOf(UserSchema, 'UserList'),
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    const { db, config } = c.var.deps;
    const q = db.selectFrom('team_user').innerJoin('user', 'user.id', 'team_user.uid').where('team_user.team_id', '=', tc.team.id);
    const rows = await onePage(c, q, c.req.valid('query'), (page) => page.selectAll('user').orderBy('user.lower_name'));
    return c.json(
      rows.map((u) => toApiUser(u, config, tc.user)),
      200,
    );
  },
);

const TeamUserParams = z.object({ id: zId, username: z.string() });

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}/members/{username}',
    operationId: 'orgListTeamMember',
    tags: ['organization'],
    summary: 'A particular member of a team (404 when not a member)',
    request: { params: TeamUserParams },
    responses: { 200: json(UserSchema, 'User'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { id, username } = c.req.valid('param');
    const tc = await loadTeam(c, id);
    const { db, config } = c.var.deps;
    const u = await userOr404(db, username);
    if (!(await isTeamMember(db, tc.team.id, u.id))) throw notFound();
    return c.json(toApiUser(u, config, tc.user), 200);
  },
);

for (const [method, add] of [
  ['put', true],
  ['delete', false],
] as const) {
  teamsRoutes.openapi(
    createRoute({
      method,
      path: '/teams/{id}/members/{username}',
      operationId: add ? 'orgAddTeamMember' : 'orgRemoveTeamMember',
      tags: ['organization'],
      summary: add ? 'Add a team member (owners only)' : 'Remove a team member (owners only; the Owners team keeps its last member)',
      request: { params: TeamUserParams },
      responses: apiEmpty(401, 403, 404, 422),
    }),
    async (c) => {
      const { id, username } = c.req.valid('param');
      const tc = await loadTeam(c, id);
      requireTeamOwner(tc);
      const { db } = c.var.deps;
      const u = await userOr404(db, username);
      if (add) await addTeamMember(db, tc.team, u.id);
      else await removeTeamMember(db, tc.team, u.id);
      return c.body(null, 204);
    },
  );
}

// ---- repositories ----

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}/repos',
    operationId: 'orgListTeamRepos',
    tags: ['organization'],
    summary: "List a team's repos",
    ...teamPageOf(RepositorySchema, 'RepositoryList'),
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    const q = c.var.deps.db.selectFrom('team_repo').innerJoin('repository', 'repository.id', 'team_repo.repo_id').where('team_repo.team_id', '=', tc.team.id);
    const rows = await onePage(c, q, c.req.valid('query'), (page) => page.selectAll('repository').orderBy('repository.lower_name'));
    return c.json(await toApiRepos(c, rows), 200);
  },
);

const TeamRepoParams = z.object({ id: zId, org: z.string(), repo: z.string() });

/** The team's organization's repository by name (Gitea ignores {org} and looks in the team's organization). */
async function teamOrgRepo(db: Db, tc: TeamContext, name: string) {
  const repo = await db.selectFrom('repository').selectAll().where('owner_id', '=', tc.org.id).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (!repo) throw notFound();
  return repo;
}

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}/repos/{org}/{repo}',
    operationId: 'orgListTeamRepo',
    tags: ['organization'],
    summary: 'A particular repo of a team (404 when the team does not have it)',
    request: { params: TeamRepoParams },
    responses: { 200: json(RepositorySchema, 'Repository'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { id, repo: repoName } = c.req.valid('param');
    const tc = await loadTeam(c, id);
    const { db, config } = c.var.deps;
    const repo = await teamOrgRepo(db, tc, repoName);
    if (!(await hasTeamRepo(db, tc.team.id, repo.id))) throw notFound();
    return c.json(toApiRepo(repo, tc.org, apiRepoMode(await repoPermission(db, tc.user, repo, tc.org)), config, tc.user), 200);
  },
);

for (const [method, add] of [
  ['put', true],
  ['delete', false],
] as const) {
  teamsRoutes.openapi(
    createRoute({
      method,
      path: '/teams/{id}/repos/{org}/{repo}',
      operationId: add ? 'orgAddTeamRepository' : 'orgRemoveTeamRepository',
      tags: ['organization'],
      summary: add ? 'Add a repository to a team' : 'Remove a repository from a team (the repository itself stays)',
      description: 'Needs admin access to the repository.',
      request: { params: TeamRepoParams },
      responses: apiEmpty(401, 403, 404),
    }),
    async (c) => {
      const { id, repo: repoName } = c.req.valid('param');
      const tc = await loadTeam(c, id);
      const { db } = c.var.deps;
      const repo = await teamOrgRepo(db, tc, repoName);
      if ((await repoAccess(db, tc.user, repo)) < 3) throw forbidden('Must have admin-level access to the repository');
      if (add) await db.transaction().execute((trx) => addRepoToTeam(trx, tc.team, repo.id));
      else await removeRepoFromTeam(db, tc.team, repo.id);
      return c.body(null, 204);
    },
  );
}

// ---- a repository's teams (Gitea's /repos/{owner}/{repo}/teams) ----

const RepoParams = z.object({ owner: z.string(), repo: z.string() });

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/teams',
    operationId: 'repoListTeams',
    tags: ['repository'],
    summary: "List a repository's teams",
    request: { params: RepoParams },
    responses: { 200: json(z.array(TeamSchema), 'TeamList'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    const rows = await db
      .selectFrom('team')
      .innerJoin('team_repo', 'team_repo.team_id', 'team.id')
      .selectAll('team')
      .where('team_repo.repo_id', '=', rc.repo.id)
      .orderBy('team.lower_name')
      .execute();
    return c.json(await toApiTeams(db, rows, config), 200);
  },
);

const RepoTeamParams = z.object({ owner: z.string(), repo: z.string(), team: z.string().openapi({ description: 'team name' }) });

/** The organization's team by name; 405 when the repository is not an organization's (Gitea's repo.AddTeam). */
async function repoTeam(db: Db, owner: UserRow, name: string): Promise<TeamRow> {
  if (owner.type !== 1) throw new ApiError(405, 'repo is not owned by an organization');
  const team = await db.selectFrom('team').selectAll().where('org_id', '=', owner.id).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (!team) throw notFound();
  return team;
}

teamsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/teams/{team}',
    operationId: 'repoCheckTeam',
    tags: ['repository'],
    summary: 'Check if a team is assigned to a repository',
    request: { params: RepoTeamParams },
    responses: { 200: json(TeamSchema, 'Team'), ...errorResponses(404, 405) },
  }),
  async (c) => {
    const { owner, repo, team: teamName } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    const team = await repoTeam(db, rc.owner, teamName);
    if (!(await hasTeamRepo(db, team.id, rc.repo.id))) throw notFound();
    return c.json(await toApiTeam(db, team, rc.owner, config), 200);
  },
);

for (const [method, add] of [
  ['put', true],
  ['delete', false],
] as const) {
  teamsRoutes.openapi(
    createRoute({
      method,
      path: '/repos/{owner}/{repo}/teams/{team}',
      operationId: add ? 'repoAddTeam' : 'repoDeleteTeam',
      tags: ['repository'],
      summary: add ? 'Add a team to a repository' : 'Delete a team from a repository',
      description: 'Repository admins when the organization allows it (repo_admin_change_team_access), otherwise its owners.',
      request: { params: RepoTeamParams },
      responses: apiEmpty(401, 403, 404, 405, 422),
    }),
    async (c) => {
      const { owner, repo, team: teamName } = c.req.valid('param');
      const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
      const { db } = c.var.deps;
      const team = await repoTeam(db, rc.owner, teamName);
      const allowed = repoAdminChangeTeamAccess(rc.owner) || rc.mode >= 4;
      if (!allowed) throw forbidden('user is nor repo admin nor owner');
      const has = await hasTeamRepo(db, team.id, rc.repo.id);
      if (add && has) throw unprocessable(`team '${team.name}' is already added to repo`);
      if (!add && !has) throw unprocessable(`team '${team.name}' was not added to repo`);
      if (add) await db.transaction().execute((trx) => addRepoToTeam(trx, team, rc.repo.id));
      else await removeRepoFromTeam(db, team, rc.repo.id);
      return c.body(null, 204);
    },
  );
}
