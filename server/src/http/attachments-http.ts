// Downloads of issue and comment attachments at {root}attachments/{uuid}, for whoever may read the
// repository (private ones answer 404). Only safe image types are shown inline; everything else is
// a download, so an uploaded HTML or SVG file can never run in the forge's origin.
import fs from 'node:fs';
import { serveFile } from './serve-file.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authenticate } from '../auth/credentials.ts';
import { requestAuthContext } from '../auth/throttle.ts';
import { errorBody } from '../api/errors-body.ts';
import { attachmentPath } from '../services/attachments.ts';
import { repoPermission } from '../services/permissions.ts';
import { countAttachmentDownload, findAttachmentByUuid } from '../db/attachments.ts';
import { findRepoById } from '../db/repo-lookup.ts';
import { releaseAssetVisible } from '../services/release-assets.ts';

export const attachmentsHttp = new Hono<AppEnv>();

const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

attachmentsHttp.get('/attachments/:uuid', async (c) => {
  const { db, config } = c.var.deps;
  const notFound = () => c.json(errorBody(config, 'attachment does not exist'), 404);
  const uuid = c.req.param('uuid');
  if (!/^[0-9a-f-]{36}$/.test(uuid)) return notFound();
  const auth = await authenticate(db, c.req.header('authorization'), requestAuthContext(c.req.raw));
  const a = await findAttachmentByUuid(db, uuid);
  const repo = a && (await findRepoById(db, a.repo_id));
  if (!a || !repo || !(await repoPermission(db, auth?.user ?? null, repo)).canReadAny()) return notFound();
  // A draft release's assets only for those who see the draft (issue #21).
  if (!(await releaseAssetVisible(c.var.deps, a, repo, auth?.user ?? null))) return notFound();
  const file = attachmentPath(config, uuid);
  if (!fs.existsSync(file)) return notFound();
  await countAttachmentDownload(db, a.id);
  const ext = a.name.split('.').pop()?.toLowerCase() ?? '';
  const type = INLINE_TYPES[ext];
  return serveFile(
    {
      file,
      name: a.name,
      contentType: type ?? 'application/octet-stream',
      disposition: type ? 'inline' : 'attachment',
      cacheControl: repo.is_private ? 'private, max-age=300' : 'public, max-age=300',
    },
    c.req.header('range'),
  );
});
