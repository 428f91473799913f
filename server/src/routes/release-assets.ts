// Release assets: /repos/{owner}/{repo}/releases/{id}/assets[/{attachment_id}] (list, upload, get,
// rename, delete), as Gitea's routers/api/v1/repo/release_attachment.go. An upload is the multipart
// field `attachment` (named by ?name= or its file name) or, as Gitea 1.23+, any other body taken
// as the raw file with ?name= required; either is streamed to disk (never held in memory) up to
// the attachment size limit, 413 beyond it. The files download at browser_download_url.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { RepoParams } from '../api/params.ts';
import { AttachmentSchema, EditAttachmentOptionsSchema } from '../api/issue-schemas.ts';
import { requireUser } from '../auth/middleware.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readUploadBody } from '../http/upload-body.ts';
import { deleteAsset, listAssets, loadAsset, renameAsset, toAssetApi, uploadAsset } from '../services/release-assets.ts';
import { loadRelease } from '../services/releases.ts';
import { ReleaseIdParam } from './releases.ts';
import { zIndex } from '../api/params.ts';

export const releaseAssetsRoutes = createRouter();

const Params = RepoParams.extend({ id: ReleaseIdParam });
const AssetParams = Params.extend({
  attachment_id: zIndex('attachment_id'),
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
      // Plain schemas (not zod): the handler reads the body as a stream, nothing parses it before.
      body: {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { attachment: { type: 'string', format: 'binary', description: 'the file' } } },
          },
          'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'the file itself (?name= required)' } },
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
    return c.json(await uploadAsset(c.var.deps, rc, doer, r, await readUploadBody(c, { raw: true })), 201);
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
