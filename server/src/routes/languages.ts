// Gitea's GET /repos/{owner}/{repo}/languages (routers/api/v1/repo/repo.go GetLanguages): bytes of
// code per language on the default branch, for anyone who may read the code.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, json, z } from '../api/openapi.ts';
import { RepoParams } from '../api/params.ts';
import { loadRepo } from '../http/repo-context.ts';
import { languageStats } from '../services/languages.ts';

export const languagesRoutes = createRouter();

languagesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/languages',
    operationId: 'repoGetLanguages',
    tags: ['repository'],
    summary: 'Get languages and number of bytes of code written',
    request: { params: RepoParams },
    responses: { 200: json(z.record(z.string(), z.number().int()).openapi('LanguageStatistics'), 'LanguageStatistics'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read:code');
    if (rc.repo.is_empty === 1) return c.json({}, 200);
    return c.json(await languageStats(rc.dir, rc.repo.default_branch), 200);
  },
);
