// A pull request's diff_url and patch_url ({root}{owner}/{repo}/pulls/{index}.diff|.patch): the web
// paths Gitea serves the raw diff and patch at, and that clients fetch straight from the pull request
// object. Same text and access rules as the API's /pulls/{index}.{diffType}.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authMiddleware } from '../auth/middleware.ts';
import { loadPull } from './pull-context.ts';
import { pullDiffOrPatch } from '../services/pulls/find.ts';

export const pullsHttp = new Hono<AppEnv>();

pullsHttp.get('/:owner/:repo/pulls/:file{[0-9]+\\.(?:diff|patch)}', authMiddleware, async (c) => {
  const [index, kind] = c.req.param('file').split('.') as [string, 'diff' | 'patch'];
  const { rc, pr } = await loadPull(c, c.req.param('owner'), c.req.param('repo'), Number(index), 'read');
  // As Gitea's web route: ?binary=true keeps binary changes applicable with `git apply`.
  const binary = ['true', '1'].includes(c.req.query('binary') ?? '');
  const out = await pullDiffOrPatch(rc, pr, kind, { binary });
  return c.body(new Uint8Array(out), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
});
