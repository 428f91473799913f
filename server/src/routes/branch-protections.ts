// Branch protection rules: /repos/{owner}/{repo}/branch_protections[/{name}], repository admins
// only (Gitea's reqToken + reqAdmin on the whole group).
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { RepoParams } from '../api/params.ts';
import {
  BranchProtectionSchema,
  CreateBranchProtectionSchema,
  EditBranchProtectionSchema,
  UpdateBranchProtectionPrioritiesSchema,
} from '../api/branch-schemas.ts';
import { loadRepo } from '../http/repo-context.ts';
import { createRule, deleteRule, editRule, getRuleByName, listRules, setRulePriorities, toApiBranchProtection } from '../services/branch-protections.ts';
import { notFound } from '../errors.ts';

export const branchProtectionsRoutes = createRouter();

const RuleParams = RepoParams.extend({ name: z.string().openapi({ description: 'Rule name; may contain slashes (send them as %2F or plain).' }) });

/** Rule names are globs with slashes (release/*): {name} takes the rest of the path, as branch names do. */
function openapiRestParam<R extends RouteConfig>(route: R, handler: Parameters<typeof branchProtectionsRoutes.openapi<R>>[1]) {
  branchProtectionsRoutes.openAPIRegistry.registerPath(route);
  branchProtectionsRoutes.openapi({ ...route, hide: true, path: route.path.replace('{name}', '{name{.+}}') }, handler as never);
}

const base = '/repos/{owner}/{repo}/branch_protections';

branchProtectionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: base,
    operationId: 'repoListBranchProtection',
    tags: ['repository'],
    summary: 'List branch protections for a repository (admins only)',
    request: { params: RepoParams },
    responses: { 200: json(z.array(BranchProtectionSchema)), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const { db } = c.var.deps;
    const rows = await listRules(db, rc.repo.id);
    return c.json(await Promise.all(rows.map((r) => toApiBranchProtection(db, r))), 200);
  },
);

branchProtectionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: base,
    operationId: 'repoCreateBranchProtection',
    tags: ['repository'],
    summary: 'Create a branch protection rule (a duplicate rule name is 403, as Gitea)',
    request: { params: RepoParams, body: jsonBody(CreateBranchProtectionSchema) },
    responses: { 201: json(BranchProtectionSchema, 'Created'), ...errorResponses(400, 401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    const { db } = c.var.deps;
    const row = await createRule(db, rc, c.req.valid('json'));
    return c.json(await toApiBranchProtection(db, row), 201);
  },
);

branchProtectionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: `${base}/priority`,
    operationId: 'repoUpdateBranchProtectionPriories',
    tags: ['repository'],
    summary: 'Update the priorities of branch protections: ids in matching order, the first first (unknown ids are ignored, as Gitea)',
    request: { params: RepoParams, body: jsonBody(UpdateBranchProtectionPrioritiesSchema) },
    responses: { 204: { description: 'Updated' }, ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    await setRulePriorities(c.var.deps.db, rc.repo.id, c.req.valid('json').ids ?? []);
    return c.body(null, 204);
  },
);

openapiRestParam(
  createRoute({
    method: 'get',
    path: `${base}/{name}`,
    operationId: 'repoGetBranchProtection',
    tags: ['repository'],
    summary: 'Get a branch protection rule by its name',
    request: { params: RuleParams },
    responses: { 200: json(BranchProtectionSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo, name } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const { db } = c.var.deps;
    const row = await getRuleByName(db, rc.repo.id, name);
    if (!row) throw notFound();
    return c.json(await toApiBranchProtection(db, row), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'patch',
    path: `${base}/{name}`,
    operationId: 'repoEditBranchProtection',
    tags: ['repository'],
    summary: 'Edit a branch protection rule; only the fields sent change',
    request: { params: RuleParams, body: jsonBody(EditBranchProtectionSchema) },
    responses: { 200: json(BranchProtectionSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, name } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    const { db } = c.var.deps;
    const row = await editRule(db, rc, name, c.req.valid('json'));
    return c.json(await toApiBranchProtection(db, row), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'delete',
    path: `${base}/{name}`,
    operationId: 'repoDeleteBranchProtection',
    tags: ['repository'],
    summary: 'Delete a branch protection rule',
    request: { params: RuleParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, name } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    await deleteRule(c.var.deps.db, rc, name);
    return c.body(null, 204);
  },
);
