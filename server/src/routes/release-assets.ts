// Release assets: /repos/{owner}/{repo}/releases/{id}/assets[/{attachment_id}] (list, upload with
// the multipart field `attachment` and an optional ?name=, get, rename, delete), as Gitea's
// routers/api/v1/repo/release_attachment.go. The files download at browser_download_url.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { errorBody } from '../api/errors-body.ts';
import { RepoParams } from '../api/params.ts';
import { AttachmentSchema, EditAttachmentOptionsSchema } from '../api/issue-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { badRequest } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { MAX_ATTACHMENT_SIZE, tooLarge } from '../services/attachments.ts';
import { deleteAsset, listAssets, loadAsset, renameAsset, toAssetApi, uploadAsset } from '../services/release-assets.ts';
import { loadRelease } from '../services/releases.ts';
import { ReleaseIdParam } from './releases.ts';

export const releaseAssetsRoutes = createRouter();

const tooLargeResponse = (c: Context<AppEnv>) => c.json(errorBody(c.var.deps.config, tooLarge().message), 413);
// Multipart overhead on top of the file itself.
releaseAssetsRoutes.post('/repos/:owner/:repo/releases/:id/assets', bodyLimit({ maxSize: MAX_ATTACHMENT_SIZE + 64 * 1024, onError: tooLargeResponse }));

const Params = RepoParams.extend({ id: ReleaseIdParam });
const AssetParams = Params.extend({
  attachment_id: z.coerce
    .number()
    .int()
    .openapi({ param: { name: 'attachment_id', in: 'path' }, example: 1 }),
});

releaseAssetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases/{id}/assets',
    operationId: 'repoListReleaseAttachments',
    tags: ['repository'],
    summary: "List a release's assets",
    request: { params: Params },
    responses: { 200: json(z.array(AttachmentSchema)), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    const r = await loadRelease(c.var.deps, rc, id);
    return c.json(await listAssets(c.var.deps, rc, r), 200);
  },
);

releaseAssetsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/releases/{id}/assets',
    operationId: 'repoCreateReleaseAttachment',
    tags: ['repository'],
    summary: 'Upload an asset to a release',
    request: {
      params: Params,
      query: z.object({ name: z.string().optional().openapi({ description: 'file name; defaults to the uploaded one' }) }),
      body: {
        content: {
          'multipart/form-data': {
            schema: z.object({ attachment: z.any().openapi({ type: 'string', format: 'binary', description: 'the file' }) }),
          },
        },
        required: true,
      },
    },
    responses: { 201: json(AttachmentSchema, 'Created'), ...errorResponses(400, 401, 403, 404, 413, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    const doer = requireUser(c);
    const r = await loadRelease(c.var.deps, rc, id);
    const file = (c.req.valid('form') as { attachment?: unknown }).attachment;
    // Gitea: a request without the file is a bad request.
    if (!(file instanceof File)) throw badRequest('attachment: a file is required');
    if (file.size > MAX_ATTACHMENT_SIZE) throw tooLarge();
    const name = c.req.valid('query').name || file.name;
    return c.json(await uploadAsset(c.var.deps, rc, doer, r, { name, data: new Uint8Array(await file.arrayBuffer()) }), 201);
  },
);

releaseAssetsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    operationId: 'repoGetReleaseAttachment',
    tags: ['repository'],
    summary: 'Get a release asset',
    request: { params: AssetParams },
    responses: { 200: json(AttachmentSchema), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { owner, repo, id, attachment_id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:releases');
    const r = await loadRelease(c.var.deps, rc, id);
    return c.json(toAssetApi(c.var.deps, rc, r, await loadAsset(c.var.deps, r, attachment_id)), 200);
  },
);

releaseAssetsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    operationId: 'repoEditReleaseAttachment',
    tags: ['repository'],
    summary: 'Rename a release asset',
    request: { params: AssetParams, body: jsonBody(EditAttachmentOptionsSchema) },
    responses: { 201: json(AttachmentSchema, 'Updated'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const { owner, repo, id, attachment_id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    requireUser(c);
    const r = await loadRelease(c.var.deps, rc, id);
    const a = await loadAsset(c.var.deps, r, attachment_id);
    return c.json(await renameAsset(c.var.deps, rc, r, a, c.req.valid('json').name), 201);
  },
);

releaseAssetsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/repos/{owner}/{repo}/releases/{id}/assets/{attachment_id}',
    operationId: 'repoDeleteReleaseAttachment',
    tags: ['repository'],
    summary: 'Delete a release asset',
    request: { params: AssetParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const { owner, repo, id, attachment_id } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write:releases');
    requireUser(c);
    const r = await loadRelease(c.var.deps, rc, id);
    await deleteAsset(c.var.deps, await loadAsset(c.var.deps, r, attachment_id));
    return c.body(null, 204);
  },
);
