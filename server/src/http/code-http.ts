// Web (non-API) paths of code browsing, as Gitea serves them: archives at the zipball_url /
// tarball_url of tags ({root}{owner}/{repo}/archive/{ref}.zip|.tar.gz) and raw bytes at
// /{owner}/{repo}/raw/{branch|tag|commit}/{ref}/{path}, and a commit's raw diff or patch at
// /{owner}/{repo}/commit/{sha}.diff|.patch. Same access rules as the API.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authMiddleware } from '../auth/middleware.ts';
import { loadRepo } from './repo-context.ts';
import { archiveHeaders, archiveRequest, streamArchive } from '../services/archive.ts';
import { resolveRefPath, type RefKind } from '../services/ref-path.ts';
import { serveRawBlob } from './raw-serve.ts';
import { treeEntry } from '../git/tree.ts';
import { notFound } from '../errors.ts';
import { commitDiff } from '../services/commits.ts';

export const codeHttp = new Hono<AppEnv>();

codeHttp.get('/:owner/:repo/archive/:file{.+\\.(?:zip|tar\\.gz)}', authMiddleware, async (c) => {
  const rc = await loadRepo(c, c.req.param('owner'), c.req.param('repo'), 'read:code');
  const req = await archiveRequest(rc, c.req.param('file'));
  return c.body(streamArchive(rc, req), 200, archiveHeaders(req));
});

codeHttp.get('/:owner/:repo/raw/:kind{branch|tag|commit}/:tail{.+}', authMiddleware, async (c) => {
  const rc = await loadRepo(c, c.req.param('owner'), c.req.param('repo'), 'read:code');
  const loc = rc.repo.is_empty === 1 ? null : await resolveRefPath(rc.dir, c.req.param('tail'), c.req.param('kind') as RefKind);
  const entry = loc?.path ? await treeEntry(rc.dir, loc.commit, loc.path) : null;
  if (!entry || entry.kind !== 'blob') throw notFound();
  return serveRawBlob(c, rc.dir, entry);
});

// Gitea's RawDiff web route: a commit SHA (7 to 64 hex digits) then .diff (against its first
// parent) or .patch (git format-patch), as plain text.
codeHttp.get('/:owner/:repo/commit/:file{[0-9a-fA-F]{7,64}\\.(?:diff|patch)}', authMiddleware, async (c) => {
  const rc = await loadRepo(c, c.req.param('owner'), c.req.param('repo'), 'read:code');
  const [sha, kind] = c.req.param('file').split('.') as [string, 'diff' | 'patch'];
  const out = rc.repo.is_empty === 1 ? null : await commitDiff(rc, sha.toLowerCase(), kind);
  if (!out) throw notFound();
  return c.body(new Uint8Array(out), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
});
