// Starring and watching repositories (Gitea's routers/api/v1/user/star.go, watch.go), and the
// paged user lists the social routes share. Merged into userSocialRoutes (user-social.ts).
// Unreadable repositories answer 404, as Gitea.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses } from '../api/openapi.ts';
import { toApiUser } from '../api/convert.ts';
import { type Paging, paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import type { Db } from '../db/types.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import type { RepoFilter, RowsPage, UserFilter } from '../db/page-rows.ts';
import { listStargazersPage, listStarredReposPage, listWatchedReposPage, listWatchersPage } from '../db/social.ts';
import { notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readableRepo } from '../services/repos.ts';
import { getWatch, isStarring, setStar, setWatch } from '../services/user-social.ts';
import { visibleUser } from '../services/permissions.ts';
import { visibleUserByName } from '../services/users.ts';
import { json, RepoParam, UsernameParam, WatchInfoSchema, UserList } from '../api/user-schemas.ts';
import { RepoList } from '../api/repo-schemas.ts';
import { PageQuery } from '../api/params.ts';
import { toApiRepos } from './repos.ts';

export const userStarsRoutes = createRouter();

export const noContent = { 204: { description: 'Yes / done' } };

type Ctx = Context<AppEnv>;
type ListOf<R, F> = (db: Db, filter: F, p: Paging) => Promise<RowsPage<R>>;

/** A page of the users `list` reads that the viewer may see, by id, with X-Total-Count. */
export async function userPage(c: Ctx, list: ListOf<UserRow, UserFilter>, query: { page?: number; limit?: number }) {
  const viewer = c.var.user;
  const p = paging(query);
  const { total, rows } = await list(c.var.deps.db, visibleUser(viewer), p);
  setPageHeaders(c, total, p);
  return rows.map((u) => toApiUser(u, c.var.deps.config, viewer));
}

/** A page of the repositories `list` reads that the viewer may read, newest first. */
/**
 * `of`: whose stars or watches these are. Another user's list shows public repositories only,
 * whatever the caller may read (Gitea's GetStarredRepos and GetWatchedRepos: private ones only
 * for the user themself), so it never tells which private repositories someone follows.
 */
async function repoPage(c: Ctx, list: ListOf<RepoRow, RepoFilter>, query: { page?: number; limit?: number }, of?: UserRow) {
  const p = paging(query);
  const readable = readableRepo(c.var.user);
  const others = !!of && of.id !== c.var.user?.id;
  const filter: RepoFilter = others ? (eb) => eb.and([readable(eb), eb('repository.is_private', '=', 0)]) : readable;
  const { total, rows } = await list(c.var.deps.db, filter, p);
  setPageHeaders(c, total, p);
  return toApiRepos(c, rows);
}

// ---- stars ----

userStarsRoutes.openapi(
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
    return c.json(await repoPage(c, (db, readable, p) => listStarredReposPage(db, me.id, readable, p), c.req.valid('query')), 200);
  },
);

userStarsRoutes.openapi(
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
    return c.json(await repoPage(c, (db, readable, p) => listStarredReposPage(db, u.id, readable, p), c.req.valid('query'), u), 200);
  },
);

userStarsRoutes.openapi(
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

userStarsRoutes.openapi(
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

userStarsRoutes.openapi(
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

userStarsRoutes.openapi(
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
    return c.json(await userPage(c, (db, visible, p) => listStargazersPage(db, rc.repo.id, visible, p), c.req.valid('query')), 200);
  },
);

// ---- watching ----

function watchInfo(c: Ctx, rc: { repo: RepoRow; owner: UserRow }) {
  const apiUrl = `${c.var.deps.config.rootUrl}api/v1/repos/${rc.owner.name}/${rc.repo.name}`;
  // created_at is the repository's creation time, as Gitea's IsWatching/Watch answer.
  return { subscribed: true, ignored: false, reason: null, created_at: unixToIso(rc.repo.created_unix), url: `${apiUrl}/subscription`, repository_url: apiUrl };
}

userStarsRoutes.openapi(
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
    const { owner, repo } = c.req.valid('param');
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const rc = await loadRepo(c, owner, repo, 'read');
    const me = requireUser(c);
    if (!(await getWatch(c.var.deps.db, me.id, rc.repo.id))) throw notFound();
    return c.json(watchInfo(c, rc), 200);
  },
);

userStarsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/subscription',
    operationId: 'userCurrentPutSubscription',
    tags: ['repository'],
    request: { params: RepoParam },
    responses: { 200: json(WatchInfoSchema), ...errorResponses(401, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const rc = await loadRepo(c, owner, repo, 'read');
    const me = requireUser(c);
    await setWatch(c.var.deps.db, me.id, rc.repo.id, true);
    return c.json(watchInfo(c, rc), 200);
  },
);

userStarsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/subscription',
    operationId: 'userCurrentDeleteSubscription',
    tags: ['repository'],
    request: { params: RepoParam },
    responses: { 204: { description: 'Unwatched' }, ...errorResponses(401, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const rc = await loadRepo(c, owner, repo, 'read');
    const me = requireUser(c);
    await setWatch(c.var.deps.db, me.id, rc.repo.id, false);
    return c.body(null, 204);
  },
);

userStarsRoutes.openapi(
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
    return c.json(await userPage(c, (db, visible, p) => listWatchersPage(db, rc.repo.id, visible, p), c.req.valid('query')), 200);
  },
);

userStarsRoutes.openapi(
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
    return c.json(await repoPage(c, (db, readable, p) => listWatchedReposPage(db, me.id, readable, p), c.req.valid('query')), 200);
  },
);

userStarsRoutes.openapi(
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
    return c.json(await repoPage(c, (db, readable, p) => listWatchedReposPage(db, u.id, readable, p), c.req.valid('query'), u), 200);
  },
);
