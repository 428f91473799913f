// Repository contents (Gitea's ContentsResponse for directories and files) and raw file bytes.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, json } from '../api/openapi.ts';
import { ContentsResponseSchema } from '../api/git-schemas.ts';
import { RepoParams } from '../api/params.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../errors.ts';
import { resolveCommit } from '../git/repo.ts';
import { submoduleUrls } from '../git/submodules.ts';
import { lastCommitsForEntries, listTree, readBlob, treeEntry, type TreeEntry } from '../git/tree.ts';
import { unixToIso } from '../db/index.ts';
import { loadRepo, type RepoContext } from '../http/repo-context.ts';
import { serveRawBlob } from '../http/raw-serve.ts';

export const contentsRoutes = createRouter();

/** Files up to this size carry their content in the contents API (Gitea's API.DefaultMaxBlobSize). */
const MAX_INLINE_BLOB = 10 * 1024 * 1024;

type ContentsResponse = z.infer<typeof ContentsResponseSchema>;

const FileParams = RepoParams.extend({ filepath: z.string().openapi({ description: 'path of the dir, file, symlink or submodule in the repo' }) });
const RefQuery = z.object({
  ref: z.string().optional().openapi({ description: 'The name of the commit/branch/tag. Default the repository’s default branch' }),
});

/**
 * A route whose last parameter spans several path segments. The OpenAPI document shows
 * `{filepath}`; Hono matches it with a regex parameter.
 */
function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  contentsRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

/** Cleans a user path: no leading/trailing or double slashes; `..` cannot name anything. */
function cleanPath(p: string | undefined): string {
  const parts = (p ?? '').split('/').filter((s) => s && s !== '.');
  if (parts.some((s) => s === '..' || s.includes('\0'))) throw notFound();
  return parts.join('/');
}

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

export interface ResolvedRef {
  commit: string;
  ref: string;
  refType: 'branch' | 'tag' | 'commit';
}

/** The commit `ref` (default: the default branch) names, or null for an empty repository. */
async function resolveRef(rc: RepoContext, ref: string | undefined): Promise<ResolvedRef | null> {
  const name = ref || rc.repo.default_branch;
  if (!ref && rc.repo.is_empty === 1) return null;
  if (name.startsWith('-')) throw notFound();
  const branch = await resolveCommit(rc.dir, `refs/heads/${name}`);
  if (branch) return { commit: branch, ref: name, refType: 'branch' };
  const tag = await resolveCommit(rc.dir, `refs/tags/${name}`);
  if (tag) return { commit: tag, ref: name, refType: 'tag' };
  if (/^[0-9a-f]{4,64}$/i.test(name)) {
    const sha = await resolveCommit(rc.dir, name);
    if (sha) return { commit: sha, ref: sha, refType: 'commit' };
  }
  if (!ref) return null;
  throw notFound(`no such ref: ${name}`);
}

const kindOf = (e: TreeEntry): ContentsResponse['type'] =>
  e.kind === 'tree' ? 'dir' : e.kind === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';

export function describe(c: Context<AppEnv>, rc: RepoContext, r: ResolvedRef, e: TreeEntry): ContentsResponse {
  const root = c.var.deps.config.rootUrl;
  const full = `${rc.owner.name}/${rc.repo.name}`;
  const type = kindOf(e);
  const refQ = `?ref=${encodeURIComponent(r.ref)}`;
  const self = `${root}api/v1/repos/${full}/contents/${encodePath(e.path)}${refQ}`;
  const git = type === 'submodule' ? null : `${root}api/v1/repos/${full}/git/${type === 'dir' ? 'trees' : 'blobs'}/${e.sha}`;
  const html = `${root}${full}/src/${r.refType}/${encodePath(r.ref)}/${encodePath(e.path)}`;
  return {
    name: e.name,
    path: e.path,
    sha: e.sha,
    last_commit_sha: '',
    type,
    size: e.size,
    encoding: null,
    content: null,
    target: null,
    url: self,
    html_url: html,
    git_url: git,
    download_url: type === 'file' ? `${root}api/v1/repos/${full}/raw/${encodePath(e.path)}${refQ}` : null,
    submodule_git_url: null,
    _links: { self, git, html },
  };
}

export async function withLastCommits(rc: RepoContext, r: ResolvedRef, dirPath: string, items: ContentsResponse[]) {
  const last = await lastCommitsForEntries(
    rc.dir,
    r.commit,
    dirPath,
    items.map((i) => i.name),
  );
  for (const item of items) {
    const lc = last.get(item.name);
    if (!lc) continue;
    item.last_commit_sha = lc.sha;
    item.last_commit_message = lc.subject;
    item.last_commit_date = unixToIso(lc.time);
  }
}

