// Following users, starring and watching repositories (Gitea's routers/api/v1/user/follower.go,
// star.go, watch.go). Hidden users and unreadable repositories answer 404, as Gitea.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SelectQueryBuilder } from 'kysely';
import { createRouter, errorResponses, z, zLimit, zPage } from '../api/openapi.ts';
import { RepositorySchema, UserSchema } from '../api/schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import type { Database, RepoRow, UserRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readableRepo } from '../services/repos.ts';
import { followUser, getWatch, isFollowing, isStarring, setStar, setWatch, unfollowUser } from '../services/user-social.ts';
import { visibleUser } from '../services/permissions.ts';
import { visibleUserByName } from '../services/users.ts';
import { toApiRepos } from './repos.ts';
import { json, RepoParam, UsernameParam, WatchInfoSchema } from './user-schemas.ts';

export const userSocialRoutes = createRouter();

const PageQuery = z.object({ page: zPage, limit: zLimit });
const UserList = z.array(UserSchema).openapi('UserList');
const RepoList = z.array(RepositorySchema).openapi('RepositoryList');
const noContent = { 204: { description: 'Yes / done' } };

type Ctx = Context<AppEnv>;

/** Pages a query over `user` the viewer may see, newest relation first, and sets X-Total-Count. */
async function userPage(c: Ctx, q: SelectQueryBuilder<Database, 'user', object>, query: { page?: number; limit?: number }) {
  const viewer = c.var.user;
  const p = paging(query);
  const visible = q.where(visibleUser(viewer));
  const { n } = await visible.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await visible.selectAll('user').orderBy('user.id').limit(p.limit).offset(p.offset).execute();
  setPageHeaders(c, Number(n), p);
  return rows.map((u) => toApiUser(u as UserRow, c.var.deps.config, viewer));
}

/** Pages repositories (ids from a subquery) that the viewer may read. */
async function repoPage(
  c: Ctx,
  where: (q: SelectQueryBuilder<Database, 'repository', object>) => SelectQueryBuilder<Database, 'repository', object>,
  query: { page?: number; limit?: number },
) {
  const p = paging(query);
  const q = where(c.var.deps.db.selectFrom('repository')).where(readableRepo(c.var.user));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = (await q.selectAll('repository').orderBy('repository.id', 'desc').limit(p.limit).offset(p.offset).execute()) as RepoRow[];
  setPageHeaders(c, Number(n), p);
  return toApiRepos(c, rows);
}

const followersOf = (c: Ctx, userId: number) =>
  c.var.deps.db.selectFrom('user').where('user.id', 'in', c.var.deps.db.selectFrom('follow').select('follow.user_id').where('follow.follow_id', '=', userId));
const followingOf = (c: Ctx, userId: number) =>
  c.var.deps.db.selectFrom('user').where('user.id', 'in', c.var.deps.db.selectFrom('follow').select('follow.follow_id').where('follow.user_id', '=', userId));

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
    return c.json(await userPage(c, followersOf(c, me.id), c.req.valid('query')), 200);
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
    return c.json(await userPage(c, followingOf(c, me.id), c.req.valid('query')), 200);
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
    return c.json(await userPage(c, followersOf(c, u.id), c.req.valid('query')), 200);
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
    return c.json(await userPage(c, followingOf(c, u.id), c.req.valid('query')), 200);
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

// ---- stars ----

