// Branch protection rules: /repos/{owner}/{repo}/branch_protections[/{name}], repository admins
// only (Gitea's reqToken + reqAdmin on the whole group).
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { loadRepo } from '../http/repo-context.ts';
import { createRule, deleteRule, editRule, getRuleByName, listRules, setRulePriorities, toApiBranchProtection } from '../services/branch-protections.ts';
import { notFound } from '../errors.ts';

export const branchProtectionsRoutes = createRouter();

const names = z.array(z.string());

export const BranchProtectionSchema = z
  .object({
    branch_name: z.string().openapi({ deprecated: true, description: 'Deprecated: the rule name when it is a plain branch name, else empty.' }),
    rule_name: z.string().openapi({ description: 'A branch name or a glob such as release/*' }),
    priority: z.number().int().openapi({ description: 'Higher priority rules are matched first.' }),
    enable_push: z.boolean(),
    enable_push_whitelist: z.boolean(),
    push_whitelist_usernames: names,
    push_whitelist_teams: names,
    push_whitelist_deploy_keys: z.boolean(),
    enable_force_push: z.boolean(),
    enable_force_push_allowlist: z.boolean(),
    force_push_allowlist_usernames: names,
    force_push_allowlist_teams: names,
    force_push_allowlist_deploy_keys: z.boolean(),
    enable_merge_whitelist: z.boolean(),
    merge_whitelist_usernames: names,
    merge_whitelist_teams: names,
    enable_status_check: z.boolean(),
    status_check_contexts: names,
    required_approvals: z.number().int(),
    enable_approvals_whitelist: z.boolean(),
    approvals_whitelist_username: names,
    approvals_whitelist_teams: names,
    block_on_rejected_reviews: z.boolean(),
    block_on_official_review_requests: z.boolean(),
    block_on_outdated_branch: z.boolean(),
    dismiss_stale_approvals: z.boolean(),
    ignore_stale_approvals: z.boolean(),
    require_signed_commits: z.boolean(),
    protected_file_patterns: z.string(),
    unprotected_file_patterns: z.string(),
    block_admin_merge_override: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BranchProtection');

const editFields = {
  priority: z.number().int().optional(),
  enable_push: z.boolean().optional(),
  enable_push_whitelist: z.boolean().optional(),
  push_whitelist_usernames: names.optional(),
  push_whitelist_teams: names.optional(),
  push_whitelist_deploy_keys: z.boolean().optional(),
  enable_force_push: z.boolean().optional(),
  enable_force_push_allowlist: z.boolean().optional(),
  force_push_allowlist_usernames: names.optional(),
  force_push_allowlist_teams: names.optional(),
  force_push_allowlist_deploy_keys: z.boolean().optional(),
  enable_merge_whitelist: z.boolean().optional(),
  merge_whitelist_usernames: names.optional(),
  merge_whitelist_teams: names.optional(),
  enable_status_check: z.boolean().optional(),
  status_check_contexts: names.optional(),
  required_approvals: z.number().int().optional(),
  enable_approvals_whitelist: z.boolean().optional(),
  approvals_whitelist_username: names.optional(),
  approvals_whitelist_teams: names.optional(),
  block_on_rejected_reviews: z.boolean().optional(),
  block_on_official_review_requests: z.boolean().optional(),
  block_on_outdated_branch: z.boolean().optional(),
  dismiss_stale_approvals: z.boolean().optional(),
  ignore_stale_approvals: z.boolean().optional(),
  require_signed_commits: z.boolean().optional(),
  protected_file_patterns: z.string().optional(),
  unprotected_file_patterns: z.string().optional(),
  block_admin_merge_override: z.boolean().optional(),
};

const CreateBranchProtectionSchema = z
  .object({
    rule_name: z.string().max(255).optional().openapi({ description: 'A branch name or a glob such as release/*; required (or the deprecated branch_name).' }),
    branch_name: z.string().max(255).optional().openapi({ deprecated: true, description: 'Deprecated: use rule_name.' }),
    ...editFields,
  })
  .openapi('CreateBranchProtectionOption');

const EditBranchProtectionSchema = z.object(editFields).openapi('EditBranchProtectionOption');

const UpdateBranchProtectionPrioritiesSchema = z
  .object({ ids: z.array(z.number().int()).optional().openapi({ description: 'Rule ids in the order they should be matched, the first first.' }) })
  .openapi('UpdateBranchProtectionPriories');

const RepoParams = z.object({ owner: z.string(), repo: z.string() });
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
