// Streamed attachment files (issue #21): an upload is written chunk by chunk to a temporary file
// under {dataDir}/attachments/tmp/ (the same file system as the store, so the move is a rename),
// counted against the size limit as it arrives, and renamed into Gitea's layout
// {dataDir}/attachments/{u0}/{u1}/{uuid} once complete; memory holds one chunk at a time whatever
// the file's size. Over the limit, the upload stops and the temporary file is removed (413, as
// Gitea's util.ErrContentTooLarge: "attachment exceeds limit N").
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { AttachmentRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { cleanFileName, recordAttachment, type AttachmentOwner } from './attachments.ts';
import { processTag } from './repo-folders.ts';
import { typeChecked } from './upload-types.ts';

/** A received upload not yet in the store. */
export interface TempUpload {
  file: string;
  size: number;
}

export const exceedsLimit = (limit: number) => new ApiError(413, `attachment exceeds limit ${limit}`);

export const uploadTempDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'attachments', 'tmp');
const tempDir = uploadTempDir;

/**
 * Writes `chunks` to a temporary file, each write awaited before the next chunk is read (so at
 * most one chunk is held), and refuses more than `limit` bytes with 413 (removing the file).
 */
export async function receiveUpload(config: Config, chunks: AsyncIterable<Uint8Array>, limit: number): Promise<TempUpload> {
  fs.mkdirSync(tempDir(config), { recursive: true });
  // Named by this process (repo-folders.ts processTag) so a sweep elsewhere can tell whose it is.
  const file = path.join(tempDir(config), `upload-p${processTag}-${crypto.randomBytes(8).toString('hex')}.part`);
  const handle = await fs.promises.open(file, 'wx', 0o600);
  let size = 0;
  try {
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size > limit) throw exceedsLimit(limit);
      let off = 0;
      while (off < chunk.byteLength) off += (await handle.write(chunk, off, chunk.byteLength - off)).bytesWritten;
    }
    await handle.close();
    return { file, size };
  } catch (e) {
    await handle.close().catch(() => {});
    fs.rmSync(file, { force: true });
    throw e;
  }
}

export function discardUpload(upload: TempUpload): void {
  fs.rmSync(upload.file, { force: true });
}

/** Moves a received upload into the store and records it; on any failure nothing is left behind. */
export async function storeUpload(
  db: Db,
  config: Config,
  upload: TempUpload,
  a: { repoId: number; issueId: number; commentId: number; releaseId: number; uploaderId: number; name: string },
): Promise<AttachmentRow> {
  let name: string;
  try {
    name = cleanFileName(a.name);
  } catch (e) {
    discardUpload(upload);
    throw e;
  }
  return recordAttachment(db, config, { ...a, name, size: upload.size }, (file) => fs.renameSync(upload.file, file));
}

/**
 * An issue or comment attachment as it streams in (Gitea's UploadAttachmentGeneralSizeLimit): the
 * name is cleaned (422), the type checked on the first bytes against [attachment] ALLOWED_TYPES
 * (422), then the bytes written to disk up to [attachment] MAX_SIZE (413 beyond it).
 */
export async function saveStreamedAttachment(
  db: Db,
  config: Config,
  owner: AttachmentOwner,
  file: { name: string; content: AsyncIterable<Uint8Array> },
): Promise<AttachmentRow> {
  const name = cleanFileName(file.name);
  const upload = await receiveUpload(config, typeChecked(file.content, name, config.attachmentAllowedTypes), config.attachmentMaxSize);
  return storeUpload(db, config, upload, { releaseId: 0, ...owner, name });
}
