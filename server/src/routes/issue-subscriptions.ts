// Issue and pull request subscriptions (Gitea's routers/api/v1/repo/issue_subscription.go): who
// follows an issue, whether the caller does, and following or muting it for oneself (a site admin
// for anyone). PUT/DELETE answer 201 when the state changed and 200 when it was so already.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, json, z } from '../api/openapi.ts';
import { toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { IssueParams, PageQuery } from '../api/params.ts';
import { UserList, WatchInfoSchema } from '../api/user-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { getIssueByIndex } from '../services/conversation.ts';
import { isWatchingIssue, issueSubscribersPage, setIssueWatch } from '../services/issue-subscriptions.ts';
import { visibleUserByName } from '../services/users.ts';

export const issueSubscriptionsRoutes = createRouter();

const UserParams = IssueParams.extend({ user: z.string() });

/** The repository and the issue, 404 when the caller may not read it. */
async function loadIssue(c: Context<AppEnv>, p: { owner: string; repo: string; index: number }) {
  const rc = await loadIssueRepo(c, p.owner, p.repo, 'read');
  const issue = await getIssueByIndex(c.var.deps.db, rc.repo.id, p.index);
  if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw notFound();
  return { rc, issue };
}

issueSubscriptionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/subscriptions',
    operationId: 'issueSubscriptions',
    tags: ['issue'],
    summary: 'The users who follow an issue',
    request: { params: IssueParams, query: PageQuery },
    responses: { 200: json(UserList), ...errorResponses(404) },
  }),
  async (c) => {
    const { issue } = await loadIssue(c, c.req.valid('param'));
    const p = paging(c.req.valid('query'));
    const { total, rows } = await issueSubscribersPage(c.var.deps.db, issue, p);
    setPageHeaders(c, total, p);
    return c.json(
      rows.map((u) => toApiUser(u, c.var.deps.config, c.var.user)),
      200,
    );
  },
);

issueSubscriptionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/subscriptions/check',
    operationId: 'issueCheckSubscription',
    tags: ['issue'],
    summary: 'Whether the caller follows an issue',
    request: { params: IssueParams },
    responses: { 200: json(WatchInfoSchema), ...errorResponses(401, 404) },
  }),
  async (c) => {
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const { rc, issue } = await loadIssue(c, c.req.valid('param'));
    const me = requireUser(c);
    const watching = await isWatchingIssue(c.var.deps.db, me, issue);
    const repoUrl = `${c.var.deps.config.rootUrl}api/v1/repos/${rc.owner.name}/${rc.repo.name}`;
    return c.json(
      {
        subscribed: watching,
        ignored: !watching,
        reason: null,
        created_at: unixToIso(issue.created_unix),
        url: `${repoUrl}/issues/${issue.index}/subscriptions`,
        repository_url: repoUrl,
      },
      200,
    );
  },
);

for (const [method, watch] of [
  ['put', true],
  ['delete', false],
] as const) {
  issueSubscriptionsRoutes.openapi(
    createRoute({
      method,
      path: '/repos/{owner}/{repo}/issues/{index}/subscriptions/{user}',
      operationId: watch ? 'issueAddSubscription' : 'issueDeleteSubscription',
      tags: ['issue'],
      summary: watch ? 'Follow an issue (for oneself; a site admin for anyone)' : 'Mute an issue (for oneself; a site admin for anyone)',
      request: { params: UserParams },
      responses: {
        200: { description: 'Already so' },
        201: { description: watch ? 'Now following' : 'Now muted' },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const params = c.req.valid('param');
      const { issue } = await loadIssue(c, params);
      const me = requireUser(c);
      const user = await visibleUserByName(c.var.deps.db, params.user, me);
      const changed = await setIssueWatch(c.var.deps.db, me, user, issue, watch);
      return c.body(null, changed ? 201 : 200);
    },
  );
}
