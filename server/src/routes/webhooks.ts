// Repository webhooks: /repos/{owner}/{repo}/hooks (Gitea's routers/api/v1/repo/hook.go), repository
// admins only, and the deliveries extension (Gitea shows them on its settings page only).
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { PageQuery, RepoParams } from '../api/params.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { CreateHookSchema, EditHookSchema, HookDeliverySchema, HookSchema } from '../api/webhook-schemas.ts';
import { loadRepo } from '../http/repo-context.ts';
import { requireUser } from '../auth/middleware.ts';
import { notFound } from '../errors.ts';
import { deleteHook, listHooks, listHookTasks } from '../db/webhooks.ts';
import { createHook, editHook, getHook, redeliver, testHook, toApiDelivery, toApiHook } from '../services/webhooks/hooks.ts';

export const webhooksRoutes = createRouter();

const idParam = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'id', in: 'path' }, example: 1 });
const HookParams = RepoParams.extend({ id: idParam });
// A string checked after authorization (a stranger learns nothing from a malformed id).
const DeliveryParams = HookParams.extend({ delivery: z.string().openapi({ param: { name: 'delivery', in: 'path' }, example: '1' }) });
const base = '/repos/{owner}/{repo}/hooks';

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: base,
    operationId: 'repoListHooks',
    tags: ['repository'],
    summary: "List the repository's webhooks (admins only)",
    request: { params: RepoParams, query: PageQuery },
    responses: { 200: json(z.array(HookSchema)), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const p = paging(c.req.valid('query'));
    const { rows, total } = await listHooks(c.var.deps.db, { repoId: rc.repo.id }, p);
    setPageHeaders(c, total, p);
    return c.json(rows.map(toApiHook), 200);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: base,
    operationId: 'repoCreateHook',
    tags: ['repository'],
    summary: 'Create a webhook (type gitea; url and content_type json or form; events default to push)',
    request: { params: RepoParams, body: jsonBody(CreateHookSchema) },
    responses: { 201: json(HookSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    const hook = await createHook(c.var.deps, { repoId: rc.repo.id }, c.req.valid('json'));
    return c.json(toApiHook(hook), 201);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'repoGetHook',
    tags: ['repository'],
    summary: 'Get a webhook',
    request: { params: HookParams },
    responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    return c.json(toApiHook(await getHook(c.var.deps, { repoId: rc.repo.id }, id)), 200);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'patch',
    path: `${base}/{id}`,
    operationId: 'repoEditHook',
    tags: ['repository'],
    summary: 'Edit a webhook: config keys sent change; events and branch_filter are replaced (as Gitea)',
    request: { params: HookParams, body: jsonBody(EditHookSchema) },
    responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    // Gitea binds the body before looking the hook up: an invalid body is 422 even for an unknown id.
    const input = c.req.valid('json');
    return c.json(toApiHook(await editHook(c.var.deps, { repoId: rc.repo.id }, id, input)), 200);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'delete',
    path: `${base}/{id}`,
    operationId: 'repoDeleteHook',
    tags: ['repository'],
    summary: 'Delete a webhook and its deliveries',
    request: { params: HookParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin');
    if (!(await deleteHook(c.var.deps.db, { repoId: rc.repo.id }, id))) throw notFound();
    return c.body(null, 204);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: `${base}/{id}/tests`,
    operationId: 'repoTestHook',
    tags: ['repository'],
    summary: 'Test a push webhook: sends a push payload of the latest commit of ref (default branch), active or not',
    request: {
      params: HookParams,
      query: z.object({ ref: z.string().optional().openapi({ description: 'The branch whose latest commit is sent.' }) }),
    },
    responses: { 204: { description: 'Queued' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const hook = await getHook(c.var.deps, { repoId: rc.repo.id }, id);
    await testHook(c.var.deps, rc, hook, requireUser(c), c.req.valid('query').ref);
    return c.body(null, 204);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: `${base}/{id}/deliveries`,
    operationId: 'repoListHookDeliveries',
    tags: ['repository'],
    summary: "Extension (Gitea shows these on its web page only): the webhook's recent deliveries, newest first, with request and response",
    request: { params: HookParams, query: PageQuery },
    responses: { 200: json(z.array(HookDeliverySchema)), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const hook = await getHook(c.var.deps, { repoId: rc.repo.id }, id);
    const p = paging(c.req.valid('query'));
    const { rows, total } = await listHookTasks(c.var.deps.db, hook.id, p);
    setPageHeaders(c, total, p);
    return c.json(rows.map(toApiDelivery), 200);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: `${base}/{id}/deliveries/{delivery}/redeliver`,
    operationId: 'repoRedeliverHookDelivery',
    tags: ['repository'],
    summary: "Extension: sends a delivery's payload again, as a new delivery (Gitea's replay)",
    request: { params: DeliveryParams },
    responses: { 204: { description: 'Queued' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { owner, repo, id, delivery } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const hook = await getHook(c.var.deps, { repoId: rc.repo.id }, id);
    await redeliver(c.var.deps, hook, Number(delivery));
    return c.body(null, 204);
  },
);
