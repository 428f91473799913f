// Files attached to issue bodies and comments: stored under {dataDir}/attachments/{u0}/{u1}/{uuid}
// (Gitea's layout), described by `attachment` rows, downloaded at {root}attachments/{uuid}.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { AttachmentRow } from '../db/schema.ts';
import {
  deleteAttachmentRow,
  findAttachment,
  insertAttachment,
  listAttachmentUuidsOfComment,
  listAttachmentUuidsOfIssues,
  listAttachmentsOf,
  updateAttachmentName,
} from '../db/attachments.ts';
import { notFound, unprocessable } from '../errors.ts';
import { verifyFileType } from './upload-types.ts';

export const attachmentPath = (config: Config, uuid: string) => path.join(config.dataDir, 'attachments', uuid[0]!, uuid[1]!, uuid);

/** Cleans a client-sent file name: no folders, no control characters, not empty. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  if (!clean || clean === '.' || clean === '..') throw unprocessable('attachment: invalid file name');
  return clean;
}

/** Where an attachment belongs and who sent it. */
export interface AttachmentOwner {
  repoId: number;
  issueId: number;
  commentId: number;
  releaseId?: number;
  uploaderId: number;
}

/**
 * Puts a file of `size` bytes into the store with `put` (given its path there) and records it
 * under the already cleaned `name`; on any failure nothing is left behind.
 */
export async function recordAttachment(
  db: Db,
  config: Config,
  a: AttachmentOwner & { name: string; size: number },
  put: (file: string) => void,
): Promise<AttachmentRow> {
  const uuid = crypto.randomUUID();
  const file = attachmentPath(config, uuid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  put(file);
  try {
    return await insertAttachment(db, {
      uuid,
      repo_id: a.repoId,
      issue_id: a.issueId,
      comment_id: a.commentId,
      release_id: a.releaseId ?? 0,
      uploader_id: a.uploaderId,
      name: a.name,
      download_count: 0,
      size: a.size,
      created_unix: nowUnix(),
    });
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}

export async function listAttachments(db: Db, issueId: number, commentId: number): Promise<AttachmentRow[]> {
  return listAttachmentsOf(db, issueId, commentId);
}

export async function getAttachment(db: Db, issueId: number, commentId: number, id: number): Promise<AttachmentRow> {
  const a = await findAttachment(db, issueId, commentId, id);
  if (!a) throw notFound('attachment does not exist');
  return a;
}

/** Renames an attachment; with `allowedTypes` (issue and comment attachments) the new extension must be allowed (422). */
export async function renameAttachment(db: Db, a: AttachmentRow, name: string, allowedTypes?: string): Promise<AttachmentRow> {
  const clean = cleanFileName(name);
  if (allowedTypes) verifyFileType(new Uint8Array(0), clean, allowedTypes);
  return updateAttachmentName(db, a.id, clean);
}

export async function deleteAttachment(db: Db, config: Config, a: AttachmentRow): Promise<void> {
  await deleteAttachmentRow(db, a.id);
  removeAttachmentFiles(config, [a.uuid]);
}

export async function attachmentUuidsOfIssues(db: Db, issueIds: number[]): Promise<string[]> {
  if (!issueIds.length) return [];
  return listAttachmentUuidsOfIssues(db, issueIds);
}

export async function attachmentUuidsOfComment(db: Db, commentId: number): Promise<string[]> {
  return listAttachmentUuidsOfComment(db, commentId);
}

export function removeAttachmentFiles(config: Config, uuids: string[]) {
  for (const uuid of uuids) fs.rmSync(attachmentPath(config, uuid), { force: true });
}
