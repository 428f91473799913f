// A team's members and repositories (Gitea's /teams/{id}/members and /teams/{id}/repos), and the
// path and paging pieces the team routes share. Merged into teamsRoutes in its place (teams.ts).
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, json } from '../api/openapi.ts';
import { RepositorySchema, UserSchema } from '../api/schemas.ts';
import { toApiRepo, toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { PageQuery } from '../api/params.ts';
import type { Db } from '../db/types.ts';
import { findIndividualByName } from '../db/users.ts';
import { findOrgRepoByName, listTeamMembersPage, listTeamReposPage } from '../db/teams.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { type TeamContext, loadTeam, requireTeamOwner } from '../http/org-context.ts';
import { apiRepoMode, repoAccess, repoPermission } from '../services/permissions.ts';
import { addRepoToTeam, addTeamMember, hasTeamRepo, isTeamMember, removeRepoFromTeam, removeTeamMember } from '../services/teams.ts';
import { toApiRepos } from './repos.ts';

export const teamMembersRoutes = createRouter();

/** Gitea's empty 204 answer of an add or remove, with the errors the route can give. */
export const apiEmpty = (...errors: number[]) => ({ 204: { description: 'APIEmpty' }, ...errorResponses(...errors) });
const zId = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'id', in: 'path', required: true }, type: 'integer' });
export const TeamParam = z.object({ id: zId });
/** The request and responses of a page of a team's members or repositories. */
const teamPageOf = <T extends z.ZodTypeAny>(item: T, listName: string) => ({
  request: { params: TeamParam, query: PageQuery },
  responses: { 200: json(z.array(item), listName), ...errorResponses(401, 403, 404) },
});

async function userOr404(db: Db, name: string): Promise<UserRow> {
  const u = await findIndividualByName(db, name);
  if (!u) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}

// ---- members ----

teamMembersRoutes.openapi(
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
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listTeamMembersPage(db, tc.team.id, p);
    setPageHeaders(c, total, p);
    return c.json(
      rows.map((u) => toApiUser(u, config, tc.user)),
      200,
    );
  },
);

const TeamUserParams = z.object({ id: zId, username: z.string() });

teamMembersRoutes.openapi(
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
  teamMembersRoutes.openapi(
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

teamMembersRoutes.openapi(
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
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listTeamReposPage(c.var.deps.db, tc.team.id, p);
    setPageHeaders(c, total, p);
    return c.json(await toApiRepos(c, rows), 200);
  },
);

const TeamRepoParams = z.object({ id: zId, org: z.string(), repo: z.string() });

/** The team's organization's repository by name (Gitea ignores {org} and looks in the team's organization). */
async function teamOrgRepo(db: Db, tc: TeamContext, name: string) {
  const repo = await findOrgRepoByName(db, tc.org.id, name);
  if (!repo) throw notFound();
  return repo;
}

teamMembersRoutes.openapi(
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
  teamMembersRoutes.openapi(
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
