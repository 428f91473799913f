// The notification inbox (Gitea's routers/api/v1/notify): the caller's threads, everywhere or in one
// repository, their unread count, and marking them read, unread or pinned. Marking answers 205 with
// the threads it changed, as Gitea.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, json } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams } from '../api/params.ts';
import {
  NotificationCountSchema,
  NotificationListQuery,
  NotificationMarkQuery,
  NotificationThreadList,
  NotificationThreadSchema,
  ThreadParam,
  ThreadPatchQuery,
} from '../api/notification-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { ApiError, unprocessable } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import {
  NotificationStatus,
  countUnread,
  listThreadsPage,
  markAll,
  markThreads,
  notificationFilter,
  statusOf,
  threadFor,
  toThreads,
} from '../services/notifications.ts';

export const notificationsRoutes = createRouter();

type Ctx = Context<AppEnv>;

// Gitea answers 205 with the changed threads in the body; fetch (and so every browser, and this
// server's Response) defines 205 as a status without a body, so the answer is the status alone.
const resetContent = { 205: { description: 'Marked (Reset Content; read the threads again)' } };
type ListQuery = ReturnType<typeof NotificationListQuery.parse>;
type MarkQuery = ReturnType<typeof NotificationMarkQuery.parse>;

/** RFC 3339 → unix seconds; a value that is no date is `invalid` (Gitea: 422 for since/before, 400 for last_read_at). */
function unixOf(value: string | undefined, name: string, status: 400 | 422): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw status === 422 ? unprocessable(`${name}: invalid time "${value}"`) : new ApiError(400, `${name}: invalid time "${value}"`);
  }
  return Math.floor(ms / 1000);
}

async function listAnswer(c: Ctx, q: ListQuery, repoId?: number) {
  const me = requireUser(c);
  const filter = await notificationFilter(
    c.var.deps,
    me,
    {
      all: q.all,
      statuses: q['status-types'],
      subjects: q['subject-type'],
      since: unixOf(q.since, 'since', 422),
      before: unixOf(q.before, 'before', 422),
      repoId,
    },
    ['unread', 'pinned'],
  );
  const p = paging(q);
  const { total, threads } = await listThreadsPage(c.var.deps, me, filter, p);
  setPageHeaders(c, total, p);
  return c.json(threads, 200);
}

async function markAnswer(c: Ctx, q: MarkQuery, repoId?: number) {
  const me = requireUser(c);
  const before = unixOf(q.last_read_at, 'last_read_at', 400);
  const filter = await notificationFilter(c.var.deps, me, { all: q.all, statuses: q['status-types'], before, repoId }, ['unread']);
  await markAll(c.var.deps, me, filter, statusOf(q['to-status']) || NotificationStatus.read);
  return c.body(null, 205);
}

notificationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/notifications',
    operationId: 'notifyGetList',
    tags: ['notification'],
    summary: "List the caller's notification threads",
    request: { query: NotificationListQuery },
    responses: { 200: json(NotificationThreadList), ...errorResponses(400, 401, 422) },
  }),
  async (c) => listAnswer(c, c.req.valid('query')),
);

notificationsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/notifications',
    operationId: 'notifyReadList',
    tags: ['notification'],
    summary: "Mark the caller's notification threads (read by default)",
    request: { query: NotificationMarkQuery },
    responses: { ...resetContent, ...errorResponses(400, 401) },
  }),
  async (c) => markAnswer(c, c.req.valid('query')),
);

notificationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/notifications/new',
    operationId: 'notifyNewAvailable',
    tags: ['notification'],
    summary: 'How many unread notification threads the caller has',
    responses: { 200: json(NotificationCountSchema), ...errorResponses(401) },
  }),
  async (c) => {
    const me = requireUser(c);
    return c.json({ new: await countUnread(c.var.deps, me) }, 200);
  },
);

notificationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/notifications/threads/{id}',
    operationId: 'notifyGetThread',
    tags: ['notification'],
    request: { params: ThreadParam },
    responses: { 200: json(NotificationThreadSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const n = await threadFor(c.var.deps, me, c.req.valid('param').id, false);
    return c.json((await toThreads(c.var.deps, me, [n]))[0]!, 200);
  },
);

notificationsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/notifications/threads/{id}',
    operationId: 'notifyReadThread',
    tags: ['notification'],
    summary: 'Mark a notification thread read (default), unread or pinned',
    request: { params: ThreadParam, query: ThreadPatchQuery },
    responses: { ...resetContent, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = requireUser(c);
    const n = await threadFor(c.var.deps, me, c.req.valid('param').id, true);
    await markThreads(c.var.deps, me, [n], statusOf(c.req.valid('query')['to-status']) || NotificationStatus.read);
    return c.body(null, 205);
  },
);

notificationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/notifications',
    operationId: 'notifyGetRepoList',
    tags: ['notification'],
    summary: "List the caller's notification threads of a repository",
    request: { params: RepoParams, query: NotificationListQuery },
    responses: { 200: json(NotificationThreadList), ...errorResponses(400, 401, 404, 422) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const rc = await loadRepo(c, owner, repo, 'read');
    requireUser(c);
    return listAnswer(c, c.req.valid('query'), rc.repo.id);
  },
);

notificationsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/notifications',
    operationId: 'notifyReadRepoList',
    tags: ['notification'],
    summary: "Mark the caller's notification threads of a repository (read by default)",
    request: { params: RepoParams, query: NotificationMarkQuery },
    responses: { ...resetContent, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    // Gitea's repoAssignment before reqToken: a private or missing repository is 404 even anonymously.
    const rc = await loadRepo(c, owner, repo, 'read');
    requireUser(c);
    return markAnswer(c, c.req.valid('query'), rc.repo.id);
  },
);
