// GET /repos/{owner}/{repo}/blame/{ref}/{filepath} — not in Gitea's API (Gitea draws blame only in
// its web UI, routers/web/repo/blame.go): who last changed each line, as ranges of lines per commit.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z } from '../api/openapi.ts';
import { BlameResponseSchema } from '../api/git-schemas.ts';
import { notFound, unprocessable } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { resolveRefPath } from '../services/ref-path.ts';
import { treeEntry } from '../git/tree.ts';
import { blameFile } from '../services/blame.ts';

export const blameRoutes = createRouter();

/** Blame gets slow and the page unreadable past this; Gitea refuses big files in its blame view too. */
const MAX_BLAME_BYTES = 5 * 1024 * 1024;

const route = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/blame/{ref}/{filepath}',
  operationId: 'repoGetBlame',
  tags: ['repository'],
  summary: 'Blame of a file: the commit that last changed each range of lines (an extension; Gitea has no blame API)',
  request: {
    params: z.object({
      owner: z.string(),
      repo: z.string(),
      ref: z.string().openapi({ description: 'branch, tag or commit SHA (branch and tag names may contain slashes)' }),
      filepath: z.string(),
    }),
  },
  responses: { 200: { description: 'BlameResponse', content: { 'application/json': { schema: BlameResponseSchema } } }, ...errorResponses(404, 422) },
});
blameRoutes.openAPIRegistry.registerPath(route);

// The registered document shows {ref}/{filepath}; the handler takes the whole tail and finds the ref in it.
blameRoutes.openapi(
  { ...route, request: {}, path: '/repos/{owner}/{repo}/blame/:tail{.+}', hide: true } as unknown as typeof route & { hide: true },
  async (c) => {
    const { owner, repo } = c.req.param() as { owner: string; repo: string };
    const tail = (c.req.param() as unknown as { tail: string }).tail;
    const rc = await loadRepo(c, owner, repo, 'read:code');
    const loc = rc.repo.is_empty === 1 ? null : await resolveRefPath(rc.dir, tail);
    if (!loc || !loc.path) throw notFound();
    const entry = await treeEntry(rc.dir, loc.commit, loc.path);
    if (!entry || entry.kind !== 'blob') throw notFound();
    if (entry.size > MAX_BLAME_BYTES) throw unprocessable('file is too large to blame');
    const blame = await blameFile(rc.dir, loc.commit, loc.path);
    return c.json({ commit_sha: loc.commit, path: loc.path, ranges: blame.ranges, source: blame.source }, 200);
  },
);
