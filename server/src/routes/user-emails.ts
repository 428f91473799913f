// A user's e-mail addresses, as Gitea's routers/api/v1/user/email.go (issue #20): the primary
// address is the account's e-mail; further ones can be added and deleted, the primary one not.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, json, jsonBody, z } from '../api/openapi.ts';
import { CreateEmailOptionSchema, DeleteEmailOptionSchema, EmailSchema } from '../api/account-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import { addEmails, deleteEmails, listEmails } from '../services/account.ts';

export const userEmailsRoutes = createRouter();

userEmailsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/emails',
    operationId: 'userListEmails',
    tags: ['user'],
    summary: "List the authenticated user's email addresses, the primary one first",
    responses: { 200: json(z.array(EmailSchema), 'EmailList'), ...errorResponses(401) },
  }),
  async (c) => c.json(await listEmails(c.var.deps.db, requireUser(c)), 200),
);

userEmailsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/emails',
    operationId: 'userAddEmail',
    tags: ['user'],
    summary: 'Add email addresses; answers the added ones',
    request: { body: jsonBody(CreateEmailOptionSchema) },
    responses: { 201: json(z.array(EmailSchema), 'EmailList'), ...errorResponses(401, 422) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { emails } = c.req.valid('json');
    return c.json(await addEmails(c.var.deps.db, me, emails ?? []), 201);
  },
);

userEmailsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/emails',
    operationId: 'userDeleteEmail',
    tags: ['user'],
    summary: 'Delete email addresses (not the primary one)',
    request: { body: jsonBody(DeleteEmailOptionSchema) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404, 422) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { emails } = c.req.valid('json');
    await deleteEmails(c.var.deps.db, me, emails ?? []);
    return c.body(null, 204);
  },
);
