// Release asset downloads at Gitea's web URL {root}{owner}/{repo}/releases/download/{tag}/{name}
// (the assets' browser_download_url): the exact bytes, as a download (never shown inline, so an
// uploaded HTML or SVG file cannot run in the forge's origin). Private repositories and drafts
// answer 404 to those who may not see them.
import fs from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authMiddleware } from '../auth/middleware.ts';
import { loadRepo } from './repo-context.ts';
import { downloadAsset } from '../services/release-assets.ts';

export const releasesHttp = new Hono<AppEnv>();

releasesHttp.get('/:owner/:repo/releases/download/:tail{.+}', authMiddleware, async (c) => {
  const rc = await loadRepo(c, c.req.param('owner'), c.req.param('repo'), 'read:releases');
  const { asset, file } = await downloadAsset(c.var.deps, rc, c.req.param('tail'));
  return c.body(fs.readFileSync(file), 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(asset.name)}`,
    'Content-Length': String(asset.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': rc.repo.is_private ? 'private, max-age=300' : 'public, max-age=300',
  });
});
