// Commit statuses: post a CI result on a commit, list a commit's statuses, and its combined status,
// as Gitea's routers/api/v1/repo/status.go.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { toApiRepo } from '../api/convert.ts';
import { apiRepoMode } from '../services/permissions.ts';
import { type ApiCombinedStatus, CombinedStatusSchema, CommitStatusSchema, CreateStatusSchema, COMMIT_STATES } from '../api/pull-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { combineStates, createStatus, listStatuses, resolveRefCommit, shaOrInput, toApiStatuses } from '../services/pulls/statuses.ts';
import { latestStatuses } from '../db/commit-statuses.ts';

export const statusesRoutes = createRouter();

const SORTS = ['oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex'] as const;

// Gitea ignores a sort or state it does not know instead of refusing it, so these stay plain strings.
const ListQuery = z.object({
  sort: z
    .string()
    .optional()
    .openapi({
      description: `One of ${SORTS.join(', ')} (default: newest first). As Gitea, leastindex lists the highest index first and highestindex the lowest.`,
    }),
  state: z
    .string()
    .optional()
    .openapi({ description: `Only statuses in this state: ${COMMIT_STATES.join(', ')}.` }),
  page: zPage,
  limit: zLimit,
});

statusesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    operationId: 'repoCreateStatus',
    tags: ['repository'],
    summary: 'Create a commit status',
    description:
      'Needs write access. `sha` may be a full or short SHA (or a branch or tag); the status is stored on the full SHA. `context` defaults to "default". Statuses are numbered per commit: `id` is that number.',
    request: { params: RepoParams.extend({ sha: z.string() }), body: jsonBody(CreateStatusSchema) },
    responses: { 201: json(CommitStatusSchema, 'Created'), ...errorResponses(400, 401, 403, 404, 422) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    // Gitea does not check archived repositories here: CI may still report on them.
    const rc = await loadRepo(c, owner, repo, 'write', { allowArchived: true });
    const doer = requireUser(c);
    const input = c.req.valid('json');
    const { deps } = c.var;
    const row = await createStatus(deps, rc, doer, sha, input);
    const [status] = await toApiStatuses(deps.db, deps.config, rc, [row], doer);
    return c.json(status, 201);
  },
);

async function listHandler(c: Context<AppEnv>, owner: string, repo: string, ref: string, byRef: boolean, q: z.infer<typeof ListQuery>) {
  const rc = await loadRepo(c, owner, repo, 'read');
  const sha = byRef ? await resolveRefCommit(rc, ref) : await shaOrInput(rc, ref);
  const p = paging(q);
  const { db, config } = c.var.deps;
  const { total, rows } = await listStatuses(db, rc.repo.id, sha, { sort: q.sort?.trim(), state: q.state?.trim(), offset: p.offset, limit: p.limit });
  setPageHeaders(c, total, p);
  return c.json(await toApiStatuses(db, config, rc, rows, c.var.user), 200);
}

statusesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    operationId: 'repoListStatuses',
    tags: ['repository'],
    summary: "Get a commit's statuses",
    description: 'Headers: X-Total-Count and Link. An unknown SHA has no statuses (an empty list).',
    request: { params: RepoParams.extend({ sha: z.string() }), query: ListQuery },
    responses: { 200: json(z.array(CommitStatusSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    return listHandler(c, owner, repo, sha, false, c.req.valid('query'));
  },
);

statusesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/commits/{ref}/statuses',
    operationId: 'repoListStatusesByRef',
    tags: ['repository'],
    summary: "Get a commit's statuses, by branch, tag or commit",
    description: 'Headers: X-Total-Count and Link. 404 when the ref names no commit.',
    request: { params: RepoParams.extend({ ref: z.string() }), query: ListQuery },
    responses: { 200: json(z.array(CommitStatusSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, ref } = c.req.valid('param');
    return listHandler(c, owner, repo, ref, true, c.req.valid('query'));
  },
);

statusesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/commits/{ref}/status',
    operationId: 'repoGetCombinedStatusByRef',
    tags: ['repository'],
    summary: "Get a commit's combined status, by branch, tag or commit",
    description:
      'The latest status of each context (paged by context, newest first; X-Total-Count counts contexts) and their combined state: failure when any is error or failure, success when all are success or warning, pending otherwise; "" when the commit has no status.',
    request: { params: RepoParams.extend({ ref: z.string() }), query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(CombinedStatusSchema), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, ref } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const sha = await resolveRefCommit(rc, ref);
    const p = paging(c.req.valid('query'));
    const { db, config } = c.var.deps;
    const { rows, total } = await latestStatuses(db, rc.repo.id, sha, p);
    const repoApi = toApiRepo(rc.repo, rc.owner, apiRepoMode(rc.perm), config, c.var.user);
    const commitUrl = `${repoApi.url}/commits/${encodeURIComponent(sha)}`;
    c.header('X-Total-Count', String(total));
    const combined: ApiCombinedStatus = {
      state: combineStates(rows.map((r) => r.state)) ?? '',
      sha,
      total_count: rows.length,
      statuses: await toApiStatuses(db, config, rc, rows, c.var.user),
      repository: repoApi,
      commit_url: commitUrl,
      url: `${commitUrl}/status`,
    };
    return c.json(combined, 200);
  },
);
