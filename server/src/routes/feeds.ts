// Activity feeds of a repository and of a user (the home dashboard). Rows of repositories the
// viewer may not read are filtered out in the query, so totals and pages stay right.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SelectQueryBuilder } from 'kysely';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json } from '../api/openapi.ts';
import { ActivitySchema, type ApiActivity } from '../api/schemas.ts';
import { toApiRepo, toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import type { AppEnv } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { unixToIso } from '../db/index.ts';
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

type FeedQuery = SelectQueryBuilder<Database, 'action' | 'repository', object>;

/** [start, end) of a UTC day in unix seconds. */
function dayRange(date: string): [number, number] {
  const start = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(start)) throw badRequest(`invalid date "${date}"`);
  return [start / 1000, start / 1000 + 86400];
}

/** Runs a feed query (newest first) with paging headers and turns its rows into Activity objects. */
async function answerFeed(c: Context<AppEnv>, base: FeedQuery, q: { date?: string; page?: number; limit?: number }) {
  const { db, config } = c.var.deps;
  const viewer = c.var.user;
  const p = paging(q);
  let query = base.where(readableRepo(viewer));
  if (q.date) {
    const [from, to] = dayRange(q.date);
    query = query.where('action.created_unix', '>=', from).where('action.created_unix', '<', to);
  }
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll('action').orderBy('action.created_unix', 'desc').orderBy('action.id', 'desc').limit(p.limit).offset(p.offset).execute();

  const repoIds = [...new Set(rows.map((r) => r.repo_id))];
  const repos = repoIds.length ? await db.selectFrom('repository').selectAll().where('id', 'in', repoIds).execute() : [];
  const userIds = [...new Set([...rows.map((r) => r.act_user_id), ...repos.map((r) => r.owner_id)])];
  const users = userIds.length ? await db.selectFrom('user').selectAll().where('id', 'in', userIds).execute() : [];
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
  setPageHeaders(c, Number(n), p);
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
    const base = c.var.deps.db
      .selectFrom('action')
      .innerJoin('repository', 'repository.id', 'action.repo_id')
      .where('action.repo_id', '=', rc.repo.id)
      .where('action.user_id', '=', rc.repo.owner_id);
    return c.json(await answerFeed(c, base, c.req.valid('query')), 200);
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
    const u = await db.selectFrom('user').selectAll().where('lower_name', '=', username.toLowerCase()).executeTakeFirst();
    if (!u || !(await userVisibleTo(db, u, viewer))) throw notFound(`user redirect does not exist [name: ${username}]`);
    let base = db.selectFrom('action').innerJoin('repository', 'repository.id', 'action.repo_id').where('action.user_id', '=', u.id);
    if (q['only-performed-by']) base = base.where('action.act_user_id', '=', u.id);
    return c.json(await answerFeed(c, base, q), 200);
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
    let base = db.selectFrom('action').innerJoin('repository', 'repository.id', 'action.repo_id').where('action.user_id', '=', org.id);
    if (!includePrivate) base = base.where('action.is_private', '=', 0);
    return c.json(await answerFeed(c, base, c.req.valid('query')), 200);
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
    const { db } = c.var.deps;
    // The organization's feed, limited to the team's repositories (Gitea's RequestedTeam).
    const base = db
      .selectFrom('action')
      .innerJoin('repository', 'repository.id', 'action.repo_id')
      .where('action.user_id', '=', tc.org.id)
      .where('action.repo_id', 'in', db.selectFrom('team_repo').select('team_repo.repo_id').where('team_repo.team_id', '=', tc.team.id));
    return c.json(await answerFeed(c, base, c.req.valid('query')), 200);
  },
);
