// Organization webhooks: /orgs/{org}/hooks (Gitea's routers/api/v1/org/hook.go), sent for every
// repository of the organization; owners only (401 anonymous, 404 a private organization the
// caller can't see, 403 a member who is not an owner). And the deliveries extension.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { PageQuery } from '../api/params.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { CreateHookSchema, EditHookSchema, HookDeliverySchema, HookSchema } from '../api/webhook-schemas.ts';
import { loadOrg, requireOrgOwner } from '../http/org-context.ts';
import { requireUser } from '../auth/middleware.ts';
import { notFound } from '../errors.ts';
import { deleteHook, listHooks, listHookTasks } from '../db/webhooks.ts';
import { createHook, editHook, getHook, redeliver, toApiDelivery, toApiHook } from '../services/webhooks/hooks.ts';

export const orgWebhooksRoutes = createRouter();

const idParam = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'id', in: 'path' }, example: 1 });
const OrgParams = z.object({ org: z.string() });
const HookParams = OrgParams.extend({ id: idParam });
// A string checked after authorization (a stranger learns nothing from a malformed id).
const DeliveryParams = HookParams.extend({ delivery: z.string().openapi({ param: { name: 'delivery', in: 'path' }, example: '1' }) });
const base = '/orgs/{org}/hooks';

/** Gitea's reqToken + orgAssignment + reqOrgOwnership: the hooks' scope. */
async function ownerScope(c: Context<AppEnv>, name: string) {
  requireUser(c);
  const org = await loadOrg(c, name);
  await requireOrgOwner(c, org);
  return { ownerId: org.id };
}

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: base,
    operationId: 'orgListHooks',
    tags: ['organization'],
    summary: "List the organization's webhooks (owners only)",
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: json(z.array(HookSchema)), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const scope = await ownerScope(c, c.req.valid('param').org);
    const p = paging(c.req.valid('query'));
    const { rows, total } = await listHooks(c.var.deps.db, scope, p);
    setPageHeaders(c, total, p);
    return c.json(rows.map(toApiHook), 200);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: base,
    operationId: 'orgCreateHook',
    tags: ['organization'],
    summary: 'Create a webhook for every repository of the organization',
    request: { params: OrgParams, body: jsonBody(CreateHookSchema) },
    responses: { 201: json(HookSchema, 'Created'), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const scope = await ownerScope(c, c.req.valid('param').org);
    return c.json(toApiHook(await createHook(c.var.deps, scope, c.req.valid('json'))), 201);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: `${base}/{id}`,
    operationId: 'orgGetHook',
    tags: ['organization'],
    summary: 'Get a webhook of the organization',
    request: { params: HookParams },
    responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { org, id } = c.req.valid('param');
    const scope = await ownerScope(c, org);
    return c.json(toApiHook(await getHook(c.var.deps, scope, id)), 200);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'patch',
    path: `${base}/{id}`,
    operationId: 'orgEditHook',
    tags: ['organization'],
    summary: 'Edit a webhook of the organization',
    request: { params: HookParams, body: jsonBody(EditHookSchema) },
    responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const { org, id } = c.req.valid('param');
    const scope = await ownerScope(c, org);
    // Gitea binds the body before looking the hook up: an invalid body is 422 even for an unknown id.
    const input = c.req.valid('json');
    return c.json(toApiHook(await editHook(c.var.deps, scope, id, input)), 200);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'delete',
    path: `${base}/{id}`,
    operationId: 'orgDeleteHook',
    tags: ['organization'],
    summary: 'Delete a webhook of the organization',
    request: { params: HookParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { org, id } = c.req.valid('param');
    const scope = await ownerScope(c, org);
    if (!(await deleteHook(c.var.deps.db, scope, id))) throw notFound();
    return c.body(null, 204);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: `${base}/{id}/deliveries`,
    operationId: 'orgListHookDeliveries',
    tags: ['organization'],
    summary: "Extension: the organization webhook's recent deliveries, newest first",
    request: { params: HookParams, query: PageQuery },
    responses: { 200: json(z.array(HookDeliverySchema)), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { org, id } = c.req.valid('param');
    const scope = await ownerScope(c, org);
    const hook = await getHook(c.var.deps, scope, id);
    const p = paging(c.req.valid('query'));
    const { rows, total } = await listHookTasks(c.var.deps.db, hook.id, p);
    setPageHeaders(c, total, p);
    return c.json(rows.map(toApiDelivery), 200);
  },
);

orgWebhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: `${base}/{id}/deliveries/{delivery}/redeliver`,
    operationId: 'orgRedeliverHookDelivery',
    tags: ['organization'],
    summary: "Extension: sends a delivery's payload again, as a new delivery",
    request: { params: DeliveryParams },
    responses: { 204: { description: 'Queued' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { org, id, delivery } = c.req.valid('param');
    const scope = await ownerScope(c, org);
    await redeliver(c.var.deps, await getHook(c.var.deps, scope, id), Number(delivery));
    return c.body(null, 204);
  },
);
