// Web sessions of the embedded web app (issue #23), an extension: Gitea's web UI keeps its sessions
// outside the API. Sign in with a password (the cookie is set here, HttpOnly), read the current
// session's user and CSRF token after a reload, list the caller's sessions, end one, the current
// one, or all the others. auth/sessions.ts explains the cookie and the CSRF defence.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, json, jsonBody, z } from '../api/openapi.ts';
import { toApiUser } from '../api/convert.ts';
import { SignInOptionSchema, WebSessionSchema, WebSessionStateSchema } from '../api/session-schemas.ts';
import { requireUser, secureRequest } from '../auth/middleware.ts';
import { checkPassword, csrfTokenFor, isOwnOrigin, plainAddress, requestOrigin, sessionCookie, sessionLimits, startSession } from '../auth/sessions.ts';
import { requestAuthContext } from '../auth/throttle.ts';
import type { AppEnv } from '../context.ts';
import { deleteOtherWebSessions, deleteUserWebSession, listLiveWebSessions } from '../db/sessions.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { browserSummary } from '../services/user-agent.ts';

export const userSessionsRoutes = createRouter();

const TAGS = ['extension'];

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function setCookie(c: Context<AppEnv>, secret: string | null) {
  c.header('Set-Cookie', sessionCookie(c.var.deps.config, secret, secureRequest(c.var.deps.config, c.req.url)), { append: true });
}

userSessionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/sessions',
    operationId: 'userCreateWebSession',
    tags: TAGS,
    summary: 'Sign in to the web app: sets the HttpOnly session cookie (an extension)',
    security: [],
    request: { body: jsonBody(SignInOptionSchema) },
    responses: { 201: json(WebSessionStateSchema, 'Signed in'), ...errorResponses(401, 403, 422, 429) },
  }),
  async (c) => {
    const { db, config } = c.var.deps;
    // A sign-in posted from another site would sign the visitor in as someone else (login CSRF).
    const from = requestOrigin(c.req.header('origin'), c.req.header('referer'));
    if (from !== null && !isOwnOrigin(config, from, c.req.url)) throw forbidden('CSRF check failed: the request does not come from this site');
    const { username, password } = c.req.valid('json');
    const ctx = requestAuthContext(c.req.raw);
    const user = await checkPassword(db, username.trim(), password, ctx);
    if (!user) throw unauthorized('user does not exist or password is wrong');
    const { secret } = await startSession(db, config, user, { userAgent: c.req.header('user-agent'), ip: ctx?.address });
    setCookie(c, secret);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: toApiUser(user, config, user), csrf_token: csrfTokenFor(secret) }, 201);
  },
);

userSessionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/sessions/current',
    operationId: 'userGetCurrentWebSession',
    tags: TAGS,
    summary: "The session cookie's user and CSRF token, for the web app after a reload (an extension)",
    responses: { 200: json(WebSessionStateSchema), ...errorResponses(401) },
  }),
  (c) => {
    const user = requireUser(c);
    const session = c.var.session;
    if (!session) throw unauthorized('no web session');
    c.header('Cache-Control', 'no-store');
    return c.json({ user: toApiUser(user, c.var.deps.config, user), csrf_token: session.csrfToken }, 200);
  },
);

userSessionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/sessions',
    operationId: 'userListWebSessions',
    tags: TAGS,
    summary: "The caller's active web sessions, most recently used first (an extension)",
    responses: { 200: json(z.array(WebSessionSchema)), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { db, config } = c.var.deps;
    const rows = await listLiveWebSessions(db, me.id, sessionLimits(config));
    const current = c.var.session?.id;
    return c.json(
      rows.map((r) => ({
        id: r.id,
        browser: browserSummary(r.user_agent),
        // Sessions stored before addresses were kept plain.
        ip: plainAddress(r.ip),
        created_at: iso(r.created_at),
        last_used_at: iso(r.last_used_at),
        current: r.id === current,
      })),
      200,
    );
  },
);

userSessionsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/sessions/current',
    operationId: 'userDeleteCurrentWebSession',
    tags: TAGS,
    summary: 'Sign out: ends the session the cookie names and clears the cookie (an extension)',
    responses: { 204: { description: 'Signed out' }, ...errorResponses(401, 403) },
  }),
  async (c) => {
    const me = requireUser(c);
    const session = c.var.session;
    if (!session) throw unauthorized('no web session');
    await deleteUserWebSession(c.var.deps.db, me.id, session.id);
    setCookie(c, null);
    return c.body(null, 204);
  },
);

userSessionsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/sessions/{id}',
    operationId: 'userDeleteWebSession',
    tags: TAGS,
    summary: "Ends one of the caller's web sessions (an extension)",
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .openapi({ param: { name: 'id', in: 'path' }, type: 'integer' }),
      }),
    },
    responses: { 204: { description: 'Ended' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { id } = c.req.valid('param');
    if (!(await deleteUserWebSession(c.var.deps.db, me.id, id))) throw notFound();
    if (c.var.session?.id === id) setCookie(c, null);
    return c.body(null, 204);
  },
);

userSessionsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/sessions',
    operationId: 'userDeleteOtherWebSessions',
    tags: TAGS,
    summary: "Ends all the caller's web sessions but the current one: “sign out everywhere else” (an extension)",
    responses: { 204: { description: 'Ended' }, ...errorResponses(401, 403) },
  }),
  async (c) => {
    const me = requireUser(c);
    await deleteOtherWebSessions(c.var.deps.db, me.id, c.var.session?.id);
    return c.body(null, 204);
  },
);
