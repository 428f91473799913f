// Issues: list and search with every filter, get, create, edit, delete, deadline, lock.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { assertCleanBody } from '../api/clean-text.ts';
import { IssueDeadlineSchema, IssueSchema, CreateIssueSchema, EditIssueSchema, EditDeadlineOptionSchema, LockIssueOptionSchema } from '../api/issue-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams, IssueParams } from '../api/params.ts';
import { withoutNulls } from '../api/pull-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import type { IssueRow, RepoRow } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { createIssue, deleteIssue, editIssue } from '../services/issues.ts';
import { canWrite, deadlineFromIso, getIssueByIndex, setDeadline, setLocked } from '../services/conversation.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { issuesPage, splitList, userIdFor } from '../services/issues-search.ts';
import type { IssueFilter } from '../db/issues-search.ts';
import { listReposWithOwners } from '../db/repo-lookup.ts';
import { toApiIssue, toApiIssues, type RepoRef } from '../services/issues-convert.ts';
import type { RepoContext } from '../http/repo-context.ts';

export const issuesRoutes = createRouter();
/** Mounted before the repository routes so /repos/issues/search is not read as /repos/{owner}/{repo}. */
export const issueSearchRoutes = createRouter();

const zDate = z.string().datetime({ offset: true }).optional();

const ListQuery = z.object({
  state: z.enum(['open', 'closed', 'all']).optional(),
  labels: z.string().optional().openapi({ description: 'comma-separated label names' }),
  milestones: z.string().optional().openapi({ description: 'comma-separated milestone names or ids' }),
  q: z.string().optional(),
  type: z.enum(['issues', 'pulls']).optional(),
  since: zDate,
  before: zDate,
  created_by: z.string().optional(),
  assigned_by: z.string().optional(),
  mentioned_by: z.string().optional(),
  sort: z.enum(['newest', 'oldest', 'recentupdate', 'leastupdate', 'mostcomment', 'leastcomment', 'nearduedate', 'farduedate']).optional(),
  page: zPage,
  limit: zLimit,
});

async function listPage(
  c: Context<AppEnv>,
  f: IssueFilter,
  q: { page?: number; limit?: number },
  repos: (ids: number[]) => Promise<Map<number, RepoRef>>,
  repoRow?: RepoRow,
) {
  const { db, config } = c.var.deps;
  const p = paging(q);
  // One repository, filtered by state and type only: the counts kept in its row (as Gitea does)
  // instead of counting the rows on every page.
  const counted = repoRow && countFromRepoRow(repoRow, f);
  const { n, rows } = await issuesPage(db, f, p, counted);
  setPageHeaders(c, Number(n), p);
  return toApiIssues(db, config, rows, await repos([...new Set(rows.map((r) => r.repo_id))]), c.var.user);
}

const repoRef = (rc: RepoContext): RepoRef => ({ repo: rc.repo, owner: rc.owner });

/** The number of matches from the repository's counters, when only state and type filter; else undefined. */
export function countFromRepoRow(r: RepoRow, f: IssueFilter): number | undefined {
  const { repoId, state, type, sort, ...rest } = f;
  void sort;
  if (repoId !== r.id || Object.values(rest).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''))) return undefined;
  const issues = { open: r.num_issues - r.num_closed_issues, closed: r.num_closed_issues, all: r.num_issues };
  const pulls = { open: r.num_pulls - r.num_closed_pulls, closed: r.num_closed_pulls, all: r.num_pulls };
  const s = state ?? 'open';
  return type === 'issues' ? issues[s] : type === 'pulls' ? pulls[s] : issues[s] + pulls[s];
}

issuesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues',
    operationId: 'issueListIssues',
    tags: ['issue'],
    summary: "List a repository's issues",
    request: { params: RepoParams, query: ListQuery },
    responses: { 200: json(z.array(IssueSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const f: IssueFilter = {
      repoId: rc.repo.id,
      state: q.state,
      type: q.type,
      labels: splitList(q.labels),
      milestones: splitList(q.milestones),
      q: q.q,
      since: q.since,
      before: q.before,
      sort: q.sort,
      posterId: await userIdFor(db, q.created_by, 'created_by'),
      assigneeId: await userIdFor(db, q.assigned_by, 'assigned_by'),
      mentionedId: await userIdFor(db, q.mentioned_by, 'mentioned_by'),
    };
    return c.json(await listPage(c, f, q, async () => new Map([[rc.repo.id, repoRef(rc)]]), rc.repo), 200);
  },
);

issueSearchRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/issues/search',
    operationId: 'issueSearchIssues',
    tags: ['issue'],
    summary: 'Search issues and pulls across the repositories the caller may read',
    request: {
      query: z.object({
        state: z.enum(['open', 'closed', 'all']).optional(),
        labels: z.string().optional(),
        milestones: z.string().optional(),
        q: z.string().optional(),
        type: z.enum(['issues', 'pulls']).optional(),
        owner: z.string().optional(),
        since: zDate,
        before: zDate,
        created_by: z.string().optional(),
        assigned_by: z.string().optional(),
        mentioned_by: z.string().optional(),
        assigned: z.enum(['true', 'false']).optional(),
        created: z.enum(['true', 'false']).optional(),
        mentioned: z.enum(['true', 'false']).optional(),
        review_requested: z.enum(['true', 'false']).optional().openapi({ description: 'pull requests whose review is requested from the caller' }),
        reviewed: z.enum(['true', 'false']).optional().openapi({ description: 'pull requests the caller reviewed' }),
        sort: ListQuery.shape.sort,
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(z.array(IssueSchema)), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const q = c.req.valid('query');
    const { db } = c.var.deps;
    const viewer = c.var.user;
    const mine = q.assigned === 'true' || q.created === 'true' || q.mentioned === 'true' || q.review_requested === 'true' || q.reviewed === 'true';
    // The "my issues" filters need someone to be "me".
    const me = mine ? requireUser(c) : viewer;
    let ownerId: number | undefined;
    if (q.owner) ownerId = await userIdFor(db, q.owner, 'owner');
    const f: IssueFilter = {
      viewer,
      ownerId,
      state: q.state,
      type: q.type,
      labels: splitList(q.labels),
      milestones: splitList(q.milestones),
      q: q.q,
      since: q.since,
      before: q.before,
      sort: q.sort ?? 'recentupdate',
      posterId: q.created === 'true' ? me!.id : await userIdFor(db, q.created_by, 'created_by'),
      assigneeId: q.assigned === 'true' ? me!.id : await userIdFor(db, q.assigned_by, 'assigned_by'),
      mentionedId: q.mentioned === 'true' ? me!.id : await userIdFor(db, q.mentioned_by, 'mentioned_by'),
      reviewRequestedId: q.review_requested === 'true' ? me!.id : undefined,
      reviewedId: q.reviewed === 'true' ? me!.id : undefined,
    };
    const issues = await listPage(c, f, q, async (ids) => {
      if (!ids.length) return new Map();
      const { repos, owners } = await listReposWithOwners(db, ids);
      return new Map(repos.map((r) => [r.id, { repo: r, owner: owners.find((o) => o.id === r.owner_id)! }]));
    });
    return c.json(issues, 200);
  },
);

issuesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}',
    operationId: 'issueGetIssue',
    tags: ['issue'],
    request: { params: IssueParams },
    responses: { 200: json(IssueSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    // As Gitea's GetIssue: an issue (or pull request) whose unit the user cannot read does not exist.
    if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw notFound();
    return c.json(await toApiIssue(db, config, issue, repoRef(rc), c.var.user), 200);
  },
);

issuesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/issues',
    operationId: 'issueCreateIssue',
    tags: ['issue'],
    request: { params: RepoParams, body: jsonBody(CreateIssueSchema) },
    responses: { 201: json(IssueSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'participate', 'issues');
    const issue = await createIssue(c.var.deps, rc, doer, c.req.valid('json'));
    return c.json(await toApiIssue(c.var.deps.db, c.var.deps.config, issue, repoRef(rc), doer), 201);
  },
);

issuesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/issues/{index}',
    operationId: 'issueEditIssue',
    tags: ['issue'],
    request: { params: IssueParams, body: jsonBody(EditIssueSchema) },
    responses: { 201: json(IssueSchema, 'Updated'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'participate');
    const { db, config } = c.var.deps;
    const issue = await editIssue(c.var.deps, rc, await getIssueByIndex(db, rc.repo.id, index), doer, withoutNulls(c.req.valid('json')));
    return c.json(await toApiIssue(db, config, issue, repoRef(rc), doer), 201);
  },
);

issuesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/issues/{index}',
    operationId: 'issueDelete',
    tags: ['issue'],
    summary: 'Delete an issue (repository admins)',
    request: { params: IssueParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'admin');
    await deleteIssue(c.var.deps, rc, await getIssueByIndex(c.var.deps.db, rc.repo.id, index));
    return c.body(null, 204);
  },
);

issuesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/issues/{index}/deadline',
    operationId: 'issueEditIssueDeadline',
    tags: ['issue'],
    request: { params: IssueParams, body: jsonBody(EditDeadlineOptionSchema) },
    responses: { 201: json(IssueDeadlineSchema, 'Updated'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'participate');
    const { due_date } = c.req.valid('json');
    const { db } = c.var.deps;
    const found = await getIssueByIndex(db, rc.repo.id, index);
    if (!canWrite(rc, found.is_pull)) throw forbidden();
    const issue = await setDeadline(db, found, doer, due_date ? deadlineFromIso(due_date) : 0);
    return c.json({ due_date: issue.deadline_unix ? unixToIso(issue.deadline_unix) : null }, 201);
  },
);

const lockRoute = (method: 'put' | 'delete') =>
  createRoute({
    method,
    path: '/repos/{owner}/{repo}/issues/{index}/lock',
    operationId: method === 'put' ? 'issueLockIssue' : 'issueUnlockIssue',
    tags: ['issue'],
    request: {
      params: IssueParams,
      ...(method === 'put'
        ? {
            body: { content: { 'application/json': { schema: LockIssueOptionSchema } }, required: false },
          }
        : {}),
    },
    responses: { 204: { description: method === 'put' ? 'Locked' : 'Unlocked' }, ...errorResponses(401, 403, 404, ...(method === 'put' ? [422] : []), 423) },
  });

/** `readReason` reads the body once the repository is authorized (Issue #23: authorize first). */
async function lockHandler(c: Context<AppEnv>, lock: boolean, readReason: () => string = () => '') {
  const doer = requireUser(c);
  const { owner, repo, index } = c.req.param() as { owner: string; repo: string; index: string };
  const rc = await loadIssueRepo(c, owner, repo, 'write');
  const reason = readReason();
  const { db } = c.var.deps;
  const issue: IssueRow = await getIssueByIndex(db, rc.repo.id, Number(index));
  if (!canWrite(rc, issue.is_pull)) throw forbidden();
  // Read outside the validator (an empty body is allowed): the same clean-text rule, after authorization.
  assertCleanBody({ lock_reason: reason });
  await setLocked(db, issue, doer, lock, reason);
  return c.body(null, 204);
}

/** The reason in PUT /lock's optional body; none without one (the route's types do not carry it). */
function lockReason(c: Context<AppEnv>): string {
  const valid = c.req.valid as unknown as (this: unknown, target: 'json') => { lock_reason?: string } | undefined;
  return valid.call(c.req, 'json')?.lock_reason ?? '';
}

issuesRoutes.openapi(lockRoute('put'), (c) => lockHandler(c, true, () => lockReason(c)));
issuesRoutes.openapi(lockRoute('delete'), (c) => lockHandler(c, false));
