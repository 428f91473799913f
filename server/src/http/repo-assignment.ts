// Gitea's repoAssignment for anonymous writes (issue #23): every /repos/{owner}/{repo}/… route of
// Gitea sits in a group whose repoAssignment() runs before the route's own reqToken(), so an
// anonymous caller writing to a private (or missing) repository gets 404, never the 401 that
// would tell them it exists. Signed-in callers and reads go straight to the routes, which load
// the repository themselves (loadRepo). An old name still answers 307, as Gitea's.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { loadRepo } from './repo-context.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const repoAssignmentForAnonymous: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.user || SAFE.has(c.req.method)) return next();
  const owner = c.req.param('owner');
  const repo = c.req.param('repo');
  if (owner && repo) await loadRepo(c, owner, repo, 'read');
  return next();
};
