// Writing files through the contents API (Gitea's routers/api/v1/repo/file.go): create, update and
// delete one file, or change several in one commit. Thin handlers: services/contents-write.ts
// decides; the answers are Gitea's FileResponse, FilesResponse and FileDeleteResponse.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, json, jsonBody, z } from '../api/openapi.ts';
import {
  ChangeFilesOptionsSchema,
  CreateFileOptionsSchema,
  DeleteFileOptionsSchema,
  FileDeleteResponseSchema,
  FileResponseSchema,
  FilesResponseSchema,
  UpdateFileOptionsSchema,
} from '../api/contents-write-schemas.ts';
import type { ContentsResponseSchema } from '../api/git-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { unprocessable } from '../errors.ts';
import { readCommitInfo } from '../git/file-commit.ts';
import { readBlob, treeEntry } from '../git/tree.ts';
import { loadRepo, type RepoContext } from '../http/repo-context.ts';
import { changeRepoFiles, type ChangeFilesRequest, type ChangeFilesResult, type FileChange } from '../services/contents-write.ts';
import { UNSIGNED } from '../services/commits.ts';
import { describe, withLastCommits } from './contents.ts';

export const contentsWriteRoutes = createRouter();

const FileParams = RepoParams.extend({ filepath: z.string().openapi({ description: 'path of the file' }) });

function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  contentsWriteRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

/** Strict base64 as Go's StdEncoding reads it (line breaks ignored); 422 otherwise. */
function decodeBase64(s: string | undefined, field: string): Buffer {
  const clean = (s ?? '').replace(/[\r\n]/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw unprocessable(`${field}: illegal base64 data`);
  return Buffer.from(clean, 'base64');
}

type Common = Omit<ChangeFilesRequest, 'files'>;
const common = (b: {
  branch?: string;
  new_branch?: string;
  message?: string;
  author?: { name?: string; email?: string };
  committer?: { name?: string; email?: string };
  dates?: { author?: string; committer?: string };
  signoff?: boolean;
}): Common => ({
  branch: b.branch,
  newBranch: b.new_branch,
  message: b.message,
  author: b.author,
  committer: b.committer,
  dates: b.dates,
  signoff: b.signoff,
});

const utc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ZERO_TIME = '0001-01-01T00:00:00Z';

async function commitResponse(c: Context<AppEnv>, rc: RepoContext, sha: string) {
  const root = c.var.deps.config.rootUrl;
  const full = `${rc.owner.name}/${rc.repo.name}`;
  const info = await readCommitInfo(rc.dir, sha);
  return {
    url: `${root}api/v1/repos/${full}/git/commits/${sha}`,
    sha,
    created: info.committer.date,
    html_url: `${root}${full}/commit/${sha}`,
    author: { name: info.author.name, email: info.author.email, date: utc(info.author.date) },
    committer: { name: info.committer.name, email: info.committer.email, date: utc(info.committer.date) },
    parents: info.parents.map((p) => ({ url: `${root}api/v1/repos/${full}/git/commits/${p}`, sha: p, created: ZERO_TIME })),
    message: `${info.message}\n`,
    tree: { url: `${root}api/v1/repos/${full}/git/trees/${info.tree}`, sha: info.tree, created: info.committer.date },
  };
}

async function fileContents(c: Context<AppEnv>, rc: RepoContext, result: ChangeFilesResult, p: string): Promise<z.infer<typeof ContentsResponseSchema> | null> {
  const entry = await treeEntry(rc.dir, result.commit, p);
  if (!entry) return null;
  const item = describe(c, rc, { commit: result.commit, ref: result.branch, refType: 'branch' }, entry);
  if (item.type === 'file') {
    item.encoding = 'base64';
    item.content = (await readBlob(rc.dir, entry.sha)).toString('base64');
  }
  const slash = p.lastIndexOf('/');
  await withLastCommits(rc, { commit: result.commit, ref: result.branch, refType: 'branch' }, slash >= 0 ? p.slice(0, slash) : '', [item]);
  return item;
}

async function run(c: Context<AppEnv>, owner: string, repo: string, build: () => ChangeFilesRequest) {
  const rc = await loadRepo(c, owner, repo, 'write');
  const doer = requireUser(c);
  const result = await changeRepoFiles(c.var.deps, rc, doer, build());
  return { rc, result, commit: await commitResponse(c, rc, result.commit) };
}

const errors = errorResponses(401, 403, 404, 422, 423);

contentsWriteRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/contents',
    operationId: 'repoChangeFiles',
    tags: ['repository'],
    summary: 'Modify multiple files in a repository',
    request: { params: RepoParams, body: jsonBody(ChangeFilesOptionsSchema) },
    responses: { 201: json(FilesResponseSchema, 'FilesResponse'), ...errors },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const { rc, result, commit } = await run(c, owner, repo, () => {
      const body = c.req.valid('json');
      const files: FileChange[] = body.files.map((f, i) => ({
        operation: f.operation,
        path: f.path,
        fromPath: f.from_path,
        sha: f.sha,
        content: f.operation === 'delete' ? undefined : decodeBase64(f.content, `files[${i}].content`),
      }));
      return { ...common(body), files };
    });
    const files = [];
    for (const f of result.files) files.push(f.deleted ? null : await fileContents(c, rc, result, f.path));
    return c.json({ files, commit, verification: UNSIGNED }, 201);
  },
);

contentsWriteRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'post',
      path: '/repos/{owner}/{repo}/contents/{filepath}',
      operationId: 'repoCreateFile',
      tags: ['repository'],
      summary: 'Create a file in a repository',
      request: { params: FileParams, body: jsonBody(CreateFileOptionsSchema) },
      responses: { 201: json(FileResponseSchema, 'FileResponse'), ...errors },
    }),
    '/repos/{owner}/{repo}/contents/:filepath{.+}',
  ),
  async (c) => {
    const { owner, repo, filepath } = c.req.valid('param');
    const { rc, result, commit } = await run(c, owner, repo, () => {
      const body = c.req.valid('json');
      return { ...common(body), files: [{ operation: 'create', path: filepath, content: decodeBase64(body.content, 'content') }] };
    });
    return c.json({ content: await fileContents(c, rc, result, result.files[0]!.path), commit, verification: UNSIGNED }, 201);
  },
);

contentsWriteRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'put',
      path: '/repos/{owner}/{repo}/contents/{filepath}',
      operationId: 'repoUpdateFile',
      tags: ['repository'],
      summary: 'Update a file in a repository',
      request: { params: FileParams, body: jsonBody(UpdateFileOptionsSchema) },
      responses: { 200: json(FileResponseSchema, 'FileResponse'), ...errors },
    }),
    '/repos/{owner}/{repo}/contents/:filepath{.+}',
  ),
  async (c) => {
    const { owner, repo, filepath } = c.req.valid('param');
    const { rc, result, commit } = await run(c, owner, repo, () => {
      const body = c.req.valid('json');
      const content = decodeBase64(body.content, 'content');
      return { ...common(body), files: [{ operation: 'update', path: filepath, fromPath: body.from_path, sha: body.sha, content }] };
    });
    return c.json({ content: await fileContents(c, rc, result, result.files[0]!.path), commit, verification: UNSIGNED }, 200);
  },
);

contentsWriteRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'delete',
      path: '/repos/{owner}/{repo}/contents/{filepath}',
      operationId: 'repoDeleteFile',
      tags: ['repository'],
      summary: 'Delete a file in a repository',
      request: { params: FileParams, body: jsonBody(DeleteFileOptionsSchema) },
      responses: { 200: json(FileDeleteResponseSchema, 'FileDeleteResponse'), ...errors },
    }),
    '/repos/{owner}/{repo}/contents/:filepath{.+}',
  ),
  async (c) => {
    const { owner, repo, filepath } = c.req.valid('param');
    const { commit } = await run(c, owner, repo, () => {
      const body = c.req.valid('json');
      return { ...common(body), files: [{ operation: 'delete', path: filepath, sha: body.sha }] };
    });
    return c.json({ content: null, commit, verification: UNSIGNED }, 200);
  },
);
