// Branches: /repos/{owner}/{repo}/branches[/{branch}] (tags are in tags.ts).
import { emitEvent } from '../services/events.ts';
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { createBranch, deleteBranch, getBranchApi, listBranchesPage, renameBranch, updateBranch } from '../services/branches.ts';
import { BranchSchema, CreateBranchSchema, UpdateBranchSchema, RenameBranchSchema } from '../api/branch-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { refreshPullsForBranches } from '../services/pulls/refresh.ts';
import { renamePullBranches } from '../db/pulls.ts';

export const branchesRoutes = createRouter();

const BranchParams = RepoParams.extend({ branch: z.string().openapi({ description: 'Branch name; may contain slashes.' }) });

/**
 * Branch names contain slashes, so the {branch} parameter is matched as "the rest of the path".
 * The OpenAPI document keeps the plain `{branch}` path; Hono gets the `{.+}` pattern.
 */
function openapiRestParam<R extends RouteConfig>(route: R, param: string, handler: Parameters<typeof branchesRoutes.openapi<R>>[1]) {
  branchesRoutes.openAPIRegistry.registerPath(route);
  branchesRoutes.openapi({ ...route, hide: true, path: route.path.replace(`{${param}}`, `{${param}{.+}}`) }, handler as never);
}

branchesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/branches',
    operationId: 'repoListBranches',
    tags: ['repository'],
    summary: "List a repository's branches, newest tip commit first",
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(BranchSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const p = paging(c.req.valid('query'));
    const { db, config } = c.var.deps;
    const { total, items } = await listBranchesPage(db, config, rc, c.var.user, p);
    setPageHeaders(c, total, p);
    return c.json(items, 200);
  },
);

branchesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/branches',
    operationId: 'repoCreateBranch',
    tags: ['repository'],
    summary: 'Create a branch from a branch, tag or commit',
    request: { params: RepoParams, body: jsonBody(CreateBranchSchema) },
    responses: { 201: json(BranchSchema, 'Created'), ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const doer = requireUser(c);
    const { db, config } = c.var.deps;
    const created = await createBranch(db, config, rc, doer, c.req.valid('json'));
    // A pull request whose head branch was deleted and is now created again follows it.
    await refreshPullsForBranches(c.var.deps, rc.repo, [created.name], doer);
    const repository = { repo: rc.repo, owner: rc.owner };
    await emitEvent(c.var.deps, { type: 'ref.created', actor: doer, repository, ref: `refs/heads/${created.name}`, sha: created.commit.id });
    return c.json(created, 201);
  },
);

openapiRestParam(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    operationId: 'repoGetBranch',
    tags: ['repository'],
    summary: 'Get a branch',
    request: { params: BranchParams },
    responses: { 200: json(BranchSchema), ...errorResponses(404) },
  }),
  'branch',
  async (c) => {
    const { owner, repo, branch } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    return c.json(await getBranchApi(db, config, rc, c.var.user, branch), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    operationId: 'repoUpdateBranch',
    tags: ['repository'],
    summary: 'Move a branch to another commit (fast-forward unless force); a protected branch only for those its rule lets push',
    request: { params: BranchParams, body: jsonBody(UpdateBranchSchema) },
    responses: { 204: { description: 'Updated' }, ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  'branch',
  async (c) => {
    const { owner, repo, branch } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const doer = requireUser(c);
    await updateBranch(c.var.deps.db, rc, doer, branch, c.req.valid('json'));
    await refreshPullsForBranches(c.var.deps, rc.repo, [branch], doer);
    return c.body(null, 204);
  },
);

openapiRestParam(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    operationId: 'repoRenameBranch',
    tags: ['repository'],
    summary: 'Rename a branch (the default or a protected branch needs admin access; a rule named after it follows)',
    request: { params: BranchParams, body: jsonBody(RenameBranchSchema) },
    responses: { 204: { description: 'Renamed' }, ...errorResponses(401, 403, 404, 422, 423) },
  }),
  'branch',
  async (c) => {
    const { owner, repo, branch } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    await renameBranch(c.var.deps.db, rc, branch, c.req.valid('json').name);
    await renamePullBranches(c.var.deps.db, rc.repo.id, branch, c.req.valid('json').name);
    return c.body(null, 204);
  },
);

openapiRestParam(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/branches/{branch}',
    operationId: 'repoDeleteBranch',
    tags: ['repository'],
    summary: 'Delete a branch (never the default branch or a protected one)',
    request: { params: BranchParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  'branch',
  async (c) => {
    const { owner, repo, branch } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const sha = await deleteBranch(c.var.deps.db, rc, requireUser(c), branch);
    await refreshPullsForBranches(c.var.deps, rc.repo, [branch], requireUser(c));
    const repository = { repo: rc.repo, owner: rc.owner };
    await emitEvent(c.var.deps, { type: 'ref.deleted', actor: requireUser(c), repository, ref: `refs/heads/${branch}`, sha });
    return c.body(null, 204);
  },
);
