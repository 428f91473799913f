// Emoji reactions on issues, pull requests and comments (issue #20), as Gitea's
// routers/api/v1/repo/issue_reaction.go: the same checks in the same order and the same answers.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { EditReactionOptionSchema, ReactionSchema } from '../api/reaction-schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { IssueParams, RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unixToIso } from '../db/index.ts';
import type { IssueRow, ReactionRow, UserRow } from '../db/schema.ts';
import { countReactions, listReactions } from '../db/reactions.ts';
import { forbidden, locked, notFound } from '../errors.ts';
import { loadIssueRepo } from '../http/issue-context.ts';
import { getIssueByIndex } from '../services/conversation.ts';
import { getComment } from '../services/comments.ts';
import { addReaction, removeReaction } from '../services/reactions.ts';

export const reactionsRoutes = createRouter();

const CommentParams = RepoParams.extend({
  id: z.coerce
    .number()
    .int()
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

const toApi = (c: Context<AppEnv>, r: ReactionRow, user: UserRow) => ({
  user: toApiUser(user, c.var.deps.config, c.var.user),
  content: r.type,
  created_at: unixToIso(r.created_unix),
});

const NO_READ = 'no permission to get reactions';

reactionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/{index}/reactions',
    operationId: 'issueGetIssueReactions',
    tags: ['issue'],
    summary: 'Get a list reactions of an issue',
    request: { params: IssueParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(ReactionSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, index } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const issue = await getIssueByIndex(db, rc.repo.id, index);
    if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw forbidden(NO_READ);
    const p = paging(c.req.valid('query'));
    const subject = { issueId: issue.id, commentId: 0 };
    const rows = await listReactions(db, subject, { limit: p.limit, offset: p.offset });
    setPageHeaders(c, await countReactions(db, subject), p);
    return c.json(
      rows.map((r) => toApi(c, r.reaction, r.user)),
      200,
    );
  },
);

reactionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/issues/comments/{id}/reactions',
    operationId: 'issueGetCommentReactions',
    tags: ['issue'],
    summary: 'Get a list of reactions from a comment of an issue',
    request: { params: CommentParams },
    responses: { 200: json(z.array(ReactionSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadIssueRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const { comment, issue } = await getComment(db, rc.repo.id, id);
    if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw forbidden(NO_READ);
    const rows = await listReactions(db, { issueId: issue.id, commentId: comment.id });
    return c.json(
      rows.map((r) => toApi(c, r.reaction, r.user)),
      200,
    );
  },
);

/** Where a reaction goes: the issue itself (comment 0) or one of its comments, as Gitea's two route families. */
interface ReactionTarget {
  path: string;
  params: typeof IssueParams | typeof CommentParams;
  ids: { post: string; delete: string };
  summaries: { post: string; delete: string };
  /** Loads the subject; Gitea answers 403 on an issue of a unit the caller cannot read, 404 on such a comment. */
  subject: (c: Context<AppEnv>, rc: Awaited<ReturnType<typeof loadIssueRepo>>, n: number) => Promise<{ issue: IssueRow; commentId: number }>;
}

const reactionTargets: ReactionTarget[] = [
  {
    path: '/repos/{owner}/{repo}/issues/{index}/reactions',
    params: IssueParams,
    ids: { post: 'issuePostIssueReaction', delete: 'issueDeleteIssueReaction' },
    summaries: { post: 'Add a reaction to an issue', delete: 'Remove a reaction from an issue' },
    subject: async (c, rc, index) => {
      const issue = await getIssueByIndex(c.var.deps.db, rc.repo.id, index);
      if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw forbidden(NO_READ);
      return { issue, commentId: 0 };
    },
  },
  {
    path: '/repos/{owner}/{repo}/issues/comments/{id}/reactions',
    params: CommentParams,
    ids: { post: 'issuePostCommentReaction', delete: 'issueDeleteCommentReaction' },
    summaries: { post: 'Add a reaction to a comment of an issue', delete: 'Remove a reaction from a comment of an issue' },
    subject: async (c, rc, id) => {
      const { comment, issue } = await getComment(c.var.deps.db, rc.repo.id, id);
      if (!rc.perm.canReadIssuesOrPulls(issue.is_pull)) throw notFound();
      return { issue, commentId: comment.id };
    },
  },
];

for (const target of reactionTargets) {
  for (const method of ['post', 'delete'] as const) {
    reactionsRoutes.openapi(
      createRoute({
        method,
        path: target.path,
        operationId: target.ids[method],
        tags: ['issue'],
        summary: target.summaries[method],
        request: { params: target.params, body: jsonBody(EditReactionOptionSchema) },
        responses:
          method === 'post'
            ? { 200: json(ReactionSchema, 'Already there'), 201: json(ReactionSchema, 'Created'), ...errorResponses(401, 403, 404, 422, 423) }
            : { 200: { description: 'Removed (or was not there)' }, ...errorResponses(401, 403, 404, 422, 423) },
      }),
      async (c) => {
        const doer = requireUser(c);
        const param = c.req.valid('param') as { owner: string; repo: string; index?: number; id?: number };
        const rc = await loadIssueRepo(c, param.owner, param.repo, 'read');
        const { issue, commentId } = await target.subject(c, rc, param.index ?? param.id ?? 0);
        // An archived repository takes no writes (compat.md), reactions included.
        if (rc.repo.is_archived === 1) throw locked();
        const content = c.req.valid('json').content ?? '';
        if (method === 'delete') {
          await removeReaction(c.var.deps, rc, issue, commentId, doer, content);
          return c.body(null, 200);
        }
        const { reaction, created } = await addReaction(c.var.deps, rc, issue, commentId, doer, content);
        return c.json(toApi(c, reaction, doer), created ? 201 : 200);
      },
    );
  }
}
