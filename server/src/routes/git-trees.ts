// Gitea's GET /repos/{owner}/{repo}/git/trees/{sha} (routers/api/v1/repo/tree.go, services/repository/
// files/tree.go): a tree's entries, the whole tree with ?recursive=1, paged by entries.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zPage, zQueryBool, json } from '../api/openapi.ts';
import { GitTreeResponseSchema } from '../api/git-schemas.ts';
import { badRequest, notFound } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { GitError } from '../git/run-git-errors.ts';
import { eachLsTreeRecord, resolveTree } from '../git/tree.ts';

export const gitTreesRoutes = createRouter();

/** Gitea's setting.API.DefaultGitTreesPerPage: the page size and its maximum. */
const TREES_PER_PAGE = 1000;

gitTreesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/git/trees/{sha}',
    operationId: 'GetTree',
    tags: ['repository'],
    summary: 'Gets the tree of a repository.',
    request: {
      params: z.object({ owner: z.string(), repo: z.string(), sha: z.string().openapi({ description: 'sha of the commit' }) }),
      query: z.object({
        recursive: zQueryBool.optional().openapi({ description: 'show all directories and files' }),
        page: zPage.openapi({
          description: "page number; the 'truncated' field in the response will be true if there are still more items after this page, false if the last page",
        }),
        per_page: z.coerce
          .number()
          .int()
          .optional()
          .catch(undefined)
          .openapi({ param: { name: 'per_page', in: 'query' }, type: 'integer', description: 'number of items per page' }),
      }),
    },
    responses: { 200: json(GitTreeResponseSchema, 'GitTreeResponse'), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { owner, repo, sha } = c.req.valid('param');
    const q = c.req.valid('query');
    const rc = await loadRepo(c, owner, repo, 'read:code');
    if (!sha) throw badRequest('sha not provided');
    if (sha.startsWith('-') || rc.repo.is_empty === 1) throw notFound('sha not found');
    // A tree SHA, a commit SHA or a ref name, as Gitea's gitRepo.GetTree accepts.
    let tree: string;
    try {
      tree = await resolveTree(rc.dir, sha);
    } catch (e) {
      if (e instanceof GitError) throw notFound('sha not found');
      throw e;
    }
    if (!tree) throw notFound('sha not found');
    const page = q.page && q.page > 0 ? q.page : 1;
    const perPage = q.per_page && q.per_page > 0 && q.per_page <= TREES_PER_PAGE ? q.per_page : TREES_PER_PAGE;
    const from = (page - 1) * perPage;
    // Only the asked page's records are kept; the others are counted as git prints them.
    const records: string[] = [];
    let total = 0;
    await eachLsTreeRecord(rc.dir, tree, !!q.recursive, (rec) => {
      if (total >= from && total < from + perPage) records.push(rec);
      total++;
    });
    const api = `${c.var.deps.config.rootUrl}api/v1/repos/${encodeURIComponent(rc.owner.name)}/${encodeURIComponent(rc.repo.name)}/git`;
    const entries = records.map((rec) => {
      const tab = rec.indexOf('\t');
      const [mode, type, entrySha, size] = rec.slice(0, tab).split(/ +/) as [string, string, string, string];
      return {
        path: rec.slice(tab + 1),
        // Gitea writes the mode with six digits (040000 for folders).
        mode: mode.padStart(6, '0'),
        type,
        size: size === '-' ? 0 : Number(size),
        sha: entrySha,
        url: `${api}/${type === 'tree' ? 'trees' : type === 'blob' ? 'blobs' : 'commits'}/${entrySha}`,
      };
    });
    return c.json({ sha: tree, url: `${api}/trees/${tree}`, tree: entries, truncated: from + perPage < total, page, total_count: total }, 200);
  },
);
