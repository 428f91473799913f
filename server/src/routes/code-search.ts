// Code search: GET /repos/{owner}/{repo}/search/code (an extension; Gitea has none), backed by
// `git grep` on the bare repository at a ref (services/code-search.ts).
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, zQueryBool, json } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepoParams } from '../api/params.ts';
import { CodeSearchResultSchema } from '../api/code-search-schemas.ts';
import { loadRepo } from '../http/repo-context.ts';
import { searchCode } from '../services/code-search.ts';

export const codeSearchRoutes = createRouter();

codeSearchRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/search/code',
    operationId: 'repoSearchCode',
    tags: ['extension'],
    summary:
      'Search the code of a repository at a ref (an extension; Gitea has none): literal or regular expression (PCRE), case, path filter; results by file, paged by files',
    request: {
      params: RepoParams,
      query: z.object({
        q: z.string().optional().openapi({ description: 'what to search for; empty answers an empty result' }),
        ref: z.string().optional().openapi({ description: 'branch, tag or commit; the default branch when empty' }),
        regex: zQueryBool.optional().openapi({ type: 'boolean', description: 'q is a Perl-compatible regular expression' }),
        case: zQueryBool.optional().openapi({ type: 'boolean', description: 'case-sensitive (default: not)' }),
        path: z.string().optional().openapi({ description: 'a git pathspec such as src/ or *.ts' }),
        page: zPage,
        limit: zLimit,
      }),
    },
    responses: { 200: json(CodeSearchResultSchema), ...errorResponses(400, 403, 404, 422) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:code');
    const q = c.req.valid('query');
    const p = paging(q);
    const result = await searchCode(
      c.var.deps.config,
      rc,
      { q: q.q ?? '', ref: q.ref, regex: q.regex === true, caseSensitive: q.case === true, path: q.path },
      p,
    );
    setPageHeaders(c, result.total_files, p);
    return c.json(result, 200);
  },
);
