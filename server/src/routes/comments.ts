// Comments, the timeline, and attachments of issue bodies and comments. Mounted before the issue
// routes so /issues/comments is never read as /issues/{index}.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import {
  AttachmentSchema,
  CommentSchema,
  TimelineCommentSchema,
  EditAttachmentOptionsSchema,
  EditIssueCommentOptionSchema,
  CreateIssueCommentOptionSchema,
} from '../api/issue-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams, IssueParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import type { CommentRow, IssueRow, UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { canWrite, getIssueByIndex } from '../services/conversation.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { commentsCount, commentsList, createComment, deleteComment, editComment, getComment, timelinePage } from '../services/comments.ts';
import { toTimeline } from '../services/timeline.ts';
import { listIssuesByIds } from '../db/issues.ts';
import { toApiAttachment, toApiComments, type RepoRef } from '../services/issues-convert.ts';
import { deleteAttachment, getAttachment, listAttachments, renameAttachment } from '../services/attachments.ts';
import { saveStreamedAttachment } from '../services/attachment-store.ts';
import { readUploadBody } from '../http/upload-body.ts';
import type { RepoContext } from '../http/repo-context.ts';

export const commentsRoutes = createRouter();

const CommentParams = RepoParams.extend({
  id: z.coerce
    .number()
    .int()
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});
const zDate = z.string().datetime({ offset: true }).optional();

const repoRef = (rc: RepoContext): RepoRef => ({ repo: rc.repo, owner: rc.owner });

async function convert(c: Context<AppEnv>, rc: RepoContext, rows: CommentRow[], issues: IssueRow[]) {
  const { db, config } = c.var.deps;
  return toApiComments(db, config, rows, new Map(issues.map((i) => [i.id, i])), new Map([[rc.repo.id, repoRef(rc)]]), c.var.user);
}

commentsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/comments',
    operationId: 'issueGetRepoComments',
    tags: ['issue'],
    summary: 'List all comments in a repository',
    request: { params: RepoParams, query: z.object({ since: zDate, before: zDate, page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(CommentSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const p = paging(q);
    const n = await commentsCount(db, { repoId: rc.repo.id }, q);
    const rows = await commentsList(db, { repoId: rc.repo.id }, q, { limit: p.limit, offset: p.offset });
    const issueIds = [...new Set(rows.map((r) => r.issue_id))];
    const issues = issueIds.length ? await listIssuesByIds(db, issueIds) : [];
    setPageHeaders(c, Number(n), p);
    return c.json(await convert(c, rc, rows, issues), 200);
  },
);

commentsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/comments/{id}',
    operationId: 'issueGetComment',
    tags: ['issue'],
    request: { params: CommentParams },
    responses: { 200: json(CommentSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { comment, issue } = await getComment(c.var.deps.db, rc.repo.id, id);
    return c.json((await convert(c, rc, [comment], [issue]))[0]!, 200);
  },
);

// Gitea also keeps the deprecated forms with the issue's index in the path (which it ignores).
for (const [path, suffix] of [
  ['/repos/{owner}/{repo}/issues/comments/{id}', ''],
  ['/repos/{owner}/{repo}/issues/{index}/comments/{id}', 'Deprecated'],
] as const) {
  const params = suffix ? CommentParams.extend({ index: z.string() }) : CommentParams;
  commentsRoutes.openapi(
    createRoute({
      method: 'patch',
      path,
      operationId: `issueEditComment${suffix}`,
      tags: ['issue'],
      ...(suffix ? { deprecated: true } : {}),
      request: { params, body: jsonBody(EditIssueCommentOptionSchema) },
      responses: { 200: json(CommentSchema), ...errorResponses(401, 403, 404, 422, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const { owner, repo, id } = c.req.valid('param');
      const rc = await loadIssueRepo(c, owner, repo, 'participate');
      const { comment, issue } = await getComment(c.var.deps.db, rc.repo.id, id);
      const updated = await editComment(c.var.deps, rc, issue, comment, doer, c.req.valid('json').body);
      return c.json((await convert(c, rc, [updated], [issue]))[0]!, 200);
    },
  );

  commentsRoutes.openapi(
    createRoute({
      method: 'delete',
      path,
      operationId: `issueDeleteComment${suffix}`,
      tags: ['issue'],
      ...(suffix ? { deprecated: true } : {}),
      request: { params },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const { owner, repo, id } = c.req.valid('param');
      const rc = await loadIssueRepo(c, owner, repo, 'participate');
      const { comment, issue } = await getComment(c.var.deps.db, rc.repo.id, id);
      await deleteComment(c.var.deps, rc, issue, comment, doer);
      return c.body(null, 204);
    },
  );
}

commentsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/comments',
    operationId: 'issueGetComments',
    tags: ['issue'],
    summary: 'List the comments of an issue or pull request',
    request: { params: IssueParams, query: z.object({ since: zDate, before: zDate, page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(CommentSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    const n = await commentsCount(db, { issueId: issue.id }, q);
    // Gitea returns every comment here; paging applies only when the client asks for it.
    let page: { limit: number; offset: number } | undefined;
    if (q.page || q.limit) {
      const p = paging(q);
      page = { limit: p.limit, offset: p.offset };
      setPageHeaders(c, Number(n), p);
    } else c.header('X-Total-Count', String(n));
    return c.json(await convert(c, rc, await commentsList(db, { issueId: issue.id }, q, page), [issue]), 200);
  },
);

commentsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/issues/{index}/comments',
    operationId: 'issueCreateComment',
    tags: ['issue'],
    request: { params: IssueParams, body: jsonBody(CreateIssueCommentOptionSchema) },
    responses: { 201: json(CommentSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'participate');
    const issue = await getIssueByIndex(c.var.deps.db, rc.repo.id, index);
    const comment = await createComment(c.var.deps, rc, issue, doer, c.req.valid('json').body);
    return c.json((await convert(c, rc, [comment], [issue]))[0]!, 201);
  },
);

commentsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/timeline',
    operationId: 'issueGetCommentsAndTimeline',
    tags: ['issue'],
    summary: 'Comments and events of an issue, in timeline order',
    request: { params: IssueParams, query: z.object({ since: zDate, before: zDate, page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(TimelineCommentSchema)), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db, config } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    const p = paging(q);
    const { n, rows } = await timelinePage(db, issue.id, q, { limit: p.limit, offset: p.offset });
    setPageHeaders(c, Number(n), p);
    return c.json(await toTimeline(db, config, repoRef(rc), issue, rows, c.var.user), 200);
  },
);

// ---- attachments ----

const AttachmentIdParam = z.coerce
  .number()
  .int()
  .openapi({ param: { name: 'attachment_id', in: 'path' }, example: 1 });
// A plain schema (not zod): the handler reads the body as a stream (http/upload-body.ts), streamed
// to disk up to the attachment size limit like release assets (issue #21); nothing parses it before.
const UploadBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, properties: { attachment: { type: 'string' as const, format: 'binary', description: 'the file' } } },
      },
    },
    required: true,
  },
};
const UploadQuery = z.object({ name: z.string().optional().openapi({ description: 'file name; defaults to the uploaded one' }) });
const EditAttachmentBody = jsonBody(EditAttachmentOptionsSchema);

/** Where an attachment hangs: an issue body (commentId 0) or a comment, and who may change it. */
interface Holder {
  rc: RepoContext;
  issue: IssueRow;
  commentId: number;
  posterId: number;
}

async function issueHolder(c: Context<AppEnv>, need: 'read' | 'participate'): Promise<Holder> {
  const { owner, repo, index } = c.req.param() as Record<string, string>;
  const rc = await loadIssueRepo(c, owner!, repo!, need);
  const issue = await getIssueByIndex(c.var.deps.db, rc.repo.id, Number(index));
  return { rc, issue, commentId: 0, posterId: issue.poster_id };
}

async function commentHolder(c: Context<AppEnv>, need: 'read' | 'participate'): Promise<Holder> {
  const { owner, repo, id } = c.req.param() as Record<string, string>;
  const rc = await loadIssueRepo(c, owner!, repo!, need);
  const { comment, issue } = await getComment(c.var.deps.db, rc.repo.id, Number(id));
  return { rc, issue, commentId: comment.id, posterId: comment.poster_id };
}

/** Gitea: the poster of the issue or comment, or someone with write access; never on a locked issue otherwise. */
function assertCanChangeAssets(h: Holder, doer: UserRow) {
  if (!canWrite(h.rc, h.issue.is_pull) && (h.posterId !== doer.id || h.issue.is_locked === 1)) throw forbidden();
}

function attachmentRoutes(kind: 'issue' | 'comment') {
  const base = kind === 'issue' ? '/repos/{owner}/{repo}/issues/{index}/assets' : '/repos/{owner}/{repo}/issues/comments/{id}/assets';
  const params = kind === 'issue' ? IssueParams : CommentParams;
  const op = kind === 'issue' ? 'IssueAttachment' : 'IssueCommentAttachment';
  const holder = kind === 'issue' ? issueHolder : commentHolder;
  const withId = params.extend({ attachment_id: AttachmentIdParam });

  commentsRoutes.openapi(
    createRoute({
      method: 'get',
      path: base,
      operationId: `issueList${op}s`,
      tags: ['issue'],
      request: { params },
      responses: { 200: json(z.array(AttachmentSchema)), ...errorResponses(404) },
    }),
    async (c) => {
      const h = await holder(c, 'read');
      const rows = await listAttachments(c.var.deps.db, h.issue.id, h.commentId);
      return c.json(
        rows.map((a) => toApiAttachment(a, c.var.deps.config)),
        200,
      );
    },
  );

  commentsRoutes.openapi(
    createRoute({
      method: 'post',
      path: base,
      operationId: `issueCreate${op}`,
      tags: ['issue'],
      request: { params, query: UploadQuery, ...UploadBody },
      responses: { 201: json(AttachmentSchema, 'Created'), ...errorResponses(400, 401, 403, 404, 413, 422, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const h = await holder(c, 'participate');
      assertCanChangeAssets(h, doer);
      const file = await readUploadBody(c, { raw: false });
      const { db, config } = c.var.deps;
      const row = await saveStreamedAttachment(db, config, { repoId: h.rc.repo.id, issueId: h.issue.id, commentId: h.commentId, uploaderId: doer.id }, file);
      return c.json(toApiAttachment(row, config), 201);
    },
  );

  commentsRoutes.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{attachment_id}`,
      operationId: `issueGet${op}`,
      tags: ['issue'],
      request: { params: withId },
      responses: { 200: json(AttachmentSchema), ...errorResponses(404) },
    }),
    async (c) => {
      const h = await holder(c, 'read');
      const a = await getAttachment(c.var.deps.db, h.issue.id, h.commentId, c.req.valid('param').attachment_id);
      return c.json(toApiAttachment(a, c.var.deps.config), 200);
    },
  );

  commentsRoutes.openapi(
    createRoute({
      method: 'patch',
      path: `${base}/{attachment_id}`,
      operationId: `issueEdit${op}`,
      tags: ['issue'],
      request: { params: withId, body: EditAttachmentBody },
      responses: { 201: json(AttachmentSchema, 'Updated'), ...errorResponses(401, 403, 404, 422, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const h = await holder(c, 'participate');
      assertCanChangeAssets(h, doer);
      const { db, config } = c.var.deps;
      let a = await getAttachment(db, h.issue.id, h.commentId, c.req.valid('param').attachment_id);
      const { name } = c.req.valid('json');
      // As Gitea, an empty name leaves the attachment as it is.
      if (name) a = await renameAttachment(db, a, name, config.attachmentAllowedTypes);
      return c.json(toApiAttachment(a, config), 201);
    },
  );

  commentsRoutes.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{attachment_id}`,
      operationId: `issueDelete${op}`,
      tags: ['issue'],
      request: { params: withId },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
    }),
    async (c) => {
      const doer = requireUser(c);
      const h = await holder(c, 'participate');
      assertCanChangeAssets(h, doer);
      const { db, config } = c.var.deps;
      await deleteAttachment(db, config, await getAttachment(db, h.issue.id, h.commentId, c.req.valid('param').attachment_id));
      return c.body(null, 204);
    },
  );
}

// Comment assets first: /issues/comments/{id}/assets must not be taken for /issues/{index}/assets.
attachmentRoutes('comment');
attachmentRoutes('issue');
