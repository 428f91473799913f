// Repository labels (CRUD) and the labels of an issue (add, replace, remove one, clear).
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { LabelSchema } from '../api/issue-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { CreateLabelSchema, EditLabelSchema, IssueLabelsSchema } from '../api/label-schemas.ts';
import { RepoParams, IssueParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import { notFound } from '../errors.ts';
import { getIssueByIndex } from '../services/conversation.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { createLabel, deleteLabel, editLabel, getLabel, issueLabels, listLabels, resolveLabels, changeIssueLabels } from '../services/labels.ts';
import { toApiLabel } from '../services/issues-convert.ts';

export const labelsRoutes = createRouter();

const LabelParams = RepoParams.extend({
  id: z.coerce
    .number()
    .int()
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

labelsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/labels',
    operationId: 'issueListLabels',
    tags: ['issue'],
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(LabelSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listLabels(c.var.deps.db, rc.repo.id, p);
    setPageHeaders(c, total, p);
    return c.json(
      rows.map((l) => toApiLabel(l, rc, c.var.deps.config)),
      200,
    );
  },
);

labelsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/labels',
    operationId: 'issueCreateLabel',
    tags: ['issue'],
    request: { params: RepoParams, body: jsonBody(CreateLabelSchema) },
    responses: { 201: json(LabelSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const l = await createLabel(c.var.deps.db, rc.repo.id, c.req.valid('json'));
    return c.json(toApiLabel(l, rc, c.var.deps.config), 201);
  },
);

labelsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/labels/{id}',
    operationId: 'issueGetLabel',
    tags: ['issue'],
    request: { params: LabelParams },
    responses: { 200: json(LabelSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    return c.json(toApiLabel(await getLabel(c.var.deps.db, rc.repo.id, id), rc, c.var.deps.config), 200);
  },
);

labelsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/labels/{id}',
    operationId: 'issueEditLabel',
    tags: ['issue'],
    request: { params: LabelParams, body: jsonBody(EditLabelSchema) },
    responses: { 200: json(LabelSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const { db, config } = c.var.deps;
    const l = await editLabel(db, await getLabel(db, rc.repo.id, id), c.req.valid('json'));
    return c.json(toApiLabel(l, rc, config), 200);
  },
);

labelsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/labels/{id}',
    operationId: 'issueDeleteLabel',
    tags: ['issue'],
    request: { params: LabelParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    await deleteLabel(c.var.deps.db, await getLabel(c.var.deps.db, rc.repo.id, id));
    return c.body(null, 204);
  },
);

// ---- labels of an issue ----

labelsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/labels',
    operationId: 'issueGetLabels',
    tags: ['issue'],
    request: { params: IssueParams },
    responses: { 200: json(z.array(LabelSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    return c.json(
      (await issueLabels(db, issue.id)).map((l) => toApiLabel(l, rc, config)),
      200,
    );
  },
);

for (const [method, operationId, mode] of [
  ['post', 'issueAddLabel', 'add'],
  ['put', 'issueReplaceLabels', 'replace'],
] as const) {
  labelsRoutes.openapi(
    createRoute({
      method,
      path: '/repos/{owner}/{repo}/issues/{index}/labels',
      operationId,
      tags: ['issue'],
      request: { params: IssueParams, body: jsonBody(IssueLabelsSchema) },
      responses: { 200: json(z.array(LabelSchema)), ...errorResponses(401, 403, 404, 422, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const { owner, repo, index } = c.req.valid('param');
      const rc = await loadIssueRepo(c, owner, repo, 'write');
      const { db, config } = c.var.deps;
      const issue = await getIssueByIndex(db, rc.repo.id, index);
      const labels = await resolveLabels(db, rc.repo.id, c.req.valid('json').labels);
      await changeIssueLabels(
        c.var.deps,
        rc,
        issue,
        doer,
        labels.map((l) => l.id),
        mode,
      );
      return c.json(
        (await issueLabels(db, issue.id)).map((l) => toApiLabel(l, rc, config)),
        200,
      );
    },
  );
}

labelsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/issues/{index}/labels/{id}',
    operationId: 'issueRemoveLabel',
    tags: ['issue'],
    request: { params: IssueParams.extend({ id: LabelParams.shape.id }) },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const { db } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    const label = await getLabel(db, rc.repo.id, id);
    if (!(await issueLabels(db, issue.id)).some((l) => l.id === label.id)) throw notFound('label is not on this issue');
    await changeIssueLabels(c.var.deps, rc, issue, doer, [label.id], 'remove');
    return c.body(null, 204);
  },
);

labelsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/issues/{index}/labels',
    operationId: 'issueClearLabels',
    tags: ['issue'],
    request: { params: IssueParams },
    responses: { 204: { description: 'Cleared' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'write');
    const { db } = c.var.deps;
    await changeIssueLabels(c.var.deps, rc, await getIssueByIndex(db, rc.repo.id, index), doer, [], 'replace');
    return c.body(null, 204);
  },
);
