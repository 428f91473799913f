// GET /repos/{owner}/{repo}/compare/{basehead}: the commits on head that base lacks, as Gitea's
// repoCompareDiff ({total_commits, commits}). The compare page shows them before a pull request exists.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zQueryBool } from '../api/openapi.ts';
import { CommitSchema } from './commits.ts';
import { notFound } from '../errors.ts';
import { loadRepo } from '../services/repo-context.ts';
import { isRepoEmpty, toApiCommit, usersByEmail } from '../services/commits.ts';
import { resolveCommit } from '../git/repo.ts';
import { logCommits } from '../git/log.ts';

export const compareRoutes = createRouter();

/** Gitea answers at most this many commits in a comparison (its UI page size for compare). */
const MAX_COMPARE_COMMITS = 250;

const CompareSchema = z.object({ total_commits: z.number().int(), commits: z.array(CommitSchema) }).openapi('Compare');

/** "base...head", "base..head" or just "head" (against the default branch), as Gitea splits it. */
export function splitBaseHead(basehead: string, defaultBranch: string): [string, string] {
  for (const sep of ['...', '..']) {
    const i = basehead.indexOf(sep);
    if (i >= 0) return [basehead.slice(0, i), basehead.slice(i + sep.length)];
  }
  return [defaultBranch, basehead];
}

function wideRoute<R extends RouteConfig>(route: R, honoPath: string) {
  compareRoutes.openAPIRegistry.registerPath(route);
  return { ...route, path: honoPath, hide: true } as R & { hide: true };
}

compareRoutes.openapi(
  wideRoute(
    createRoute({
      method: 'get',
      path: '/repos/{owner}/{repo}/compare/{basehead}',
      operationId: 'repoCompareDiff',
      tags: ['repository'],
      summary: 'Get commit comparison information',
      request: {
        params: z.object({ owner: z.string(), repo: z.string(), basehead: z.string().openapi({ description: 'base...head: two branches, tags or commits' }) }),
        query: z.object({ verification: zQueryBool.optional(), files: zQueryBool.optional() }),
      },
      responses: { 200: { description: 'Compare', content: { 'application/json': { schema: CompareSchema } } }, ...errorResponses(404) },
    }),
    '/repos/{owner}/{repo}/compare/:basehead{.+}',
  ),
  async (c) => {
    const { owner, repo, basehead } = c.req.valid('param');
    const q = c.req.valid('query');
    const { db, config } = c.var.deps;
    const rc = await loadRepo(c, owner, repo, 'read');
    if (await isRepoEmpty(rc)) throw notFound('repository is empty');
    const [baseName, headName] = splitBaseHead(basehead, rc.repo.default_branch);
    // A head of another owner ("user:branch") names a fork; forks come later, so it is not found.
    const [base, head] = await Promise.all([resolveCommit(rc.dir, baseName), headName.includes(':') ? null : resolveCommit(rc.dir, headName)]);
    if (!base) throw notFound(`base does not exist [${baseName}]`);
    if (!head) throw notFound(`head does not exist [${headName}]`);
    const opts = { stat: true, verification: q.verification ?? true, files: q.files ?? true };
    // Oldest first, as Gitea lists a comparison.
    const commits = (await logCommits(rc.dir, { revs: [head, `^${base}`], max: MAX_COMPARE_COMMITS, files: opts.files, stat: true })).reverse();
    const users = await usersByEmail(db, commits.flatMap((cm) => [cm.author.email, cm.committer.email]));
    return c.json({ total_commits: commits.length, commits: commits.map((cm) => toApiCommit(cm, rc, config, users, c.var.user, opts)) }, 200);
  },
);
