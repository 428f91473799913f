// Tags: /repos/{owner}/{repo}/tags[/{tag}] (list, read, create, delete) and the annotated tag
// object at /repos/{owner}/{repo}/git/tags/{sha}, as Gitea's routers/api/v1/repo/tag.go.
import { emitEvent } from '../services/events.ts';
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { createTag, deleteTag, getAnnotatedTagApi, getTagApi, listTagsPage } from '../services/tags.ts';
import { TagSchema, CreateTagSchema, AnnotatedTagSchema } from '../api/git-schemas.ts';
import { RepoParams } from '../api/params.ts';

export const tagsRoutes = createRouter();

const TagParams = RepoParams.extend({ tag: z.string().openapi({ description: 'Tag name; may contain slashes.' }) });

/**
 * Tag names contain slashes, so the {tag} parameter is matched as "the rest of the path". The
 * OpenAPI document keeps the plain `{tag}` path; Hono gets the `{.+}` pattern.
 */
function openapiRestParam<R extends RouteConfig>(route: R, param: string, handler: Parameters<typeof tagsRoutes.openapi<R>>[1]) {
  tagsRoutes.openAPIRegistry.registerPath(route);
  tagsRoutes.openapi({ ...route, hide: true, path: route.path.replace(`{${param}}`, `{${param}{.+}}`) }, handler as never);
}

tagsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/tags',
    operationId: 'repoListTags',
    tags: ['repository'],
    summary: "List a repository's tags, newest first",
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(TagSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const p = paging(c.req.valid('query'));
    const { total, items } = await listTagsPage(c.var.deps.config, rc, p);
    setPageHeaders(c, total, p);
    return c.json(items, 200);
  },
);

tagsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/tags',
    operationId: 'repoCreateTag',
    tags: ['repository'],
    summary: 'Create a tag on a branch, tag or commit (annotated when a message is given)',
    request: { params: RepoParams, body: { content: { 'application/json': { schema: CreateTagSchema } }, required: true } },
    responses: { 201: json(TagSchema, 'Created'), ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const { db, config } = c.var.deps;
    const created = await createTag(db, config, rc, requireUser(c), c.req.valid('json'));
    const repository = { repo: rc.repo, owner: rc.owner };
    await emitEvent(c.var.deps, { type: 'ref.created', actor: requireUser(c), repository, ref: `refs/tags/${created.name}`, sha: created.id });
    return c.json(created, 201);
  },
);

openapiRestParam(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/tags/{tag}',
    operationId: 'repoGetTag',
    tags: ['repository'],
    summary: 'Get a tag by name',
    request: { params: TagParams },
    responses: { 200: json(TagSchema), ...errorResponses(404) },
  }),
  'tag',
  async (c) => {
    const { owner, repo, tag } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    return c.json(await getTagApi(c.var.deps.config, rc, tag), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/tags/{tag}',
    operationId: 'repoDeleteTag',
    tags: ['repository'],
    summary: 'Delete a tag by name',
    request: { params: TagParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409, 423) },
  }),
  'tag',
  async (c) => {
    const { owner, repo, tag } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const sha = await deleteTag(c.var.deps.db, rc, requireUser(c), tag);
    await emitEvent(c.var.deps, { type: 'ref.deleted', actor: requireUser(c), repository: { repo: rc.repo, owner: rc.owner }, ref: `refs/tags/${tag}`, sha });
    return c.body(null, 204);
  },
);

tagsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/git/tags/{sha}',
    operationId: 'GetAnnotatedTag',
    tags: ['repository'],
    summary: 'Get the tag object of an annotated tag (not a lightweight tag) by its SHA',
    request: { params: RepoParams.extend({ sha: z.string() }) },
    responses: { 200: json(AnnotatedTagSchema), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    return c.json(await getAnnotatedTagApi(c.var.deps.config, rc, sha), 200);
  },
);
