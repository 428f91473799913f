// Gitea's GET /repos/{owner}/{repo}/archive/{archive}: the repository at a ref as .zip or .tar.gz.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z } from '../api/openapi.ts';
import { loadRepo } from '../http/repo-context.ts';
import { archiveHeaders, archiveRequest, streamArchive } from '../services/archive.ts';

export const archiveRoutes = createRouter();

// Gitea's route is /archive/*: a branch named "feature/x" downloads as /archive/feature/x.zip. The
// OpenAPI document shows {archive}; Hono matches it with a regex parameter spanning segments.
const route = createRoute({
  method: 'get',
  path: '/repos/{owner}/{repo}/archive/{archive}',
  operationId: 'repoGetArchive',
  tags: ['repository'],
  summary: 'Get an archive of a repository',
  request: {
    params: z.object({
      owner: z.string(),
      repo: z.string(),
      archive: z.string().openapi({ description: 'the git reference for download with attached archive format (e.g. master.zip)' }),
    }),
  },
  responses: {
    200: { description: 'success', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 404),
  },
});
archiveRoutes.openAPIRegistry.registerPath(route);

archiveRoutes.openapi({ ...route, path: '/repos/{owner}/{repo}/archive/:archive{.+}', hide: true } as unknown as typeof route & { hide: true }, async (c) => {
  const { owner, repo, archive } = c.req.valid('param');
  const rc = await loadRepo(c, owner, repo, 'read:code');
  const req = await archiveRequest(rc, archive);
  return c.body(streamArchive(rc, req), 200, archiveHeaders(req));
});