const starredBy = (c: Ctx, uid: number) => (q: SelectQueryBuilder<Database, 'repository', object>) =>
  q.where('repository.id', 'in', c.var.deps.db.selectFrom('star').select('star.repo_id').where('star.uid', '=', uid));

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/starred',
    operationId: 'userCurrentListStarred',
    tags: ['user'],
    request: { query: PageQuery },
    responses: { 200: json(RepoList), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    return c.json(await repoPage(c, starredBy(c, me.id), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/starred',
    operationId: 'userListStarred',
    tags: ['user'],
    request: { params: UsernameParam, query: PageQuery },
    responses: { 200: json(RepoList), ...errorResponses(404) },
  }),
  async (c) => {
    const u = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    return c.json(await repoPage(c, starredBy(c, u.id), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/starred/{owner}/{repo}',
    operationId: 'userCurrentCheckStarring',
    tags: ['user'],
    summary: 'Whether the caller starred a repository: 204 yes, 404 no',
    request: { params: RepoParam },
    responses: { ...noContent, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    if (!(await isStarring(c.var.deps.db, me.id, rc.repo.id))) throw notFound();
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/user/starred/{owner}/{repo}',
    operationId: 'userCurrentPutStar',
    tags: ['user'],
    request: { params: RepoParam },
    responses: { 204: { description: 'Starred' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    await setStar(c.var.deps.db, me.id, rc.repo.id, true);
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/user/starred/{owner}/{repo}',
    operationId: 'userCurrentDeleteStar',
    tags: ['user'],
    request: { params: RepoParam },
    responses: { 204: { description: 'Unstarred' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    await setStar(c.var.deps.db, me.id, rc.repo.id, false);
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/stargazers',
    operationId: 'repoListStargazers',
    tags: ['repository'],
    request: { params: RepoParam, query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const q = db.selectFrom('user').where('user.id', 'in', db.selectFrom('star').select('star.uid').where('star.repo_id', '=', rc.repo.id));
    return c.json(await userPage(c, q, c.req.valid('query')), 200);
  },
);

// ---- watching ----

function watchInfo(c: Ctx, rc: { repo: RepoRow; owner: UserRow }) {
  const apiUrl = `${c.var.deps.config.rootUrl}api/v1/repos/${rc.owner.name}/${rc.repo.name}`;
  // created_at is the repository's creation time, as Gitea's IsWatching/Watch answer.
  return { subscribed: true, ignored: false, reason: null, created_at: unixToIso(rc.repo.created_unix), url: `${apiUrl}/subscription`, repository_url: apiUrl };
}

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/subscription',
    operationId: 'userCurrentCheckSubscription',
    tags: ['repository'],
    summary: 'Whether the caller watches the repository: WatchInfo, or 404',
    request: { params: RepoParam },
    responses: { 200: json(WatchInfoSchema), ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    if (!(await getWatch(c.var.deps.db, me.id, rc.repo.id))) throw notFound();
    return c.json(watchInfo(c, rc), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/subscription',
    operationId: 'userCurrentPutSubscription',
    tags: ['repository'],
    request: { params: RepoParam },
    responses: { 200: json(WatchInfoSchema), ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    await setWatch(c.var.deps.db, me.id, rc.repo.id, true);
    return c.json(watchInfo(c, rc), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/subscription',
    operationId: 'userCurrentDeleteSubscription',
    tags: ['repository'],
    request: { params: RepoParam },
    responses: { 204: { description: 'Unwatched' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    await setWatch(c.var.deps.db, me.id, rc.repo.id, false);
    return c.body(null, 204);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/subscribers',
    operationId: 'repoListSubscribers',
    tags: ['repository'],
    request: { params: RepoParam, query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const q = db.selectFrom('user').where('user.id', 'in', db.selectFrom('watch').select('watch.user_id').where('watch.repo_id', '=', rc.repo.id));
    return c.json(await userPage(c, q, c.req.valid('query')), 200);
  },
);

const watchedBy = (c: Ctx, uid: number) => (q: SelectQueryBuilder<Database, 'repository', object>) =>
  q.where('repository.id', 'in', c.var.deps.db.selectFrom('watch').select('watch.repo_id').where('watch.user_id', '=', uid));

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/subscriptions',
    operationId: 'userCurrentListSubscriptions',
    tags: ['user'],
    request: { query: PageQuery },
    responses: { 200: json(RepoList), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    return c.json(await repoPage(c, watchedBy(c, me.id), c.req.valid('query')), 200);
  },
);

userSocialRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/subscriptions',
    operationId: 'userListSubscriptions',
    tags: ['user'],
    request: { params: UsernameParam, query: PageQuery },
    responses: { 200: json(RepoList), ...errorResponses(404) },
  }),
  async (c) => {
    const u = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    return c.json(await repoPage(c, watchedBy(c, u.id), c.req.valid('query')), 200);
  },
);
