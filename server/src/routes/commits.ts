// Commits: the history list, one commit, its raw diff/patch, and the pull request that merged it.
import { json } from '../api/openapi.ts';
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { PullRequestSchema } from '../api/pull-schemas.ts';
import { CommitSchema } from '../api/git-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { notFound, unprocessable } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { commitDiff, getCommit, listCommits } from '../services/commits.ts';
import { resolveCommit } from '../git/repo.ts';
import { findPullByCommit } from '../services/pulls/find.ts';
import { toApiPull } from '../services/pulls-convert.ts';

export const commitsRoutes = createRouter();

const zDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an RFC 3339 date')
  .optional();

const CommitOptionsQuery = {
  stat: zQueryBool.optional().openapi({ description: 'Include line counts (default true; false is faster).' }),
  verification: zQueryBool.optional().openapi({ description: 'Include signature verification (default true).' }),
  files: zQueryBool.optional().openapi({ description: 'Include the changed files (default true; false is faster).' }),
};

const commitOptions = (q: { stat?: boolean; verification?: boolean; files?: boolean }) => ({
  stat: q.stat ?? true,
  verification: q.verification ?? true,
  files: q.files ?? true,
});

/** Gitea refuses what cannot be a ref or SHA with 422 before looking it up. */
const isRefPattern = (s: string) =>
  !!s && !s.startsWith('-') && !s.includes('..') && !/[\0-\x20\x7f~^:?*[\\]/.test(s) && !s.endsWith('/') && !s.endsWith('.lock');

commitsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/commits',
    operationId: 'repoGetAllCommits',
    tags: ['repository'],
    summary: 'List commits, newest first',
    description: 'Headers: X-Total-Count, X-Page, X-PerPage, X-PageCount, X-HasMore and Link. With `path`, pages hold 50 commits whatever `limit` says.',
    request: {
      params: RepoParams,
      query: z.object({
        sha: z.string().optional().openapi({ description: 'SHA or branch to start from (default branch when absent).' }),
        path: z.string().optional().openapi({ description: 'Only commits touching this file or folder.' }),
        since: zDate.openapi({ description: 'Only commits after this date (RFC 3339).' }),
        until: zDate.openapi({ description: 'Only commits before this date (RFC 3339).' }),
        not: z.string().optional().openapi({ description: 'Leave out commits reachable from this SHA or branch.' }),
        ...CommitOptionsQuery,
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(z.array(CommitSchema)), ...errorResponses(400, 404, 409) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadRepo(c, owner, repo, 'read');
    const p = paging(q);
    const { db, config } = c.var.deps;
    const since = q.since ? new Date(q.since).toISOString() : undefined;
    const until = q.until ? new Date(q.until).toISOString() : undefined;
    const { total, limit, items } = await listCommits(
      db,
      config,
      rc,
      c.var.user,
      { sha: q.sha, path: q.path, not: q.not, since, until, page: p.page, limit: p.limit },
      commitOptions(q),
    );
    const pageCount = Math.ceil(total / limit);
    const headerPaging = { ...p, limit, offset: (p.page - 1) * limit };
    setPageHeaders(c, total, headerPaging, ['X-Page', 'X-PerPage', 'X-Total', 'X-PageCount', 'X-HasMore']);
    c.header('X-Page', String(p.page));
    c.header('X-PerPage', String(limit));
    c.header('X-Total', String(total));
    c.header('X-PageCount', String(pageCount));
    c.header('X-HasMore', String(p.page < pageCount));
    return c.json(items, 200);
  },
);

// Registered before /git/commits/{sha} so that "<sha>.diff" reaches this handler. Hono needs one
// parameter for the whole segment; the document shows Gitea's {sha}.{diffType}.
const diffRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/git/commits/{sha}.{diffType}',
  operationId: 'repoDownloadCommitDiffOrPatch',
  tags: ['repository'],
  summary: "A commit's raw diff or patch",
  request: { params: RepoParams.extend({ sha: z.string(), diffType: z.enum(['diff', 'patch']) }) },
  responses: { 200: { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses(404) },
});
commitsRoutes.openAPIRegistry.registerPath(diffRoute);
commitsRoutes.openapi(
  {
    ...diffRoute,
    hide: true,
    path: '/repos/{owner}/{repo}/git/commits/{file{[^/]+\\.(?:diff|patch)}}',
    request: { params: RepoParams.extend({ file: z.string() }) },
    // Raw bytes: a diff need not be valid UTF-8.
    responses: { 200: { description: 'Plain text' } },
  },
  async (c) => {
    const { owner, repo, file } = c.req.valid('param');
    const dot = file.lastIndexOf('.');
    const sha = file.slice(0, dot);
    const kind = file.slice(dot + 1) as 'diff' | 'patch';
    const rc = await loadRepo(c, owner, repo, 'read');
    const out = isRefPattern(sha) ? await commitDiff(rc, sha, kind) : null;
    if (!out) throw notFound(`commit does not exist [sha: ${sha}]`);
    return c.body(new Uint8Array(out), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  },
);

commitsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/git/commits/{sha}',
    operationId: 'repoGetSingleCommit',
    tags: ['repository'],
    summary: 'Get one commit by SHA, branch or tag',
    request: { params: RepoParams.extend({ sha: z.string() }), query: z.object(CommitOptionsQuery) },
    responses: { 200: json(CommitSchema), ...errorResponses(404, 422) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    if (!isRefPattern(sha)) throw unprocessable(`no valid ref or sha: ${sha}`);
    const { db, config } = c.var.deps;
    const commit = await getCommit(db, config, rc, c.var.user, sha, commitOptions(c.req.valid('query')));
    if (!commit) throw notFound(`commit does not exist [sha: ${sha}]`);
    return c.json(commit, 200);
  },
);

commitsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/commits/{sha}/pull',
    operationId: 'repoGetCommitPullRequest',
    tags: ['repository'],
    summary: 'The pull request that merged a commit',
    description: 'The pull request whose merge commit or head commit is this commit.',
    request: { params: RepoParams.extend({ sha: z.string() }) },
    responses: { 200: json(PullRequestSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const full = isRefPattern(sha) ? await resolveCommit(rc.dir, sha) : null;
    if (!full) throw notFound(`commit does not exist [sha: ${sha}]`);
    const row = await findPullByCommit(c.var.deps.db, rc.repo.id, full);
    if (!row) throw notFound('pull request does not exist');
    return c.json(await toApiPull(c.var.deps.db, c.var.deps.config, rc, row, c.var.user), 200);
  },
);
