// Attachment rows: files attached to issue bodies (comment_id 0) and comments.
import type { Db } from './types.ts';
import type { AttachmentRow } from './schema.ts';

export function insertAttachment(db: Db, values: Omit<AttachmentRow, 'id'>): Promise<AttachmentRow> {
  return db.insertInto('attachment').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listAttachmentsOf(db: Db, issueId: number, commentId: number): Promise<AttachmentRow[]> {
  return db.selectFrom('attachment').selectAll().where('issue_id', '=', issueId).where('comment_id', '=', commentId).orderBy('id').execute();
}

export function findAttachment(db: Db, issueId: number, commentId: number, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachment').selectAll().where('id', '=', id).where('issue_id', '=', issueId).where('comment_id', '=', commentId).executeTakeFirst();
}

export function findAttachmentByUuid(db: Db, uuid: string): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachment').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export function updateAttachmentName(db: Db, id: number, name: string): Promise<AttachmentRow> {
  return db.updateTable('attachment').set({ name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countAttachmentDownload(db: Db, id: number): Promise<void> {
  await db
    .updateTable('attachment')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteAttachmentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('attachment').where('id', '=', id).execute();
}

export async function listAttachmentUuidsOfIssues(db: Db, issueIds: number[]): Promise<string[]> {
  return (await db.selectFrom('attachment').select('uuid').where('issue_id', 'in', issueIds).execute()).map((r) => r.uuid);
}

export async function listAttachmentUuidsOfComment(db: Db, commentId: number): Promise<string[]> {
  return (await db.selectFrom('attachment').select('uuid').where('comment_id', '=', commentId).execute()).map((r) => r.uuid);
}

/** Attachments of issue bodies (not of their comments), oldest first. */
export function listIssueBodyAttachments(db: Db, issueIds: number[]): Promise<AttachmentRow[]> {
  return db.selectFrom('attachment').selectAll().where('issue_id', 'in', issueIds).where('comment_id', '=', 0).orderBy('id').execute();
}

export function listCommentAttachments(db: Db, commentIds: number[]): Promise<AttachmentRow[]> {
  return db.selectFrom('attachment').selectAll().where('comment_id', 'in', commentIds).orderBy('id').execute();
}