async function getContents(c: Context<AppEnv>, owner: string, repo: string, filepath: string | undefined, ref: string | undefined) {
  const rc = await loadRepo(c, owner, repo, 'read');
  const path = cleanPath(filepath);
  const r = await resolveRef(rc, ref);
  if (!r) {
    if (!path) return [];
    throw notFound();
  }
  const entry = await treeEntry(rc.dir, r.commit, path);
  if (!entry) throw notFound(`object does not exist [id: , rel_path: ${path}]`);

  if (entry.kind === 'tree') {
    const entries = await listTree(rc.dir, r.commit, path);
    const subs = entries.some((e) => e.kind === 'commit') ? await submoduleUrls(rc.dir, r.commit) : new Map<string, string>();
    const items = entries.map((e) => {
      const item = describe(c, rc, r, e);
      if (item.type === 'submodule') item.submodule_git_url = subs.get(e.path) ?? null;
      return item;
    });
    const rank = (t: ContentsResponse['type']) => (t === 'dir' || t === 'submodule' ? 0 : 1);
    items.sort((a, b) => rank(a.type) - rank(b.type) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    await withLastCommits(rc, r, path, items);
    return items;
  }

  const item = describe(c, rc, r, entry);
  if (item.type === 'file' && entry.size <= MAX_INLINE_BLOB) {
    item.encoding = 'base64';
    item.content = (await readBlob(rc.dir, entry.sha)).toString('base64');
  } else if (item.type === 'symlink') {
    item.target = (await readBlob(rc.dir, entry.sha)).toString('utf8');
  } else if (item.type === 'submodule') {
    item.submodule_git_url = (await submoduleUrls(rc.dir, r.commit)).get(entry.path) ?? null;
  }
  const slash = path.lastIndexOf('/');
  await withLastCommits(rc, r, slash >= 0 ? path.slice(0, slash) : '', [item]);
  return item;
}

/**
 * The entry a raw request names. Without ?ref= Gitea also accepts "{ref}/{filepath}": when the path
 * is not in the default branch, its leading segments are tried as a branch, tag or commit.
 */
async function rawEntry(rc: RepoContext, path: string, ref: string | undefined): Promise<TreeEntry | null> {
  if (!path) return null;
  const r = await resolveRef(rc, ref);
  const entry = r ? await treeEntry(rc.dir, r.commit, path) : null;
  if (entry || ref) return entry;
  const parts = path.split('/');
  for (let i = parts.length - 1; i >= 1; i--) {
    const name = parts.slice(0, i).join('/');
    const sha =
      (await resolveCommit(rc.dir, `refs/heads/${name}`)) ??
      (await resolveCommit(rc.dir, `refs/tags/${name}`)) ??
      (i === 1 && /^[0-9a-f]{7,64}$/i.test(name) ? await resolveCommit(rc.dir, name) : null);
    if (sha) return treeEntry(rc.dir, sha, parts.slice(i).join('/'));
  }
  return null;
}

const ContentsAnswer = z.union([ContentsResponseSchema, z.array(ContentsResponseSchema)]);

contentsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/contents',
    operationId: 'repoGetContentsList',
    tags: ['repository'],
    summary: 'Gets the metadata of all the entries of the root dir',
    request: { params: RepoParams, query: RefQuery },
    responses: { 200: json(z.array(ContentsResponseSchema), 'ContentsListResponse'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const items = await getContents(c, owner, repo, '', c.req.valid('query').ref);
    return c.json(Array.isArray(items) ? items : [items], 200);
  },
);

contentsRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'get',
      path: '/repos/{owner}/{repo}/contents/{filepath}',
      operationId: 'repoGetContents',
      tags: ['repository'],
      summary: 'Gets the metadata and contents (if a file) of an entry in a repository, or a list of entries if a dir',
      request: { params: FileParams, query: RefQuery },
      responses: { 200: json(ContentsAnswer, 'ContentsResponse'), ...errorResponses(404) },
    }),
    '/repos/{owner}/{repo}/contents/:filepath{.+}',
  ),
  async (c) => {
    const { owner, repo, filepath } = c.req.valid('param');
    return c.json(await getContents(c, owner, repo, filepath, c.req.valid('query').ref), 200);
  },
);

// /raw and Gitea's /media (raw or the LFS object; this forge keeps no LFS objects, so the same).
for (const [kind, operationId, summary] of [
  ['raw', 'repoGetRawFile', 'Get a file from a repository'],
  ['media', 'repoGetRawFileOrLFS', 'Get a file or its LFS object from a repository'],
] as const) {
  contentsRoutes.openapi(
    wideRoute(
      createRoute({
        method: 'get',
        path: `/repos/{owner}/{repo}/${kind}/{filepath}`,
        operationId,
        tags: ['repository'],
        summary,
        request: { params: FileParams, query: RefQuery },
        responses: {
          200: { description: 'Returns raw file content.', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
          ...errorResponses(404),
        },
      }),
      `/repos/{owner}/{repo}/${kind}/:filepath{.+}`,
    ),
    async (c) => {
      const { owner, repo, filepath } = c.req.valid('param');
      const rc = await loadRepo(c, owner, repo, 'read');
      const entry = await rawEntry(rc, cleanPath(filepath), c.req.valid('query').ref);
      if (!entry || entry.kind !== 'blob') throw notFound();

      // The same serving as the web /raw/ paths, so the API also streams through processStream (safe when the client leaves).
      return serveRawBlob(c, rc.dir, entry);
    },
  );
}
