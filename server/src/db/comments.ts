// Comment rows: the timeline's events and the plain comments of issues and pull requests.
import type { Db } from './types.ts';
import type { CommentRow, NewComment } from './schema.ts';
import { forgetNotificationComment } from './notifications.ts';

/** Gitea's CommentType.comment and commentRef. */
const PLAIN_COMMENT = 0;
const COMMENT_REF = 5;

/** Inserts a comment row; returns its id. */
export async function insertComment(db: Db, values: NewComment): Promise<number> {
  const row = await db.insertInto('comment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a comment row; returns it as stored. */
export function insertCommentReturning(db: Db, values: NewComment): Promise<CommentRow> {
  return db.insertInto('comment').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findCommentById(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateCommentContent(db: Db, id: number, content: string, now: number): Promise<CommentRow> {
  return db.updateTable('comment').set({ content, updated_unix: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A comment with its attachment rows and the references it made. */
export async function deleteCommentRows(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('attachment').where('comment_id', '=', id).execute();
  await trx.deleteFrom('reaction').where('comment_id', '=', id).execute();
  // The references this comment made go with it.
  await trx.deleteFrom('comment').where('ref_comment_id', '=', id).where('type', '=', COMMENT_REF).execute();
  await trx.deleteFrom('comment').where('id', '=', id).execute();
  await forgetNotificationComment(trx, id);
}

export interface CommentTimes {
  since?: number;
  before?: number;
}

/** Plain comments of one issue or of a repository, filtered by update time (unix seconds). */
function plainComments(db: Db, scope: { issueId: number } | { repoId: number }, f: CommentTimes) {
  let q = db.selectFrom('comment').where('comment.type', '=', PLAIN_COMMENT);
  if ('issueId' in scope) q = q.where('comment.issue_id', '=', scope.issueId);
  else q = q.where('comment.issue_id', 'in', db.selectFrom('issue').select('id').where('repo_id', '=', scope.repoId));
  if (f.since !== undefined) q = q.where('comment.updated_unix', '>=', f.since);
  if (f.before !== undefined) q = q.where('comment.updated_unix', '<=', f.before);
  return q;
}

export async function countComments(db: Db, scope: { issueId: number } | { repoId: number }, f: CommentTimes): Promise<number> {
  const { n } = await plainComments(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** Oldest first; one page when `page` is given, else all of them. */
export function listComments(
  db: Db,
  scope: { issueId: number } | { repoId: number },
  f: CommentTimes,
  page?: { limit: number; offset: number },
): Promise<CommentRow[]> {
  let rows = plainComments(db, scope, f).selectAll('comment').orderBy('comment.created_unix').orderBy('comment.id');
  if (page) rows = rows.limit(page.limit).offset(page.offset);
  return rows.execute();
}

/** Gitea's CommentType.code: inline review comments show under their review, not in the timeline. */
const CODE_COMMENT = 21;

/** Comments and events of an issue but its inline review comments, filtered by update time. */
function timelineRows(db: Db, issueId: number, f: CommentTimes) {
  let q = db.selectFrom('comment').where('issue_id', '=', issueId).where('type', '!=', CODE_COMMENT);
  if (f.since !== undefined) q = q.where('updated_unix', '>=', f.since);
  if (f.before !== undefined) q = q.where('updated_unix', '<=', f.before);
  return q;
}

export async function countTimeline(db: Db, issueId: number, f: CommentTimes): Promise<number> {
  const { n } = await timelineRows(db, issueId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** One page of the timeline, oldest first. */
export function listTimeline(db: Db, issueId: number, f: CommentTimes, p: { limit: number; offset: number }): Promise<CommentRow[]> {
  return timelineRows(db, issueId, f).selectAll().orderBy('created_unix').orderBy('id').limit(p.limit).offset(p.offset).execute();
}
