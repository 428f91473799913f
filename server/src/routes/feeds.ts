// Activity feeds of a repository and of a user (the home dashboard). Rows of repositories the
// viewer may not read are filtered out in the query, so totals and pages stay right.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json } from '../api/openapi.ts';
import { ActivitySchema, type ApiActivity } from '../api/schemas.ts';
import { toApiRepo, toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import { type FeedSource, findReposByIds, listFeedPage } from '../db/activity.ts';
import { findUserByName, findUsersByIds } from '../db/users.ts';
import { badRequest, notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { isOrgMember } from '../services/orgs.ts';
import { loadOrg, loadTeam } from '../http/org-context.ts';
import { apiRepoMode, repoPermission, userVisibleTo } from '../services/permissions.ts';
import { readableRepo } from '../services/repos.ts';

export const feedsRoutes = createRouter();

const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .openapi({ description: 'the date of the activities to be found (YYYY-MM-DD)', format: 'date' });

/** [start, end) of a UTC day in unix seconds. */
function dayRange(date: string): [number, number] {
  const start = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(start)) throw badRequest(`invalid date "${date}"`);
  return [start / 1000, start / 1000 + 86400];
}

/** Runs a feed query (newest first) with paging headers and turns its rows into Activity objects. */
async function answerFeed(c: Context<AppEnv>, source: FeedSource, q: { date?: string; page?: number; limit?: number }) {
  const { db, config } = c.var.deps;
  const viewer = c.var.user;
  const p = paging(q);
  const readable = readableRepo(viewer);
  const day = q.date ? dayRange(q.date) : null;
  const { total, rows } = await listFeedPage(db, source, readable, day, p);

  const repoIds = [...new Set(rows.map((r) => r.repo_id))];
  const repos = repoIds.length ? await findReposByIds(db, repoIds) : [];
  const userIds = [...new Set([...rows.map((r) => r.act_user_id), ...repos.map((r) => r.owner_id)])];
  const users = userIds.length ? await findUsersByIds(db, userIds) : [];
  const userById = new Map(users.map((u) => [u.id, u]));
  const apiRepoById = new Map(
    await Promise.all(
      repos.map(
        async (r) =>
          [r.id, toApiRepo(r, userById.get(r.owner_id)!, apiRepoMode(await repoPermission(db, viewer, r, userById.get(r.owner_id))), config, viewer)] as const,
      ),
    ),
  );
  const data: ApiActivity[] = [];
  for (const a of rows) {
    const actor = userById.get(a.act_user_id);
    if (!actor) continue;
    data.push({
      id: a.id,
      user_id: a.user_id,
      op_type: a.op_type,
      act_user_id: a.act_user_id,
      act_user: toApiUser(actor, config, viewer),
      repo_id: a.repo_id,
      repo: apiRepoById.get(a.repo_id) ?? null,
      comment_id: a.comment_id,
      ref_name: a.ref_name,
      is_private: a.is_private === 1,
      content: a.content,
      created: unixToIso(a.created_unix),
    });
  }
  setPageHeaders(c, total, p);
  return data;
}

feedsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/activities/feeds',
    operationId: 'repoListActivityFeeds',
    tags: ['repository'],
    summary: "List a repository's activity feeds",
    request: { params: z.object({ owner: z.string(), repo: z.string() }), query: z.object({ date: zDate, page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(ActivitySchema), 'ActivityFeedsList'), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    // One row per action lives in the owner's feed; that is the repository's feed.
    const source: FeedSource = { kind: 'repo', repoId: rc.repo.id, ownerId: rc.repo.owner_id };
    return c.json(await answerFeed(c, source, c.req.valid('query')), 200);
  },
);

feedsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/activities/feeds',
    operationId: 'userListActivityFeeds',
    tags: ['user'],
    summary: "List a user's activity feeds",
    request: {
      params: z.object({ username: z.string() }),
      query: z.object({
        'only-performed-by': zQueryBool.optional().openapi({ description: 'if true, only show actions performed by the requested user' }),
        date: zDate,
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(z.array(ActivitySchema), 'ActivityFeedsList'), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { username } = c.req.valid('param');
    const q = c.req.valid('query');
    const viewer = c.var.user;
    const { db } = c.var.deps;
    const u = await findUserByName(db, username);
    if (!u || !(await userVisibleTo(db, u, viewer))) throw notFound(`user redirect does not exist [name: ${username}]`);
    return c.json(await answerFeed(c, { kind: 'user', userId: u.id, onlyPerformedBy: !!q['only-performed-by'] }, q), 200);
  },
);

// ---- organization and team feeds (O1) ----

feedsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/activities/feeds',
    operationId: 'orgListActivityFeeds',
    tags: ['organization'],
    summary: "List an organization's activity feeds",
    request: { params: z.object({ org: z.string() }), query: z.object({ date: zDate, page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(ActivitySchema), 'ActivityFeedsList'), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    const viewer = c.var.user;
    const { db } = c.var.deps;
    // Gitea's ListOrgActivityFeeds: private actions only for members and site admins.
    const includePrivate = !!viewer && (viewer.is_admin === 1 || (await isOrgMember(db, org.id, viewer.id)));
    return c.json(await answerFeed(c, { kind: 'org', orgId: org.id, includePrivate }, c.req.valid('query')), 200);
  },
);

feedsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/teams/{id}/activities/feeds',
    operationId: 'orgListTeamActivityFeeds',
    tags: ['organization'],
    summary: "List a team's activity feeds",
    request: {
      params: z.object({
        id: z.coerce
          .number()
          .int()
          .openapi({ param: { name: 'id', in: 'path', required: true }, type: 'integer' }),
      }),
      query: z.object({ date: zDate, page: zPage, limit: zLimit }),
    },
    responses: { 200: json(z.array(ActivitySchema), 'ActivityFeedsList'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const tc = await loadTeam(c, c.req.valid('param').id);
    // The organization's feed, limited to the team's repositories (Gitea's RequestedTeam).
    return c.json(await answerFeed(c, { kind: 'team', orgId: tc.org.id, teamId: tc.team.id }, c.req.valid('query')), 200);
  },
);
