// Pull requests: list, get, create, edit, get by base/head, commits, changed files, raw diff/patch
// (Gitea's routers/api/v1/repo/pull.go). The rules live in services/pulls.ts.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool } from '../api/openapi.ts';
import { ChangedFileSchema, CreatePullRequestSchema, EditPullRequestSchema, PullRequestSchema } from '../api/pull-schemas.ts';
import { CommitSchema } from './commits.ts';
import { notFound } from '../errors.ts';

export const pullsRoutes = createRouter();

const json = <T extends z.ZodTypeAny>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const RepoParams = z.object({ owner: z.string(), repo: z.string() });
const PullParams = RepoParams.extend({ index: z.coerce.number().int().openapi({ param: { name: 'index', in: 'path' }, example: 1 }) });

/** Documents the route under its Gitea path and serves it under a Hono path Hono can match (dots, slashes). */
function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  pullsRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

export const PULL_SORTS = ['oldest', 'recentupdate', 'recentclose', 'leastupdate', 'mostcomment', 'leastcomment', 'priority'] as const;
export const WHITESPACE_MODES = ['ignore-all', 'ignore-change', 'ignore-eol', 'show-all'] as const;

/** Repeated `labels=1&labels=2`, as Gitea's ctx.FormInt64s; one value arrives as a string. */
const zLabelIds = z
  .union([z.array(z.coerce.number().int()), z.coerce.number().int().transform((n) => [n])])
  .optional()
  .openapi({ param: { name: 'labels', in: 'query', style: 'form', explode: true }, type: 'array', items: { type: 'integer' }, description: 'label ids (repeat the parameter)' });

export const listPullsRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls',
  operationId: 'repoListPullRequests',
  tags: ['repository'],
  summary: "List a repository's pull requests",
  request: {
    params: RepoParams,
    query: z.object({
      state: z.enum(['open', 'closed', 'all']).optional().openapi({ description: 'default open' }),
      base_branch: z.string().optional(),
      sort: z.enum(PULL_SORTS).optional().openapi({ description: 'default newest' }),
      milestone: z.coerce.number().int().optional().openapi({ description: 'milestone id' }),
      labels: zLabelIds,
      poster: z.string().optional().openapi({ description: 'username of the author' }),
      page: zPage,
      limit: zLimit,
    }),
  },
  responses: { 200: json(z.array(PullRequestSchema)), ...errorResponses(400, 404, 500) },
});

export const getPullRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{index}',
  operationId: 'repoGetPullRequest',
  tags: ['repository'],
  summary: 'Get a pull request',
  request: { params: PullParams },
  responses: { 200: json(PullRequestSchema), ...errorResponses(404) },
});

export const createPullRoute = createRoute({
  method: 'post',
  path: '/repos/{owner}/{repo}/pulls',
  operationId: 'repoCreatePullRequest',
  tags: ['repository'],
  summary: 'Create a pull request',
  request: { params: RepoParams, ...body(CreatePullRequestSchema) },
  responses: { 201: json(PullRequestSchema, 'Created'), ...errorResponses(401, 403, 404, 409, 422, 423) },
});

export const editPullRoute = createRoute({
  method: 'patch',
  path: '/repos/{owner}/{repo}/pulls/{index}',
  operationId: 'repoEditPullRequest',
  tags: ['repository'],
  summary: 'Update a pull request (answers 201, as Gitea)',
  request: { params: PullParams, ...body(EditPullRequestSchema) },
  responses: { 201: json(PullRequestSchema, 'Updated'), ...errorResponses(401, 403, 404, 409, 412, 422, 423) },
});

export const pullCommitsRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{index}/commits',
  operationId: 'repoGetPullRequestCommits',
  tags: ['repository'],
  summary: 'The commits of a pull request, oldest first',
  description: 'Headers: X-Total-Count, X-Page, X-PerPage, X-PageCount, X-HasMore and Link.',
  request: {
    params: PullParams,
    query: z.object({
      page: zPage,
      limit: zLimit,
      verification: zQueryBool.optional().openapi({ description: 'include signature verification (default true)' }),
      files: zQueryBool.optional().openapi({ description: 'include the changed files (default true)' }),
    }),
  },
  responses: { 200: json(z.array(CommitSchema)), ...errorResponses(404) },
});

export const pullFilesRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{index}/files',
  operationId: 'repoGetPullRequestFiles',
  tags: ['repository'],
  summary: 'The files a pull request changes',
  description: 'Headers: X-Total-Count, X-Page, X-PerPage, X-PageCount, X-HasMore and Link.',
  request: {
    params: PullParams,
    query: z.object({
      'skip-to': z.string().optional().openapi({ description: 'start the list at this file' }),
      whitespace: z.enum(WHITESPACE_MODES).optional(),
      page: zPage,
      limit: zLimit,
    }),
  },
  responses: { 200: json(z.array(ChangedFileSchema)), ...errorResponses(404) },
});

export const pullDiffRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{index}.{diffType}',
  operationId: 'repoDownloadPullDiffOrPatch',
  tags: ['repository'],
  summary: "A pull request's raw diff or patch",
  request: {
    params: PullParams.extend({ diffType: z.enum(['diff', 'patch']) }),
    query: z.object({
      binary: zQueryBool.optional().openapi({ description: 'include binary changes' }),
      whitespace: z.enum(WHITESPACE_MODES).optional().openapi({ description: 'ours (Gitea ignores it): whitespace mode of a .diff' }),
    }),
  },
  responses: { 200: { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(404) },
});

export const pullByBaseHeadRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{base}/{head}',
  operationId: 'repoGetPullRequestByBaseHead',
  tags: ['repository'],
  summary: 'The newest pull request from head into base',
  request: { params: RepoParams.extend({ base: z.string(), head: z.string().openapi({ description: 'branch, or owner:branch' }) }) },
  responses: { 200: json(PullRequestSchema), ...errorResponses(404) },
});

// Handlers. The raw diff comes first: "/pulls/1.diff" must not be read as /pulls/{index}.
pullsRoutes.openapi(
  {
    ...wideRoute(pullDiffRoute, '/repos/{owner}/{repo}/pulls/{file{[0-9]+\\.(?:diff|patch)}}'),
    request: { params: RepoParams.extend({ file: z.string() }), query: pullDiffRoute.request.query },
    // Raw bytes: a diff need not be valid UTF-8.
    responses: { 200: { description: 'Plain text' } },
  },
  async () => {
    throw notFound('not implemented yet');
  },
);

pullsRoutes.openapi(listPullsRoute, async (c) => c.json([], 200));

pullsRoutes.openapi(getPullRoute, async () => {
  throw notFound('pull request does not exist');
});

pullsRoutes.openapi(createPullRoute, async () => {
  throw notFound('not implemented yet');
});

pullsRoutes.openapi(editPullRoute, async () => {
  throw notFound('pull request does not exist');
});

pullsRoutes.openapi(pullCommitsRoute, async (c) => c.json([], 200));

pullsRoutes.openapi(pullFilesRoute, async (c) => c.json([], 200));

// Last: {base}/{head} would take every /pulls/{index}/… path; the head may hold slashes.
pullsRoutes.openapi(wideRoute(pullByBaseHeadRoute, '/repos/{owner}/{repo}/pulls/{base}/:head{.+}'), async () => {
  throw notFound('pull request does not exist');
});
