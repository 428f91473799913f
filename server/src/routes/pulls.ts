// Pull requests: list, get, create, edit, get by base/head, commits, changed files, raw diff/patch
// (Gitea's routers/api/v1/repo/pull.go). The rules live in services/pulls/.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json, jsonBody } from '../api/openapi.ts';
import { ChangedFileSchema, CreatePullRequestSchema, EditPullRequestSchema, PullRequestSchema, withoutNulls, zIndex } from '../api/pull-schemas.ts';
import { CommitSchema } from '../api/git-schemas.ts';
import { notFound } from '../errors.ts';
import { paging, setPageHeaders, type Paging } from '../api/paging.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { loadPull } from '../http/pull-context.ts';
import { resolveNetworkHead } from '../services/forks.ts';
import { listPulls } from '../services/pulls/list.ts';
import { createPull } from '../services/pulls/create.ts';
import { editPull } from '../services/pulls/edit.ts';
import { findPullByBaseHead, pullDiffOrPatch, pullRange } from '../services/pulls/find.ts';
import { pageBranchTips, tipsStillAt, toApiPull, toApiPulls } from '../services/pulls-convert.ts';
import { keepWhile } from '../api/answer-memo.ts';
import { mergeBlockersOf } from '../services/pulls/merge-checks.ts';
import { repoApiUrl, repoHtmlUrl, toApiCommit, usersByEmail } from '../services/commits.ts';
import { countCommits, logCommits } from '../git/log.ts';
import { pullFiles } from '../git/pull-diff.ts';

export const pullsRoutes = createRouter();

const PullParams = RepoParams.extend({ index: zIndex('index') });

/** Documents the route under its Gitea path and serves it under a Hono path Hono can match (dots, slashes). */
function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  pullsRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

export const PULL_SORTS = ['oldest', 'recentupdate', 'recentclose', 'leastupdate', 'mostcomment', 'leastcomment', 'priority'] as const;
export const WHITESPACE_MODES = ['ignore-all', 'ignore-change', 'ignore-eol', 'show-all'] as const;

/** Repeated `labels=1&labels=2`, as Gitea's ctx.FormInt64s; one value arrives as a string. */
const zLabelIds = z
  .union([
    z.array(z.coerce.number().int()),
    z.coerce
      .number()
      .int()
      .transform((n) => [n]),
  ])
  .optional()
  .openapi({
    param: { name: 'labels', in: 'query', style: 'form', explode: true },
    type: 'array',
    items: { type: 'integer' },
    description: 'label ids (repeat the parameter)',
  });

