// Repository milestones (CRUD) with their open and closed issue counts.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { MilestoneSchema } from '../api/issue-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { CreateMilestoneSchema, EditMilestoneSchema } from '../api/label-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { createMilestone, deleteMilestone, editMilestone, getMilestone, listMilestones } from '../services/milestones.ts';
import { milestoneCounts, toApiMilestone } from '../services/issues-convert.ts';
import type { Db } from '../db/types.ts';
import type { MilestoneRow } from '../db/schema.ts';

export const milestonesRoutes = createRouter();

const MilestoneParams = RepoParams.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'milestone id or title' }) });

async function withCounts(db: Db, rows: MilestoneRow[]) {
  const counts = await milestoneCounts(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) => toApiMilestone(m, counts.get(m.id)));
}

milestonesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/milestones',
    operationId: 'issueGetMilestonesList',
    tags: ['issue'],
    request: {
      params: RepoParams,
      query: z.object({ state: z.enum(['open', 'closed', 'all']).optional(), name: z.string().optional(), page: zPage, limit: zLimit }),
    },
    responses: { 200: json(z.array(MilestoneSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const p = paging(q);
    const { db } = c.var.deps;
    const { total, rows } = await listMilestones(db, rc.repo.id, q, p);
    setPageHeaders(c, total, p);
    return c.json(await withCounts(db, rows), 200);
  },
);

milestonesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/milestones',
    operationId: 'issueCreateMilestone',
    tags: ['issue'],
    request: { params: RepoParams, body: jsonBody(CreateMilestoneSchema) },
    responses: { 201: json(MilestoneSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const m = await createMilestone(c.var.deps.db, rc.repo.id, c.req.valid('json'));
    return c.json(toApiMilestone(m), 201);
  },
);

milestonesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/milestones/{id}',
    operationId: 'issueGetMilestone',
    tags: ['issue'],
    request: { params: MilestoneParams },
    responses: { 200: json(MilestoneSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    return c.json((await withCounts(db, [await getMilestone(db, rc.repo.id, id)]))[0]!, 200);
  },
);

milestonesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/milestones/{id}',
    operationId: 'issueEditMilestone',
    tags: ['issue'],
    request: { params: MilestoneParams, body: jsonBody(EditMilestoneSchema) },
    responses: { 200: json(MilestoneSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const { db } = c.var.deps;
    const m = await editMilestone(db, await getMilestone(db, rc.repo.id, id), c.req.valid('json'));
    return c.json((await withCounts(db, [m]))[0]!, 200);
  },
);

milestonesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/milestones/{id}',
    operationId: 'issueDeleteMilestone',
    tags: ['issue'],
    request: { params: MilestoneParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    await deleteMilestone(c.var.deps.db, await getMilestone(c.var.deps.db, rc.repo.id, id));
    return c.body(null, 204);
  },
);
