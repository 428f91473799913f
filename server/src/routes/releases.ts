// Releases: /repos/{owner}/{repo}/releases (list, create), /releases/{id} (get, edit, delete),
// /releases/latest and /releases/tags/{tag} (get, delete), as Gitea's routers/api/v1/repo/release.go
// and release_tags.go. Reads need the releases unit; writes need write access to it.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json, jsonBody } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams, zIndex } from '../api/params.ts';
import { CreateReleaseOptionSchema, EditReleaseOptionSchema, ReleaseSchema } from '../api/release-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { createRelease, deleteRelease, editRelease, getLatestRelease, listReleases, loadRelease, loadReleaseByTag, releaseApi } from '../services/releases.ts';

export const releasesRoutes = createRouter();

// Not a number: 0, which no release has (Gitea's PathParamInt64), so 404 rather than 400.
export const ReleaseIdParam = zIndex('id');
const ReleaseParams = RepoParams.extend({ id: ReleaseIdParam });
const TagParams = RepoParams.extend({ tag: z.string().openapi({ description: 'Tag name; may contain slashes.' }) });

/** A {tag} that may hold slashes: the document keeps `{tag}`, Hono matches the rest of the path (as routes/tags.ts). */
function openapiRestParam<R extends RouteConfig>(route: R, handler: Parameters<typeof releasesRoutes.openapi<R>>[1]) {
  releasesRoutes.openAPIRegistry.registerPath(route);
  releasesRoutes.openapi({ ...route, hide: true, path: route.path.replace('{tag}', '{tag{.+}}') }, handler as never);
}

releasesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases',
    operationId: 'repoListReleases',
    tags: ['repository'],
    summary: "List a repository's releases, newest first (drafts only for those who may write releases)",
    request: {
      params: RepoParams,
      query: z.object({
        draft: zQueryBool.optional().openapi({ type: 'boolean', description: 'only drafts (true) or only published releases (false)' }),
        'pre-release': zQueryBool.optional().openapi({ type: 'boolean', description: 'only pre-releases (true) or only full releases (false)' }),
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(z.array(ReleaseSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    const q = c.req.valid('query');
    const p = paging(q);
    const { total, items } = await listReleases(c.var.deps, rc, c.var.user, { draft: q.draft, prerelease: q['pre-release'] }, p);
    setPageHeaders(c, total, p);
    return c.json(items, 200);
  },
);

releasesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/releases',
    operationId: 'repoCreateRelease',
    tags: ['repository'],
    summary: 'Create a release; publishing it creates its tag from target_commitish (the default branch) when missing',
    request: { params: RepoParams, body: jsonBody(CreateReleaseOptionSchema) },
    responses: { 201: json(ReleaseSchema, 'Created'), ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    const doer = requireUser(c);
    return c.json(await createRelease(c.var.deps, rc, doer, c.req.valid('json')), 201);
  },
);

releasesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases/latest',
    operationId: 'repoGetLatestRelease',
    tags: ['repository'],
    summary: 'Get the newest release that is neither a draft nor a pre-release',
    request: { params: RepoParams },
    responses: { 200: json(ReleaseSchema), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    return c.json(await getLatestRelease(c.var.deps, rc, c.var.user), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases/tags/{tag}',
    operationId: 'repoGetReleaseByTag',
    tags: ['repository'],
    summary: 'Get a release by its tag name',
    request: { params: TagParams },
    responses: { 200: json(ReleaseSchema), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, tag } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    const r = await loadReleaseByTag(c.var.deps, rc, tag);
    return c.json(await releaseApi(c.var.deps, rc, r, c.var.user), 200);
  },
);

openapiRestParam(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/releases/tags/{tag}',
    operationId: 'repoDeleteReleaseByTag',
    tags: ['repository'],
    summary: 'Delete a release by its tag name (the tag stays)',
    request: { params: TagParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, tag } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    const doer = requireUser(c);
    await deleteRelease(c.var.deps, rc, doer, await loadReleaseByTag(c.var.deps, rc, tag));
    return c.body(null, 204);
  },
);

releasesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases/{id}',
    operationId: 'repoGetRelease',
    tags: ['repository'],
    summary: 'Get a release',
    request: { params: ReleaseParams },
    responses: { 200: json(ReleaseSchema), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    const r = await loadRelease(c.var.deps, rc, id);
    return c.json(await releaseApi(c.var.deps, rc, r, c.var.user), 200);
  },
);

releasesRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/releases/{id}',
    operationId: 'repoEditRelease',
    tags: ['repository'],
    summary: 'Update a release (publishing a draft creates its tag when missing)',
    request: { params: ReleaseParams, body: jsonBody(EditReleaseOptionSchema) },
    responses: { 200: json(ReleaseSchema), ...errorResponses(401, 403, 404, 409, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    const doer = requireUser(c);
    // Gitea binds the body before it looks the release up.
    const form = c.req.valid('json');
    return c.json(await editRelease(c.var.deps, rc, doer, id, form), 200);
  },
);

releasesRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/releases/{id}',
    operationId: 'repoDeleteRelease',
    tags: ['repository'],
    summary: 'Delete a release and its assets (the tag stays)',
    request: { params: ReleaseParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    const doer = requireUser(c);
    await deleteRelease(c.var.deps, rc, doer, await loadRelease(c.var.deps, rc, id));
    return c.body(null, 204);
  },
);
