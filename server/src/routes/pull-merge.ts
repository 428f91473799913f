// Merging pull requests: POST/GET/DELETE /pulls/{index}/merge and POST /pulls/{index}/update, as
// Gitea's repoMergePullRequest, repoPullRequestIsMerged, repoCancelScheduledAutoMerge and
// repoUpdatePullRequest. The rules live in services/pulls/merge.ts, auto-merge.ts and update.ts.
import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { createRouter, errorResponses, z } from '../api/openapi.ts';
import { MergePullRequestSchema, zIndex } from '../api/pull-schemas.ts';
import { RepoParams } from '../api/params.ts';
import type { AppEnv } from '../context.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadPull } from '../http/pull-context.ts';
import { cancelScheduledMerge } from '../services/pulls/auto-merge.ts';
import { mergePullRequestApi } from '../services/pulls/merge.ts';
import { updatePullRequest } from '../services/pulls/update.ts';
import { notFound } from '../errors.ts';

export const pullMergeRoutes = createRouter();

const PullParams = RepoParams.extend({ index: zIndex('index') });

// Keys compare without case and without '_'/'-', so `merge_title_field` finds MergeTitleField too.
const looseKey = (k: string) => k.toLowerCase().replace(/[_-]/g, '');
const KEY_BY_LOOSE = new Map(Object.keys(MergePullRequestSchema.shape).map((k) => [looseKey(k), k]));

/**
 * Gitea binds the merge form case-insensitively (`do`, `mergetitlefield`, `HEAD_COMMIT_ID` all
 * work). The JSON is re-keyed to the schema's own names before the validator reads it.
 */
const normaliseMergeKeys: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (/^application\/([\w.-]+\+)?json/i.test(type)) {
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = text.trim() ? JSON.parse(text) : {};
    } catch {
      parsed = undefined; // left for the validator to refuse as malformed
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(parsed)) out[KEY_BY_LOOSE.get(looseKey(k)) ?? k] = v;
      // Gitea's form leaves an empty Do to mean the default style.
      if (out.Do === '') delete out.Do;
      // Hono keeps the body promise here; json() (what the validator calls) parses this text.
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(JSON.stringify(out));
    }
  }
  await next();
};

pullMergeRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    operationId: 'repoMergePullRequest',
    tags: ['repository'],
    summary: 'Merge a pull request (keys matched case-insensitively, as Gitea)',
    middleware: [normaliseMergeKeys] as const,
    request: { params: PullParams, body: { content: { 'application/json': { schema: MergePullRequestSchema } }, required: false } },
    responses: {
      200: { description: 'Merged' },
      201: { description: 'Scheduled to merge when the checks succeed' },
      ...errorResponses(401, 404, 405, 409, 422, 423),
    },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    // 'participate': a reader may ask (the service answers 405 as Gitea), an archived repository is 423.
    const pc = await loadPull(c, owner, repo, index, 'participate');
    const result = await mergePullRequestApi(c.var.deps, pc, doer, c.req.valid('json') ?? {});
    return c.body(null, result === 'scheduled' ? 201 : 200);
  },
);

pullMergeRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    operationId: 'repoPullRequestIsMerged',
    tags: ['repository'],
    summary: 'Check if a pull request has been merged',
    request: { params: PullParams },
    responses: { 204: { description: 'The pull request has been merged' }, ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const { pr } = await loadPull(c, owner, repo, index, 'read');
    if (pr.has_merged !== 1) throw notFound();
    return c.body(null, 204);
  },
);

pullMergeRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/pulls/{index}/merge',
    operationId: 'repoCancelScheduledAutoMerge',
    tags: ['repository'],
    summary: 'Cancel the scheduled auto merge of a pull request',
    request: { params: PullParams },
    responses: { 204: { description: 'Cancelled' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const pc = await loadPull(c, owner, repo, index, 'participate');
    await cancelScheduledMerge(c.var.deps, pc, doer);
    return c.body(null, 204);
  },
);

pullMergeRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/pulls/{index}/update',
    operationId: 'repoUpdatePullRequest',
    tags: ['repository'],
    summary: "Merge the pull request's base branch into its head branch (or rebase the head onto it)",
    request: {
      params: PullParams,
      query: z.object({ style: z.enum(['merge', 'rebase']).optional().openapi({ description: 'how to update the pull request (default merge)' }) }),
    },
    responses: { 200: { description: 'Updated' }, ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const pc = await loadPull(c, owner, repo, index, 'participate');
    await updatePullRequest(c.var.deps, pc, doer, c.req.valid('query').style ?? 'merge');
    return c.body(null, 200);
  },
);
