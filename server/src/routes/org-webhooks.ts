// Webhooks of an owner, sent for every repository it owns: an organization's (/orgs/{org}/hooks,
// Gitea's routers/api/v1/org/hook.go: owners only, so 401 anonymous, 404 a private organization the
// caller can't see, 403 a member who is not an owner) and a user's own (/user/hooks, Gitea's
// routers/api/v1/user/hook.go). Both have the same routes and the deliveries extension.
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
import { deleteHook, listHooks, listHookTasks, type HookScope } from '../db/webhooks.ts';
import { createHook, editHook, getHook, redeliver, toApiDelivery, toApiHook } from '../services/webhooks/hooks.ts';

export const orgWebhooksRoutes = createRouter();

const idParam = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'id', in: 'path' }, example: 1 });

interface Owner {
  base: string;
  params: z.ZodObject<{ org: z.ZodString }> | z.ZodObject<Record<string, never>>;
  tag: string;
  /** Operation ids: this and the action (orgListHooks, userCreateHook, …). */
  prefix: 'org' | 'user';
  whose: string;
  /** Who may: the hooks' scope, or 401, 403 or 404 thrown. */
  scope(c: Context<AppEnv>): Promise<HookScope>;
}

const owners: Owner[] = [
  {
    base: '/orgs/{org}/hooks',
    params: z.object({ org: z.string() }),
    tag: 'organization',
    prefix: 'org',
    whose: "the organization's",
    // Gitea's reqToken + orgAssignment + reqOrgOwnership.
    async scope(c) {
      requireUser(c);
      const org = await loadOrg(c, c.req.param('org')!);
      await requireOrgOwner(c, org);
      return { ownerId: org.id };
    },
  },
  {
    base: '/user/hooks',
    params: z.object({}),
    tag: 'user',
    prefix: 'user',
    whose: 'your own',
    async scope(c) {
      return { ownerId: requireUser(c).id };
    },
  },
];

for (const o of owners) {
  const HookParams = o.params.extend({ id: idParam });
  // A string checked after authorization (a stranger learns nothing from a malformed id).
  const DeliveryParams = HookParams.extend({ delivery: z.string().openapi({ param: { name: 'delivery', in: 'path' }, example: '1' }) });
  const id = (c: Context<AppEnv>) => Number(c.req.param('id'));
  const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ ...r, tags: [o.tag] });

  orgWebhooksRoutes.openapi(
    route({
      method: 'get',
      path: o.base,
      operationId: `${o.prefix}ListHooks`,
      summary: `List ${o.whose} webhooks`,
      request: { params: o.params, query: PageQuery },
      responses: { 200: json(z.array(HookSchema)), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      const p = paging(c.req.valid('query'));
      const { rows, total } = await listHooks(c.var.deps.db, scope, p);
      setPageHeaders(c, total, p);
      return c.json(rows.map(toApiHook), 200);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'post',
      path: o.base,
      operationId: `${o.prefix}CreateHook`,
      summary: `Create one of ${o.whose} webhooks, sent for each of the owner's repositories`,
      request: { params: o.params, body: jsonBody(CreateHookSchema) },
      responses: { 201: json(HookSchema, 'Created'), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      return c.json(toApiHook(await createHook(c.var.deps, scope, c.req.valid('json'))), 201);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'get',
      path: `${o.base}/{id}`,
      operationId: `${o.prefix}GetHook`,
      summary: `Get one of ${o.whose} webhooks`,
      request: { params: HookParams },
      responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      return c.json(toApiHook(await getHook(c.var.deps, scope, id(c))), 200);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'patch',
      path: `${o.base}/{id}`,
      operationId: `${o.prefix}EditHook`,
      summary: `Edit one of ${o.whose} webhooks`,
      request: { params: HookParams, body: jsonBody(EditHookSchema) },
      responses: { 200: json(HookSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      // Gitea binds the body before looking the hook up: an invalid body is 422 even for an unknown id.
      const input = c.req.valid('json');
      return c.json(toApiHook(await editHook(c.var.deps, scope, id(c), input)), 200);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'delete',
      path: `${o.base}/{id}`,
      operationId: `${o.prefix}DeleteHook`,
      summary: `Delete one of ${o.whose} webhooks`,
      request: { params: HookParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      if (!(await deleteHook(c.var.deps.db, scope, id(c)))) throw notFound();
      return c.body(null, 204);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'get',
      path: `${o.base}/{id}/deliveries`,
      operationId: `${o.prefix}ListHookDeliveries`,
      summary: `Extension: the recent deliveries of one of ${o.whose} webhooks, newest first`,
      request: { params: HookParams, query: PageQuery },
      responses: { 200: json(z.array(HookDeliverySchema)), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      const hook = await getHook(c.var.deps, scope, id(c));
      const p = paging(c.req.valid('query'));
      const { rows, total } = await listHookTasks(c.var.deps.db, hook.id, p);
      setPageHeaders(c, total, p);
      return c.json(rows.map(toApiDelivery), 200);
    },
  );

  orgWebhooksRoutes.openapi(
    route({
      method: 'post',
      path: `${o.base}/{id}/deliveries/{delivery}/redeliver`,
      operationId: `${o.prefix}RedeliverHookDelivery`,
      summary: "Extension: sends a delivery's payload again, as a new delivery",
      request: { params: DeliveryParams },
      responses: { 204: { description: 'Queued' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await o.scope(c);
      await redeliver(c.var.deps, await getHook(c.var.deps, scope, id(c)), Number(c.req.param('delivery')));
      return c.body(null, 204);
    },
  );
}
