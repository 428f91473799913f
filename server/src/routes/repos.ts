// Repositories: search, create, get (by name and id), edit, delete, generate from a template.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json, jsonBody } from '../api/openapi.ts';
import { RepositorySchema, SearchResultsRepoSchema } from '../api/schemas.ts';
import { toApiRepo } from '../api/convert.ts';
import { toApiRepoWithParent } from '../services/forks.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { CreateRepoSchema, EditRepoSchema, GenerateRepoSchema } from '../api/repo-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { repoDir } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { findRepoById, listOwnersByIds, searchRepos } from '../db/repos.ts';
import { findUserById } from '../db/users.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { afterOrgRepoCreated, canCreateOrgRepo, orgByName, orgVisibleTo } from '../services/orgs.ts';
import { checkRepo, loadRepo } from '../http/repo-context.ts';
import { apiRepoMode, repoPermissions } from '../services/permissions.ts';
import { assertCanCreateFor, createRepository, generateRepository, readableRepo, userByName } from '../services/repos.ts';
import { editRepository } from '../services/repo-edit.ts';
import { deleteRepository } from '../services/repo-delete.ts';
import { copyRepoTopics } from '../services/topics.ts';

export const reposRoutes = createRouter();

/** Repository rows to API objects for the current viewer, loading owners in one query. */
export async function toApiRepos(c: Context<AppEnv>, rows: RepoRow[]) {
  const { db } = c.var.deps;
  const viewer = c.var.user;
  const ownerIds = [...new Set(rows.map((r) => r.owner_id))];
  const owners = ownerIds.length ? await listOwnersByIds(db, ownerIds) : [];
  const byId = new Map(owners.map((u) => [u.id, u]));
  // The viewer's access to all of them at once; a fork also shows its parent (services/forks.ts).
  const perms = await repoPermissions(
    db,
    viewer,
    rows.map((r) => ({ repo: r, owner: byId.get(r.owner_id)! })),
  );
  return Promise.all(rows.map((r, i) => toApiRepoWithParent(c.var.deps, r, byId.get(r.owner_id)!, viewer, perms[i])));
}

async function apiRepo(c: Context<AppEnv>, repo: RepoRow, owner: UserRow) {
  return toApiRepoWithParent(c.var.deps, repo, owner, c.var.user);
}

// ---- search ----

const SORTS = {
  alpha: 'lower_name',
  created: 'created_unix',
  updated: 'updated_unix',
  size: 'size',
  git_size: 'size',
  lfs_size: 'size',
  stars: 'num_stars',
  forks: 'num_forks',
  id: 'id',
} as const;

const SearchQuery = z.object({
  q: z.string().optional().openapi({ description: 'keyword' }),
  topic: zQueryBool.optional().openapi({ description: 'Limit search to repositories with keyword as topic' }),
  includeDesc: zQueryBool.optional().openapi({ description: 'include search of keyword within repository description' }),
  uid: z.coerce.number().int().optional().openapi({ description: 'search only for repos that the user with the given id owns or contributes to' }),
  priority_owner_id: z.coerce.number().int().optional(),
  team_id: z.coerce.number().int().optional(),
  starredBy: z.coerce.number().int().optional(),
  private: zQueryBool.optional().openapi({ description: 'include private repositories this user has access to (defaults to true)' }),
  is_private: zQueryBool.optional().openapi({ description: 'show only pubic, private or all repositories (defaults to all)' }),
  template: zQueryBool.optional().openapi({ description: 'include template repositories this user has access to (defaults to true)' }),
  archived: zQueryBool.optional().openapi({ description: 'show only archived, non-archived or all repositories (defaults to all)' }),
  mode: z.string().optional().openapi({ description: 'type of repository to search for. Supported values are "fork", "source", "mirror" and "collaborative"' }),
  exclusive: zQueryBool.optional().openapi({ description: 'if `uid` is given, search only for repos that the user owns' }),
  sort: z.string().optional().openapi({
    description:
      'sort repos by attribute. Supported values are "alpha", "created", "updated", "size", "git_size", "lfs_size", "stars", "forks" and "id". Default is "alpha"',
  }),
  order: z
    .string()
    .optional()
    .openapi({ description: 'sort order, either "asc" (ascending) or "desc" (descending). Default is "asc", ignored if "sort" is not specified.' }),
  page: zPage,
  limit: zLimit,
});

reposRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/search',
    operationId: 'repoSearch',
    tags: ['repository'],
    summary: 'Search for repositories',
    request: { query: SearchQuery },
    responses: { 200: json(SearchResultsRepoSchema, 'SearchResults'), ...errorResponses(422) },
  }),
  async (c) => {
    const q = c.req.valid('query');
    const p = paging(q);
    const { db } = c.var.deps;
    const sort = q.sort || 'alpha';
    const order = q.order || 'asc';
    if (!(sort in SORTS)) throw unprocessable(`Invalid sort mode: "${sort}"`);
    if (order !== 'asc' && order !== 'desc') throw unprocessable(`Invalid sort order: "${order}"`);
    if (q.mode && !['fork', 'source', 'mirror', 'collaborative'].includes(q.mode)) throw unprocessable(`Invalid search mode: "${q.mode}"`);

    const { total, rows } = await searchRepos(
      db,
      readableRepo(c.var.user),
      { ...q, includePrivate: !!c.var.user && q.private !== false, sort: SORTS[sort as keyof typeof SORTS], order },
      p.limit,
      p.offset,
    );
    setPageHeaders(c, total, p);
    return c.json({ ok: true, data: await toApiRepos(c, rows) }, 200);
  },
);

// ---- create ----

reposRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/repos',
    operationId: 'createCurrentUserRepo',
    tags: ['repository', 'user'],
    summary: 'Create a repository',
    request: { body: jsonBody(CreateRepoSchema) },
    responses: { 201: json(RepositorySchema, 'Repository'), ...errorResponses(400, 401, 409, 422) },
  }),
  async (c) => {
    const user = requireUser(c);
    const row = await createRepository(c.var.deps, user, user, c.req.valid('json'));
    return c.json(await apiRepo(c, row, user), 201);
  },
);

// GET /user/repos, as Gitea's ListMyRepos: what the caller owns or reaches through collaborations,
// teams and organizations, private ones included, by name.
reposRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/repos',
    operationId: 'userCurrentListRepos',
    tags: ['user'],
    summary: 'List the repos that the authenticated user owns',
    request: { query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(RepositorySchema), 'RepositoryList'), ...errorResponses(401) },
  }),
  async (c) => {
    const user = requireUser(c);
    const p = paging(c.req.valid('query'));
    const search = { uid: user.id, includePrivate: true, sort: 'lower_name', order: 'asc' } as const;
    const { total, rows } = await searchRepos(c.var.deps.db, readableRepo(user), search, p.limit, p.offset);
    setPageHeaders(c, total, p);
    return c.json(await toApiRepos(c, rows), 200);
  },
);

// POST /orgs/{org}/repos: owners and members of a team with can_create_org_repo (or site admins), as Gitea's CreateOrgRepo.
reposRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orgs/{org}/repos',
    operationId: 'createOrgRepo',
    tags: ['organization'],
    summary: 'Create a repository in an organization',
    request: { params: z.object({ org: z.string() }), body: jsonBody(CreateRepoSchema) },
    responses: { 201: json(RepositorySchema, 'Repository'), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const org = await orgByName(db, c.req.valid('param').org);
    if (!org) throw unprocessable(`org does not exist [name: ${c.req.valid('param').org}]`);
    if (!(await orgVisibleTo(db, org, user))) throw notFound();
    if (!user.is_admin && !(await canCreateOrgRepo(db, org.id, user.id))) throw forbidden('Given user is not allowed to create repository in organization.');
    const row = await createRepository(c.var.deps, user, org, c.req.valid('json'));
    await afterOrgRepoCreated(db, org, row, user);
    return c.json(await apiRepo(c, row, org), 201);
  },
);

// ---- get ----

reposRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}',
    operationId: 'repoGet',
    tags: ['repository'],
    summary: 'Get a repository',
    request: { params: RepoParams },
    responses: { 200: json(RepositorySchema, 'Repository'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    return c.json(await toApiRepoWithParent(c.var.deps, rc.repo, rc.owner, c.var.user, rc.perm), 200);
  },
);

reposRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repositories/{id}',
    operationId: 'repoGetByID',
    tags: ['repository'],
    summary: 'Get a repository by id',
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .openapi({ param: { name: 'id', in: 'path', required: true }, type: 'integer' }),
      }),
    },
    responses: { 200: json(RepositorySchema, 'Repository'), ...errorResponses(404) },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const repo = await findRepoById(db, id);
    const owner = repo && (await findUserById(db, repo.owner_id));
    if (!repo || !owner) throw notFound();
    const rc = await checkRepo(c, { repo, owner, dir: repoDir(config, owner.name, repo.name) }, 'read');
    return c.json(await toApiRepoWithParent(c.var.deps, rc.repo, rc.owner, c.var.user, rc.perm), 200);
  },
);

// ---- edit ----

reposRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}',
    operationId: 'repoEdit',
    tags: ['repository'],
    summary: "Edit a repository's properties. Only fields that are set will be changed.",
    request: { params: RepoParams, body: jsonBody(EditRepoSchema) },
    responses: { 200: json(RepositorySchema, 'Repository'), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const row = await editRepository(c.var.deps, requireUser(c), rc.owner, rc.repo, c.req.valid('json'));
    return c.json(toApiRepo(row, rc.owner, apiRepoMode(rc.perm), c.var.deps.config, c.var.user), 200);
  },
);

// ---- delete ----

reposRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}',
    operationId: 'repoDelete',
    tags: ['repository'],
    summary: 'Delete a repository',
    request: { params: RepoParams },
    responses: { 204: { description: 'APIEmpty' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    await deleteRepository(c.var.deps, rc.owner, rc.repo);
    return c.body(null, 204);
  },
);

// ---- generate from a template ----

reposRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{template_owner}/{template_repo}/generate',
    operationId: 'generateRepo',
    tags: ['repository'],
    summary: 'Create a repository using a template',
    request: { params: z.object({ template_owner: z.string(), template_repo: z.string() }), body: jsonBody(GenerateRepoSchema) },
    responses: { 201: json(RepositorySchema, 'Repository'), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { template_owner, template_repo } = c.req.valid('param');
    const tpl = await loadRepo(c, template_owner, template_repo, 'read');
    const form = c.req.valid('json');
    if (tpl.repo.is_template !== 1) throw unprocessable(`${tpl.owner.name}/${tpl.repo.name} is not a template repo`);
    const owner = form.owner && form.owner.toLowerCase() !== doer.lower_name ? await userByName(c.var.deps.db, form.owner) : doer;
    assertCanCreateFor(doer, owner);
    const row = await generateRepository(c.var.deps, doer, owner, tpl.repo, tpl.owner, {
      name: form.name,
      description: form.description,
      private: form.private,
      default_branch: form.default_branch,
      git_content: form.git_content ?? true,
    });
    // The template's topics come along unless asked not to (the spec's default is true).
    if (form.topics !== false) await copyRepoTopics(c.var.deps.db, tpl.repo, row.id);
    const created = (await findRepoById(c.var.deps.db, row.id)) ?? row;
    return c.json(await apiRepo(c, created, owner), 201);
  },
);
