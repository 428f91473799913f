// Following users (Gitea's routers/api/v1/user/follower.go); starring and watching repositories
// are in user-stars.ts, merged here after them. Hidden users answer 404, as Gitea.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z } from '../api/openapi.ts';
import { requireUser } from '../auth/middleware.ts';
import { listFollowersPage, listFollowingPage } from '../db/social.ts';
import { notFound } from '../errors.ts';
import { followUser, isFollowing, unfollowUser } from '../services/user-social.ts';
import { visibleUserByName } from '../services/users.ts';
import { json, UsernameParam } from '../api/user-schemas.ts';
import { noContent, userPage, userStarsRoutes } from './user-stars.ts';
import { PageQuery } from '../api/params.ts';
import { UserList } from '../api/user-schemas.ts';

export const userSocialRoutes = createRouter();

// ---- followers / following ----

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/followers',
    operationId: 'userCurrentListFollowers',
    tags: ['user'],
    request: { query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    return c.json(await userPage(c, (db, visible, p) => listFollowersPage(db, me.id, visible, p), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/following',
    operationId: 'userCurrentListFollowing',
    tags: ['user'],
    request: { query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    return c.json(await userPage(c, (db, visible, p) => listFollowingPage(db, me.id, visible, p), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/following/{username}',
    operationId: 'userCurrentCheckFollowing',
    tags: ['user'],
    summary: 'Whether the caller follows a user: 204 yes, 404 no',
    request: { params: UsernameParam },
    responses: { ...noContent, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const target = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, me);
    if (!(await isFollowing(c.var.deps.db, me.id, target.id))) throw notFound();
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/user/following/{username}',
    operationId: 'userCurrentPutFollow',
    tags: ['user'],
    request: { params: UsernameParam },
    responses: { 204: { description: 'Followed' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const target = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, me);
    await followUser(c.var.deps.db, me.id, target.id);
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/following/{username}',
    operationId: 'userCurrentDeleteFollow',
    tags: ['user'],
    request: { params: UsernameParam },
    responses: { 204: { description: 'Unfollowed' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const target = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, me);
    await unfollowUser(c.var.deps.db, me.id, target.id);
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/followers',
    operationId: 'userListFollowers',
    tags: ['user'],
    request: { params: UsernameParam, query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(404) },
  }),
  async (c) => {
    const u = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    return c.json(await userPage(c, (db, visible, p) => listFollowersPage(db, u.id, visible, p), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/following',
    operationId: 'userListFollowing',
    tags: ['user'],
    request: { params: UsernameParam, query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(404) },
  }),
  async (c) => {
    const u = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    return c.json(await userPage(c, (db, visible, p) => listFollowingPage(db, u.id, visible, p), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/following/{target}',
    operationId: 'userCheckFollowing',
    tags: ['user'],
    summary: 'Whether a user follows another: 204 yes, 404 no',
    request: { params: z.object({ username: z.string(), target: z.string() }) },
    responses: { ...noContent, ...errorResponses(404) },
  }),
  async (c) => {
    const { username, target } = c.req.valid('param');
    const { db } = c.var.deps;
    const u = await visibleUserByName(db, username, c.var.user);
    const t = await visibleUserByName(db, target, c.var.user);
    if (!(await isFollowing(db, u.id, t.id))) throw notFound();
    return c.body(null, 204);
  },
);

// ---- stars and watching (user-stars.ts) ----

userSocialRoutes.route('/', userStarsRoutes);