export const listPullsRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls',
  operationId: 'repoListPullRequests',
  tags: ['repository'],
  summary: "List a repository's pull requests",
  request: {
    params: RepoParams,
    query: z.object({
      // Gitea reads a value it does not know as the default (open, newest, no milestone filter), never 400.
      state: z
        .enum(['open', 'closed', 'all'])
        .optional()
        .catch(undefined)
        .openapi({ type: 'string', enum: ['open', 'closed', 'all'], description: 'default open' }),
      base_branch: z.string().optional(),
      sort: z
        .enum(PULL_SORTS)
        .optional()
        .catch(undefined)
        .openapi({ type: 'string', enum: [...PULL_SORTS], description: 'default newest' }),
      milestone: z.coerce.number().int().optional().catch(undefined).openapi({ type: 'integer', description: 'milestone id' }),
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
  request: { params: RepoParams, body: jsonBody(CreatePullRequestSchema) },
  responses: { 201: json(PullRequestSchema, 'Created'), ...errorResponses(401, 403, 404, 409, 422, 423) },
});

export const editPullRoute = createRoute({
  method: 'patch',
  path: '/repos/{owner}/{repo}/pulls/{index}',
  operationId: 'repoEditPullRequest',
  tags: ['repository'],
  summary: 'Update a pull request (answers 201, as Gitea)',
  request: { params: PullParams, body: jsonBody(EditPullRequestSchema) },
  responses: { 201: json(PullRequestSchema, 'Updated'), ...errorResponses(401, 403, 404, 409, 412, 422, 423) },
});

export const pullCommitsRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/pulls/{index}/commits',
  operationId: 'repoGetPullRequestCommits',
  tags: ['repository'],
  summary: 'The commits of a pull request, newest first (as Gitea)',
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
      // As Gitea's GetWhitespaceFlag: an unknown mode shows all.
      whitespace: z
        .enum(WHITESPACE_MODES)
        .optional()
        .catch(undefined)
        .openapi({ type: 'string', enum: [...WHITESPACE_MODES] }),
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
  async (c) => {
    const { owner, repo, file } = c.req.valid('param');
    const q = c.req.valid('query');
    const [index, kind] = file.split('.') as [string, 'diff' | 'patch'];
    const { rc, pr } = await loadPull(c, owner, repo, Number(index), 'read');
    const out = await pullDiffOrPatch(rc, pr, kind, { whitespace: q.whitespace, binary: q.binary });
    return c.body(new Uint8Array(out), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  },
);

/** Paging headers of the pull request's commit and file lists (Gitea sets X-Page… on both). */
function setListHeaders(c: Context<AppEnv>, total: number, p: Paging) {
  const pageCount = Math.ceil(total / p.limit);
  setPageHeaders(c, total, p, ['X-Page', 'X-PerPage', 'X-PageCount', 'X-HasMore']);
  c.header('X-Page', String(p.page));
  c.header('X-PerPage', String(p.limit));
  c.header('X-PageCount', String(pageCount));
  c.header('X-HasMore', String(p.page < pageCount));
}

pullsRoutes.openapi(listPullsRoute, async (c) => {
  const { owner, repo } = c.req.valid('param');
  const q = c.req.valid('query');
  const rc = await loadIssueRepo(c, owner, repo, 'read', 'pulls');
  const { db, config } = c.var.deps;
  const p = paging(q);
  const { rows, total } = await listPulls(db, rc.repo.id, q, p);
  setPageHeaders(c, total, p);
  // The answer may be sent again while the branches it shows stay where they are (issue #22).
  const tips = pageBranchTips(rc, rows);
  if (tips) keepWhile(c, () => tipsStillAt(rc, rows, tips));
  return c.json(await toApiPulls(db, config, rc, rows, c.var.user, tips ?? undefined), 200);
});

pullsRoutes.openapi(getPullRoute, async (c) => {
  const { owner, repo, index } = c.req.valid('param');
  const { rc, issue, pr } = await loadPull(c, owner, repo, index, 'read');
  const pull = await toApiPull(c.var.deps.db, c.var.deps.config, rc, { issue, pr }, c.var.user);
  // Only here, not in lists: it asks git and the reviews of each pull request.
  const blockers = await mergeBlockersOf(c.var.deps, rc.repo, issue, pr, c.var.user);
  return c.json(blockers ? { ...pull, merge_blockers: blockers } : pull, 200);
});

pullsRoutes.openapi(createPullRoute, async (c) => {
  const doer = requireUser(c);
  const { owner, repo } = c.req.valid('param');
  const rc = await loadIssueRepo(c, owner, repo, 'participate', 'pulls');
  const row = await createPull(c.var.deps, rc, doer, withoutNulls(c.req.valid('json')));
  return c.json(await toApiPull(c.var.deps.db, c.var.deps.config, rc, row, doer), 201);
});

pullsRoutes.openapi(editPullRoute, async (c) => {
  const doer = requireUser(c);
  const { owner, repo, index } = c.req.valid('param');
  const { rc, issue, pr } = await loadPull(c, owner, repo, index, 'participate');
  const row = await editPull(c.var.deps, rc, { issue, pr }, doer, withoutNulls(c.req.valid('json')));
  // As Gitea: 201 (its own TODO says it should be 200).
  return c.json(await toApiPull(c.var.deps.db, c.var.deps.config, rc, row, doer), 201);
});

pullsRoutes.openapi(pullCommitsRoute, async (c) => {
  const { owner, repo, index } = c.req.valid('param');
  const q = c.req.valid('query');
  const { rc, pr } = await loadPull(c, owner, repo, index, 'read');
  const { db, config } = c.var.deps;
  const { base, to } = await pullRange(rc, pr);
  const filter = { revs: [to, `^${base}`] };
  const p = paging(q);
  const total = await countCommits(rc.dir, filter);
  // Newest first, in git log's order, as Gitea lists them (its test: the head commit is commits[0]).
  const opts = { stat: true, verification: q.verification ?? true, files: q.files ?? true };
  const logged = p.offset < total ? await logCommits(rc.dir, { ...filter, skip: p.offset, max: p.limit, files: opts.files, stat: true }) : [];
  const users = await usersByEmail(
    db,
    logged.flatMap((cm) => [cm.author.email, cm.committer.email]),
  );
  setListHeaders(c, total, p);
  return c.json(
    logged.map((cm) => toApiCommit(cm, rc, config, users, c.var.user, opts)),
    200,
  );
});

const escapePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

pullsRoutes.openapi(pullFilesRoute, async (c) => {
  const { owner, repo, index } = c.req.valid('param');
  const q = c.req.valid('query');
  const { rc, pr } = await loadPull(c, owner, repo, index, 'read');
  const { config } = c.var.deps;
  const { from, to } = await pullRange(rc, pr);
  let files = await pullFiles(rc.dir, from, to, q.whitespace);
  const skipTo = q['skip-to'];
  if (skipTo) {
    const at = files.findIndex((f) => f.filename === skipTo);
    if (at > 0) files = files.slice(at);
  }
  const p = paging(q);
  const html = repoHtmlUrl(config, rc);
  const api = repoApiUrl(config, rc);
  setListHeaders(c, files.length, p);
  // URLs point at the head commit, which refs/pull/{index}/head keeps in this repository (as Gitea).
  const page = files.slice(p.offset, p.offset + p.limit).map((f) => ({
    ...f,
    html_url: `${html}/src/commit/${to}/${escapePath(f.filename)}`,
    contents_url: `${api}/contents/${escapePath(f.filename)}?ref=${to}`,
    raw_url: `${html}/raw/commit/${to}/${escapePath(f.filename)}`,
  }));
  return c.json(page, 200);
});

// Last: {base}/{head} would take every /pulls/{index}/… path; the head may hold slashes.
pullsRoutes.openapi(wideRoute(pullByBaseHeadRoute, '/repos/{owner}/{repo}/pulls/{base}/:head{.+}'), async (c) => {
  const { owner, repo, base, head } = c.req.valid('param');
  const rc = await loadIssueRepo(c, owner, repo, 'read', 'pulls');
  const { db, config } = c.var.deps;
  // owner:branch or owner/repo:branch names a repository of the fork network (forks.ts), as Gitea's GetPullRequestByBaseHead.
  const { head: headRepo, branch: headBranch } = await resolveNetworkHead(c.var.deps, rc, c.var.user, head);
  const headRepoId = headRepo.repo.id;
  const row = await findPullByBaseHead(db, rc.repo.id, headRepoId, base, headBranch);
  if (!row) throw notFound('pull request does not exist');
  return c.json(await toApiPull(db, config, rc, row, c.var.user), 200);
});
