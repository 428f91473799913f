// Teams (Gitea's /orgs/{org}/teams and /teams/{id} API): list, search, create, get, edit, delete,
// the caller's teams and a repository's teams; members and repositories of a team are in
// team-members.ts, merged here in their place. Access as Gitea's reqTeamMembership /
// reqOrgOwnership / reqOrgMembership middlewares.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json, jsonBody } from '../api/openapi.ts';
import { TeamSchema, CreateTeamSchema, EditTeamSchema, TeamSearchSchema } from '../api/org-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams, PageQuery } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { Db } from '../db/types.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import { findOrgTeamByName, listOrgTeamsPage, listRepoTeams, listUserTeamsPage, searchOrgTeamsPage } from '../db/teams.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { loadOrg, loadTeam, requireOrgMember, requireOrgOwner, requireTeamOwner } from '../http/org-context.ts';
import { repoAdminChangeTeamAccess } from '../services/orgs.ts';
import { addRepoToTeam, createTeam, deleteTeam, editTeam, hasTeamRepo, removeRepoFromTeam, toApiTeam, toApiTeams } from '../services/teams.ts';
import { TeamParam, apiEmpty, teamMembersRoutes } from './team-members.ts';

export const teamsRoutes = createRouter();

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
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listOrgTeamsPage(db, org.id, p);
    setPageHeaders(c, total, p);
    return c.json(await toApiTeams(db, rows, config), 200);
  },
);

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
    const p = paging(query);
    const { total, rows } = await searchOrgTeamsPage(db, org.id, query.q, query.include_desc !== false, p);
    setPageHeaders(c, total, p);
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
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listUserTeamsPage(db, user.id, p);
    setPageHeaders(c, total, p);
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

// ---- members and repositories of a team (team-members.ts) ----

teamsRoutes.route('/', teamMembersRoutes);

// ---- a repository's teams (Gitea's /repos/{owner}/{repo}/teams) ----

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
    const rows = await listRepoTeams(db, rc.repo.id);
    return c.json(await toApiTeams(db, rows, config), 200);
  },
);

const RepoTeamParams = z.object({ owner: z.string(), repo: z.string(), team: z.string().openapi({ description: 'team name' }) });

/** The organization's team by name; 405 when the repository is not an organization's (Gitea's repo.AddTeam). */
async function repoTeam(db: Db, owner: UserRow, name: string): Promise<TeamRow> {
  if (owner.type !== 1) throw new ApiError(405, 'repo is not owned by an organization');
  const team = await findOrgTeamByName(db, owner.id, name);
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
