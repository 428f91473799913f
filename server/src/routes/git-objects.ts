// Gitea's GET /repos/{owner}/{repo}/git/blobs/{sha} (routers/api/v1/repo/blob.go, files.GetBlobBySHA)
// and /git/refs, /git/refs/{ref} (repo/git_ref.go): a blob's bytes in base64 (empty past Gitea's
// DefaultMaxBlobSize, 10 MiB), and the refs whose name starts with refs/{ref}, one object when a
// single ref matches exactly. Readers of the code only, as Gitea's reqRepoReader(unit.TypeCode).
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { RepoParams } from '../api/params.ts';
import { createRouter, errorResponses, z, json } from '../api/openapi.ts';
import { GitBlobResponseSchema, ReferenceSchema } from '../api/git-schemas.ts';
import { badRequest, notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readBlob } from '../git/tree.ts';
import { blobSize, listAllRefs } from '../git/objects.ts';

export const gitObjectsRoutes = createRouter();

/** Gitea's setting.API.DefaultMaxBlobSize: larger blobs are answered without their content. */
const MAX_BLOB_SIZE = 10 * 1024 * 1024;
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

const escapeSegments = (p: string) => p.split('/').map(encodeURIComponent).join('/');

gitObjectsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/git/blobs/{sha}',
    operationId: 'GetBlob',
    tags: ['repository'],
    summary: 'Gets the blob of a repository.',
    request: { params: z.object({ owner: z.string(), repo: z.string(), sha: z.string().openapi({ description: 'sha of the blob' }) }) },
    responses: { 200: json(GitBlobResponseSchema, 'GitBlobResponse'), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:code');
    if (!sha) throw badRequest('sha not provided');
    const id = sha.toLowerCase();
    const size = OBJECT_ID.test(id) && rc.repo.is_empty !== 1 ? await blobSize(rc.dir, id) : null;
    if (size === null) throw badRequest(`object does not exist [id: ${sha}, rel_path: ]`);
    const content = size <= MAX_BLOB_SIZE ? (await readBlob(rc.dir, id)).toString('base64') : '';
    const api = `${c.var.deps.config.rootUrl}api/v1/repos/${encodeURIComponent(rc.owner.name)}/${encodeURIComponent(rc.repo.name)}`;
    return c.json({ content, encoding: 'base64', url: `${api}/git/blobs/${id}`, sha: id, size }, 200);
  },
);

const RefsResponse = json(z.union([ReferenceSchema, z.array(ReferenceSchema)]), 'Reference or ReferenceList');

/** The refs whose name starts with refs/{ref} (every ref without one); one object for an exact match. */
async function refsAnswer(c: Context<AppEnv>, owner: string, repo: string, ref: string | undefined) {
  const rc = await loadRepo(c, owner, repo, 'read:code');
  const filter = ref ? `refs/${ref}` : '';
  const refs = rc.repo.is_empty === 1 ? [] : (await listAllRefs(rc.dir)).filter((r) => r.name.startsWith(filter));
  if (refs.length === 0) throw notFound();
  const api = `${c.var.deps.config.rootUrl}api/v1/repos/${encodeURIComponent(rc.owner.name)}/${encodeURIComponent(rc.repo.name)}`;
  const out = refs.map((r) => ({
    ref: r.name,
    url: `${api}/git/${escapeSegments(r.name)}`,
    object: { type: r.type, sha: r.sha, url: `${api}/git/${encodeURIComponent(r.type)}s/${r.sha}` },
  }));
  return c.json(out.length === 1 && out[0]!.ref === filter ? out[0]! : out, 200);
}

gitObjectsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/git/refs',
    operationId: 'repoListAllGitRefs',
    tags: ['repository'],
    summary: "Get specified ref or filtered repository's refs",
    request: { params: RepoParams },
    responses: { 200: RefsResponse, ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    return refsAnswer(c, owner, repo, undefined);
  },
);

// A ref has slashes: the OpenAPI document keeps `{ref}`, Hono matches the rest of the path.
const refRoute = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/git/refs/{ref}',
  operationId: 'repoListGitRefs',
  tags: ['repository'],
  summary: "Get specified ref or filtered repository's refs",
  request: { params: RepoParams.extend({ ref: z.string().openapi({ description: 'part or full name of the ref' }) }) },
  responses: { 200: RefsResponse, ...errorResponses(404) },
});
gitObjectsRoutes.openAPIRegistry.registerPath(refRoute);
gitObjectsRoutes.openapi({ ...refRoute, hide: true, path: '/repos/{owner}/{repo}/git/refs/{ref{.+}}' }, (async (c: Context<AppEnv>) =>
  refsAnswer(c, c.req.param('owner')!, c.req.param('repo')!, c.req.param('ref'))) as never);
