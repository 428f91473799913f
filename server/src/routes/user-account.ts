// A user's own account: profile settings, avatar, SSH keys, and the contribution heatmap
// (Gitea's routers/api/v1/user/settings.go, avatar.go, key.go, user.go GetUserHeatmapData).
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage } from '../api/openapi.ts';
import { toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { nowUnix, unixToIso } from '../db/index.ts';
import type { PublicKeyRow, UserRow } from '../db/schema.ts';
import { findUserById, updateUserRow } from '../db/users.ts';
import { findPublicKeyById, listUserKeysPage } from '../db/keys.ts';
import { badRequest, notFound } from '../errors.ts';
import { removeUserAvatar, saveUserAvatar } from '../services/user-avatar.ts';
import { userHeatmap } from '../services/user-heatmap.ts';
import { addPublicKey, deletePublicKey } from '../services/user-keys.ts';
import { visibleUserByName } from '../services/users.ts';
import { userVisibleTo } from '../services/permissions.ts';
import {
  body,
  CreateKeyOptionSchema,
  json,
  PublicKeySchema,
  UpdateUserAvatarOptionSchema,
  UserHeatmapDataSchema,
  UsernameParam,
  UserSettingsOptionsSchema,
  UserSettingsSchema,
  KeyList,
} from '../api/user-schemas.ts';

export const userAccountRoutes = createRouter();

type Ctx = Context<AppEnv>;

// ---- heatmap ----

userAccountRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/heatmap',
    operationId: 'userGetHeatmapData',
    tags: ['user'],
    summary: "A user's contributions of the last year in 15-minute slots",
    request: { params: UsernameParam },
    responses: { 200: json(z.array(UserHeatmapDataSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const u = await visibleUserByName(db, c.req.valid('param').username, c.var.user);
    return c.json(await userHeatmap(db, u, c.var.user), 200);
  },
);

// ---- settings ----

function toSettings(u: UserRow) {
  return {
    full_name: u.full_name,
    website: u.website,
    description: u.description,
    location: u.location,
    language: u.language,
    theme: u.theme,
    diff_view_style: u.diff_view_style,
    hide_email: u.keep_email_private === 1,
    hide_activity: u.keep_activity_private === 1,
    visibility: (u.visibility as 'public' | 'limited' | 'private') ?? 'public',
  };
}

userAccountRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/settings',
    operationId: 'getUserSettings',
    tags: ['user'],
    responses: { 200: json(UserSettingsSchema), ...errorResponses(401) },
  }),
  (c) => c.json(toSettings(requireUser(c)), 200),
);

userAccountRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/user/settings',
    operationId: 'updateUserSettings',
    tags: ['user'],
    request: { body: body(UserSettingsOptionsSchema) },
    responses: { 200: json(UserSettingsSchema), ...errorResponses(401, 422) },
  }),
  async (c) => {
    const me = requireUser(c);
    const b = c.req.valid('json');
    const set: Partial<Record<string, string | number>> = {};
    for (const k of ['full_name', 'website', 'description', 'location', 'language', 'theme', 'diff_view_style', 'visibility'] as const) {
      if (b[k] !== undefined) set[k] = b[k].trim();
    }
    if (b.hide_email !== undefined) set.keep_email_private = b.hide_email ? 1 : 0;
    if (b.hide_activity !== undefined) set.keep_activity_private = b.hide_activity ? 1 : 0;
    const row = await updateUserRow(c.var.deps.db, me.id, { ...set, updated_unix: nowUnix() });
    return c.json(toSettings(row), 200);
  },
);

// ---- avatar ----

userAccountRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/avatar',
    operationId: 'userUpdateAvatar',
    tags: ['user'],
    request: { body: body(UpdateUserAvatarOptionSchema) },
    responses: { 204: { description: 'Avatar updated' }, ...errorResponses(400, 401, 422) },
  }),
  async (c) => {
    const me = requireUser(c);
    const b64 = c.req.valid('json').image.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw badRequest('image: not valid base64');
    await saveUserAvatar(c.var.deps, me, Buffer.from(b64, 'base64'));
    return c.body(null, 204);
  },
);

userAccountRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/avatar',
    operationId: 'userDeleteAvatar',
    tags: ['user'],
    responses: { 204: { description: 'Avatar removed' }, ...errorResponses(401) },
  }),
  async (c) => {
    await removeUserAvatar(c.var.deps, requireUser(c));
    return c.body(null, 204);
  },
);

// ---- SSH keys ----

/** Gitea's ToPublicKey; the key type and owner only for the owner and site admins (appendPrivateInformation). */
function toApiKey(c: Ctx, k: PublicKeyRow, owner: UserRow) {
  const viewer = c.var.user;
  const { config } = c.var.deps;
  const base = {
    id: k.id,
    key: k.content,
    url: `${config.rootUrl}api/v1/user/keys/${k.id}`,
    title: k.name,
    fingerprint: k.fingerprint,
    created_at: unixToIso(k.created_unix),
    last_used_at: unixToIso(k.updated_unix),
  };
  if (viewer && (viewer.id === k.owner_id || viewer.is_admin === 1)) return { ...base, key_type: 'user', user: toApiUser(owner, config, viewer) };
  return base;
}

const KeyListQuery = z.object({ fingerprint: z.string().optional(), page: zPage, limit: zLimit });

async function listKeys(c: Ctx, owner: UserRow, q: z.infer<typeof KeyListQuery>) {
  const p = paging(q);
  const { total, rows } = await listUserKeysPage(c.var.deps.db, owner.id, q.fingerprint, p);
  setPageHeaders(c, total, p);
  return rows.map((k) => toApiKey(c, k, owner));
}

userAccountRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/keys',
    operationId: 'userCurrentListKeys',
    tags: ['user'],
    request: { query: KeyListQuery },
    responses: { 200: json(KeyList), ...errorResponses(401) },
  }),
  async (c) => c.json(await listKeys(c, requireUser(c), c.req.valid('query')), 200),
);

userAccountRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/keys',
    operationId: 'userListKeys',
    tags: ['user'],
    request: { params: UsernameParam, query: KeyListQuery },
    responses: { 200: json(KeyList), ...errorResponses(404) },
  }),
  async (c) => {
    const u = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    return c.json(await listKeys(c, u, c.req.valid('query')), 200);
  },
);

const KeyIdParam = z.object({ id: z.coerce.number().int() });

userAccountRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/keys/{id}',
    operationId: 'userCurrentGetKey',
    tags: ['user'],
    request: { params: KeyIdParam },
    responses: { 200: json(PublicKeySchema), ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { db } = c.var.deps;
    const key = await findPublicKeyById(db, c.req.valid('param').id);
    const owner = key && (await findUserById(db, key.owner_id));
    // As Gitea, any key may be read by id (public keys are public; toApiKey keeps the private fields
    // to its owner and admins), but not one whose owner the caller may not see.
    if (!key || !owner || !(await userVisibleTo(db, owner, me))) throw notFound();
    return c.json(toApiKey(c, key, owner), 200);
  },
);

userAccountRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/user/keys',
    operationId: 'userCurrentPostKey',
    tags: ['user'],
    request: { body: body(CreateKeyOptionSchema) },
    responses: { 201: json(PublicKeySchema, 'Created'), ...errorResponses(401, 422) },
  }),
  async (c) => {
    const me = requireUser(c);
    const b = c.req.valid('json');
    const key = await addPublicKey(c.var.deps.db, me.id, b.title, b.key);
    return c.json(toApiKey(c, key, me), 201);
  },
);

userAccountRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/keys/{id}',
    operationId: 'userCurrentDeleteKey',
    tags: ['user'],
    request: { params: KeyIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    await deletePublicKey(c.var.deps.db, requireUser(c), c.req.valid('param').id);
    return c.body(null, 204);
  },
);
