// Pinned issues and pull requests (Gitea 1.23's pin routes): the pinned lists for readers, pin,
// unpin and move for repository admins, and whether a new pin fits. Mounted before the issue and
// pull request routes, so /issues/pinned is not read as /issues/{index}.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses, z, json } from '../api/openapi.ts';
import { IssueSchema } from '../api/issue-schemas.ts';
import { PullRequestSchema, zIndex } from '../api/pull-schemas.ts';
import { IssueParams, RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import { listPullsByIssueIds } from '../db/pulls.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { loadRepo } from '../http/repo-context.ts';
import { getIssueByIndex } from '../services/conversation.ts';
import { toApiIssues } from '../services/issues-convert.ts';
import { listPinned, movePin, newPinsAllowed, pinIssue, unpinIssue } from '../services/issue-pins.ts';
import { toApiPulls } from '../services/pulls-convert.ts';
import { locked } from '../errors.ts';

export const issuePinsRoutes = createRouter();

issuePinsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/pinned',
    operationId: 'repoListPinnedIssues',
    tags: ['repository'],
    summary: "List a repo's pinned issues",
    request: { params: RepoParams },
    responses: { 200: json(z.array(IssueSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read', 'issues');
    const { db, config } = c.var.deps;
    const rows = await listPinned(db, rc.repo.id, false);
    return c.json(await toApiIssues(db, config, rows, new Map([[rc.repo.id, { repo: rc.repo, owner: rc.owner }]]), c.var.user), 200);
  },
);

issuePinsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/pulls/pinned',
    operationId: 'repoListPinnedPullRequests',
    tags: ['repository'],
    summary: "List a repo's pinned pull requests",
    request: { params: RepoParams },
    responses: { 200: json(z.array(PullRequestSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read', 'pulls');
    const { db, config } = c.var.deps;
    const issues = await listPinned(db, rc.repo.id, true);
    const prs = new Map(
      (
        await listPullsByIssueIds(
          db,
          issues.map((i) => i.id),
        )
      ).map((pr) => [pr.issue_id, pr]),
    );
    const rows = issues.flatMap((issue) => (prs.has(issue.id) ? [{ issue, pr: prs.get(issue.id)! }] : []));
    return c.json(await toApiPulls(db, config, rc, rows, c.var.user), 200);
  },
);

issuePinsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/new_pin_allowed',
    operationId: 'repoNewPinAllowed',
    tags: ['repository'],
    summary: 'Whether one more issue, and one more pull request, may be pinned',
    request: { params: RepoParams },
    responses: { 200: json(z.object({ issues: z.boolean(), pull_requests: z.boolean() }).openapi('NewIssuePinsAllowed')), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    return c.json(await newPinsAllowed(c.var.deps.db, rc.repo.id), 200);
  },
);

/** Gitea's reqToken + reqAdmin (and, as every write here, 423 on an archived repository). */
async function adminIssue(c: Context<AppEnv>, owner: string, repo: string, index: number) {
  const doer = requireUser(c);
  const rc = await loadIssueRepo(c, owner, repo, 'admin');
  if (rc.repo.is_archived === 1) throw locked();
  return { doer, issue: await getIssueByIndex(c.var.deps.db, rc.repo.id, index) };
}

for (const method of ['post', 'delete'] as const) {
  issuePinsRoutes.openapi(
    createRoute({
      method,
      path: '/repos/{owner}/{repo}/issues/{index}/pin',
      operationId: method === 'post' ? 'pinIssue' : 'unpinIssue',
      tags: ['issue'],
      summary: method === 'post' ? 'Pin an issue or pull request (repository admins)' : 'Unpin an issue or pull request (repository admins)',
      request: { params: IssueParams },
      responses: { 204: { description: method === 'post' ? 'Pinned' : 'Unpinned' }, ...errorResponses(401, 403, 404, 422, 423) },
    }),
    async (c) => {
      const { owner, repo, index } = c.req.valid('param');
      const { doer, issue } = await adminIssue(c, owner, repo, index);
      await (method === 'post' ? pinIssue(c.var.deps, issue, doer) : unpinIssue(c.var.deps, issue, doer));
      return c.body(null, 204);
    },
  );
}

issuePinsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/issues/{index}/pin/{position}',
    operationId: 'moveIssuePin',
    tags: ['issue'],
    summary: "Moves a pinned issue or pull request to a place among the repository's pins (repository admins)",
    // A position that is not a number is read as 0 (Gitea's PathParamInt64), refused after authorization.
    request: { params: IssueParams.extend({ position: zIndex('position') }) },
    responses: { 204: { description: 'Moved' }, ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, index, position } = c.req.valid('param');
    const { issue } = await adminIssue(c, owner, repo, index);
    await movePin(c.var.deps, issue, position);
    return c.body(null, 204);
  },
);
