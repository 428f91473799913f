// Release asset downloads at Gitea's web URL {root}{owner}/{repo}/releases/download/{tag}/{name}
// (the assets' browser_download_url): the exact bytes, as a download (never shown inline, so an
// uploaded HTML or SVG file cannot run in the forge's origin). Private repositories and drafts
// answer 404 to those who may not see them. Streamed from disk, with one byte range if asked.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authMiddleware } from '../auth/middleware.ts';
import { loadRepo } from './repo-context.ts';
import { downloadAsset } from '../services/release-assets.ts';
import { downloadType, serveFile } from './serve-file.ts';

export const releasesHttp = new Hono<AppEnv>();

releasesHttp.get('/:owner/:repo/releases/download/:tail{.+}', authMiddleware, async (c) => {
  const rc = await loadRepo(c, c.req.param('owner'), c.req.param('repo'), 'read:releases');
  const { asset, file } = await downloadAsset(c.var.deps, rc, c.req.param('tail'));
  return serveFile(
    {
      file,
      name: asset.name,
      contentType: downloadType(asset.name),
      disposition: 'attachment',
      cacheControl: rc.repo.is_private ? 'private, max-age=300' : 'public, max-age=300',
    },
    c.req.header('range'),
  );
});
