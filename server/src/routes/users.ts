// Users, tokens, admin user creation and /version.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses, z, zLimit, zPage, json } from '../api/openapi.ts';
import { UserSchema } from '../api/schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import {
  UserSearchSchema,
  CreateUserSchema,
  AccessTokenSchema,
  ServerVersionSchema,
  CreateAccessTokenOptionSchema,
  AccessTokenListSchema,
} from '../api/user-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import { forbidden, notFound } from '../errors.ts';
import { createToken, createUser, visibleUserByName } from '../services/users.ts';
import { visibleUser } from '../services/permissions.ts';
import { unixToIso } from '../db/index.ts';
import { findUserByName, findUserIdByName, searchUsersPage } from '../db/users.ts';
import { deleteUserToken, listUserTokensPage } from '../db/tokens.ts';
import { normalizeScopes } from '../auth/token-scopes.ts';

export const usersRoutes = createRouter();

usersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/version',
    operationId: 'getVersion',
    tags: ['miscellaneous'],
    responses: { 200: json(ServerVersionSchema) },
  }),
  (c) => c.json({ version: c.var.deps.config.version }, 200),
);

usersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user',
    operationId: 'userGetCurrent',
    tags: ['user'],
    summary: 'Get the authenticated user',
    responses: { 200: json(UserSchema), ...errorResponses(401) },
  }),
  (c) => {
    const user = requireUser(c);
    return c.json(toApiUser(user, c.var.deps.config, user), 200);
  },
);

usersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/search',
    operationId: 'userSearch',
    tags: ['user'],
    request: { query: z.object({ q: z.string().optional(), uid: z.coerce.number().int().optional(), page: zPage, limit: zLimit }) },
    responses: { 200: json(UserSearchSchema) },
  }),
  async (c) => {
    const q = c.req.valid('query');
    const p = paging(q);
    const viewer = c.var.user;
    const { db, config } = c.var.deps;
    // Only users the viewer may see (Gitea's isUserVisibleToViewerCond).
    const { total, rows } = await searchUsersPage(db, { uid: q.uid, text: q.q }, visibleUser(viewer), p);
    setPageHeaders(c, total, p);
    return c.json({ ok: true, data: rows.map((u) => toApiUser(u, config, viewer)) }, 200);
  },
);

usersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}',
    operationId: 'userGet',
    tags: ['user'],
    request: { params: z.object({ username: z.string() }) },
    responses: { 200: json(UserSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { username } = c.req.valid('param');
    const viewer = c.var.user;
    const { db, config } = c.var.deps;
    const u = await visibleUserByName(db, username, viewer);
    return c.json(toApiUser(u, config, viewer), 200);
  },
);

usersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/users',
    operationId: 'adminCreateUser',
    tags: ['admin'],
    summary: 'Create a user (site admin only)',
    request: { body: { content: { 'application/json': { schema: CreateUserSchema } }, required: true } },
    responses: { 201: json(UserSchema, 'Created'), ...errorResponses(400, 401, 403, 422) },
  }),
  async (c) => {
    const admin = requireUser(c);
    if (!admin.is_admin) throw forbidden('you must be a site administrator');
    const body = c.req.valid('json');
    const { db, config } = c.var.deps;
    const user = await createUser(db, {
      username: body.username,
      email: body.email,
      password: body.password ?? '',
      full_name: body.full_name,
      admin: body.admin,
      must_change_password: body.must_change_password ?? true,
      visibility: body.visibility,
      restricted: body.restricted,
    });
    return c.json(toApiUser(user, config, admin), 201);
  },
);

usersRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/users/{username}/tokens',
    operationId: 'userCreateToken',
    tags: ['user'],
    summary: 'Create an access token (Basic auth); the secret is shown once, in sha1',
    request: {
      params: z.object({ username: z.string() }),
      body: {
        content: {
          'application/json': { schema: CreateAccessTokenOptionSchema },
        },
        required: true,
      },
    },
    responses: { 201: json(AccessTokenSchema, 'Created'), ...errorResponses(400, 401, 403, 422) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { username } = c.req.valid('param');
    if (c.var.authMethod !== 'basic') throw forbidden('auth method not allowed');
    if (user.lower_name !== username.toLowerCase() && !user.is_admin) throw forbidden();
    const { db } = c.var.deps;
    const target = await findUserByName(db, username);
    if (!target) throw notFound();
    const body = c.req.valid('json');
    const { row, secret } = await createToken(db, target.id, body.name, body.scopes?.length ? normalizeScopes(body.scopes) : 'all');
    return c.json(
      {
        id: row.id,
        name: row.name,
        sha1: secret,
        token_last_eight: row.token_last_eight,
        scopes: row.scopes.split(','),
        created_at: unixToIso(row.created_unix),
        last_used_at: unixToIso(0),
      },
      201,
    );
  },
);

/**
 * The /users/{username}/tokens group, as Gitea's reqSelfOrAdmin + reqBasicOrRevProxyAuth: the user
 * must exist (404), be the caller or the caller a site admin (403), and the call be made with Basic
 * auth (403), so a leaked token can neither list nor delete tokens.
 */
async function tokenOwner(c: Context<AppEnv>, username: string) {
  const user = requireUser(c);
  const { db } = c.var.deps;
  const target = await findUserIdByName(db, username);
  if (!target) throw notFound(`user redirect does not exist [name: ${username}]`);
  if (target.id !== user.id && user.is_admin !== 1) throw forbidden('doer should be the site admin or be same as the contextUser');
  if (c.var.authMethod !== 'basic') throw forbidden('auth method not allowed');
  return target;
}

usersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/tokens',
    operationId: 'userGetTokens',
    tags: ['user'],
    summary: "List a user's access tokens (Basic auth); the secrets are never shown again",
    request: { params: z.object({ username: z.string() }), query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(AccessTokenListSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const target = await tokenOwner(c, c.req.valid('param').username);
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listUserTokensPage(c.var.deps.db, target.id, p);
    setPageHeaders(c, total, p);
    return c.json(
      rows.map((t) => ({
        id: t.id,
        name: t.name,
        sha1: '',
        token_last_eight: t.token_last_eight,
        scopes: t.scopes ? t.scopes.split(',') : [],
        created_at: unixToIso(t.created_unix),
        last_used_at: unixToIso(t.updated_unix),
      })),
      200,
    );
  },
);

usersRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/users/{username}/tokens/{token}',
    operationId: 'userDeleteAccessToken',
    tags: ['user'],
    request: { params: z.object({ username: z.string(), token: z.string() }) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { username, token } = c.req.valid('param');
    const target = await tokenOwner(c, username);
    const { db } = c.var.deps;
    const deleted = await deleteUserToken(db, target.id, /^\d+$/.test(token) ? { id: Number(token) } : { name: token });
    if (!deleted) throw notFound();
    return c.body(null, 204);
  },
);
