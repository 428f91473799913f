// Repository topics, as Gitea's routers/api/v1/repo/topic.go: anyone who may read the repository
// lists them; its admins (with a token) change them, archived or not; GET /topics/search finds
// topics by a part of their name, counting only repositories the caller may read.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, json, jsonBody, z, zLimit, zPage } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams } from '../api/params.ts';
import { unixToIso } from '../db/index.ts';
import { repoTopicNames, searchTopics } from '../db/topics.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readableRepo } from '../services/repos.ts';
import { addTopicToRepo, removeTopicFromRepo, setRepoTopics } from '../services/topics.ts';

export const topicsRoutes = createRouter();

const TopicNameSchema = z.object({ topics: z.array(z.string()) }).openapi('TopicName');
// Null as Gitea reads it: Go clients send a nil slice as null, and it clears the topics.
const RepoTopicOptionsSchema = z.object({ topics: z.array(z.string()).nullable().optional() }).openapi('RepoTopicOptions');
const TopicResponseSchema = z
  .object({ id: z.number().int(), topic_name: z.string(), repo_count: z.number().int(), created: z.string(), updated: z.string() })
  .openapi('TopicResponse');
const TopicListResponseSchema = z.object({ topics: z.array(TopicResponseSchema) }).openapi('TopicListResponse');
const TopicParams = RepoParams.extend({ topic: z.string() });

topicsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/topics',
    operationId: 'repoListTopics',
    tags: ['repository'],
    summary: 'Get list of topics that a repository has',
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(TopicNameSchema, 'TopicNames'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const p = paging(c.req.valid('query'));
    const { total, names } = await repoTopicNames(c.var.deps.db, rc.repo.id, p);
    setPageHeaders(c, total, p);
    return c.json({ topics: names }, 200);
  },
);

topicsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/topics',
    operationId: 'repoUpdateTopics',
    tags: ['repository'],
    summary: 'Replace list of topics for a repository',
    request: { params: RepoParams, body: jsonBody(RepoTopicOptionsSchema) },
    responses: { 204: { description: 'Replaced' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    const body = c.req.valid('json');
    await setRepoTopics(c.var.deps.db, rc.repo, body.topics ?? []);
    return c.body(null, 204);
  },
);

for (const [method, operationId, summary] of [
  ['put', 'repoAddTopic', 'Add a topic to a repository'],
  ['delete', 'repoDeleteTopic', 'Delete a topic from a repository'],
] as const) {
  topicsRoutes.openapi(
    createRoute({
      method,
      path: '/repos/{owner}/{repo}/topics/{topic}',
      operationId,
      tags: ['repository'],
      summary,
      request: { params: TopicParams },
      responses: { 204: { description: 'Done' }, ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      requireUser(c);
      const { owner, repo, topic } = c.req.valid('param');
      const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
      if (method === 'put') await addTopicToRepo(c.var.deps.db, rc.repo, topic);
      else await removeTopicFromRepo(c.var.deps.db, rc.repo, topic);
      return c.body(null, 204);
    },
  );
}

topicsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/topics/search',
    operationId: 'topicSearch',
    tags: ['repository'],
    summary: 'search topics via keyword',
    request: { query: z.object({ q: z.string().optional().openapi({ description: 'keywords to search' }), page: zPage, limit: zLimit }) },
    responses: { 200: json(TopicListResponseSchema, 'TopicListResponse'), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const query = c.req.valid('query');
    const p = paging(query);
    const { total, rows } = await searchTopics(c.var.deps.db, readableRepo(c.var.user), (query.q ?? '').trim(), p);
    setPageHeaders(c, total, p);
    return c.json(
      {
        topics: rows.map((t) => ({
          id: t.id,
          topic_name: t.name,
          repo_count: t.repo_count,
          created: unixToIso(t.created_unix),
          updated: unixToIso(t.updated_unix),
        })),
      },
      200,
    );
  },
);
