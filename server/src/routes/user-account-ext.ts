// Extensions for what Gitea does only in its web forms (issue #20): changing the password (it ends
// the user's other web sessions), deleting one's own account, and signing up when the forge allows
// it (FORGE_DISABLE_REGISTRATION=false, Gitea's DISABLE_REGISTRATION). A Gitea server answers
// these routes 404; the web app then hides or explains them.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, json, jsonBody } from '../api/openapi.ts';
import { toApiUser } from '../api/convert.ts';
import { ChangePasswordOptionSchema, DeleteAccountOptionSchema, SignUpOptionSchema, SignUpSettingsSchema } from '../api/account-schemas.ts';
import { WebSessionStateSchema } from '../api/session-schemas.ts';
import { requireUser, secureRequest } from '../auth/middleware.ts';
import { csrfTokenFor, isOwnOrigin, requestOrigin, sessionCookie, startSession } from '../auth/sessions.ts';
import { requestAuthContext } from '../auth/throttle.ts';
import type { AppEnv } from '../context.ts';
import { deleteOtherWebSessions } from '../db/sessions.ts';
import { forbidden } from '../errors.ts';
import { changePassword, deleteOwnAccount } from '../services/account.ts';
import { createUser } from '../services/users.ts';

export const userAccountExtRoutes = createRouter();

const TAGS = ['extension'];

function setCookie(c: Context<AppEnv>, secret: string | null) {
  c.header('Set-Cookie', sessionCookie(c.var.deps.config, secret, secureRequest(c.var.deps.config, c.req.url)), { append: true });
}

userAccountExtRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/password',
    operationId: 'userChangePassword',
    tags: TAGS,
    summary: "Change the password (an extension: Gitea's account settings form). Ends the user's other web sessions",
    description:
      'The current password is required (422 naming old_password when wrong; wrong guesses count towards the sign-in throttle, 429). ' +
      'The new one follows the account creation rule (at least 8 characters). Every other web session of the user ends; the one making ' +
      'the request stays signed in. Access tokens stay valid.',
    request: { body: jsonBody(ChangePasswordOptionSchema) },
    responses: { 204: { description: 'Changed' }, ...errorResponses(401, 422, 429) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { db } = c.var.deps;
    await changePassword(db, me, c.req.valid('json'), requestAuthContext(c.req.raw));
    await deleteOtherWebSessions(db, me.id, c.var.session?.id);
    return c.body(null, 204);
  },
);

userAccountExtRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user',
    operationId: 'userDeleteSelf',
    tags: TAGS,
    summary: "Delete the authenticated user's account (an extension: Gitea's account settings form)",
    description:
      "The account's password is required. Refused (422, as Gitea's DeleteUser) while the user is the last site administrator, owns " +
      'repositories or is a member of an organization. Issues and comments they wrote stay, shown as by Ghost. Signs the caller out.',
    request: { body: jsonBody(DeleteAccountOptionSchema) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 422, 429) },
  }),
  async (c) => {
    const me = requireUser(c);
    await deleteOwnAccount(c.var.deps.db, me, c.req.valid('json').password, requestAuthContext(c.req.raw));
    if (c.var.session) setCookie(c, null);
    return c.body(null, 204);
  },
);

userAccountExtRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/signup',
    operationId: 'userGetSignUpSettings',
    tags: TAGS,
    summary: 'Whether anyone may create an account here (an extension; FORGE_DISABLE_REGISTRATION)',
    security: [],
    responses: { 200: json(SignUpSettingsSchema) },
  }),
  (c) => c.json({ enabled: !c.var.deps.config.disableRegistration }, 200),
);

userAccountExtRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/signup',
    operationId: 'userSignUp',
    tags: TAGS,
    summary: "Create an account and sign in to the web app (an extension: Gitea's sign-up form)",
    description:
      'Only when the forge allows sign-up (FORGE_DISABLE_REGISTRATION=false); otherwise 403, as Gitea answers its sign-up form. The same ' +
      'rules as an administrator creating a user (name syntax, reserved and taken names, e-mail address, password of at least 8 ' +
      'characters; 422). Sets the HttpOnly session cookie like POST /user/sessions.',
    security: [],
    request: { body: jsonBody(SignUpOptionSchema) },
    responses: { 201: json(WebSessionStateSchema, 'Signed up and in'), ...errorResponses(403, 422) },
  }),
  async (c) => {
    const { db, config } = c.var.deps;
    if (config.disableRegistration) throw forbidden('registration is disabled on this forge');
    // A sign-up posted from another site would sign the visitor in as the attacker's new account.
    const from = requestOrigin(c.req.header('origin'), c.req.header('referer'));
    if (from !== null && !isOwnOrigin(config, from, c.req.url)) throw forbidden('CSRF check failed: the request does not come from this site');
    const b = c.req.valid('json');
    const user = await createUser(db, { username: b.username, email: b.email.trim(), password: b.password, must_change_password: false });
    const { secret } = await startSession(db, config, user, { userAgent: c.req.header('user-agent'), ip: requestAuthContext(c.req.raw)?.address });
    setCookie(c, secret);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: toApiUser(user, config, user), csrf_token: csrfTokenFor(secret) }, 201);
  },
);
