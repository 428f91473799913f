// Comments on issues and pull requests and who may write, change or remove them.
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { CommentRow, IssueRow, UserRow } from '../db/schema.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { unitEnabled } from './permissions.ts';
import type { RepoContext } from '../http/repo-context.ts';
import { recordAction } from './activity.ts';
import { COMMENT_DEFAULTS, CommentType, canWrite, recountComments } from './conversation.ts';
import { recordMentions, recordReferences } from './mentions.ts';
import { attachmentUuidsOfComment, removeAttachmentFiles } from './attachments.ts';

export async function getComment(db: Db, repoId: number, id: number): Promise<{ comment: CommentRow; issue: IssueRow }> {
  const comment = await db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
  const issue = comment && (await db.selectFrom('issue').selectAll().where('id', '=', comment.issue_id).executeTakeFirst());
  // A comment of another repository is as absent as one that does not exist.
  if (!comment || !issue || issue.repo_id !== repoId || comment.type !== CommentType.comment) throw notFound('comment does not exist');
  return { comment, issue };
}

const requireBody = (body: string | undefined) => {
  if (body === undefined || body.trim() === '') throw unprocessable('body: cannot be empty');
  return body;
};

/** Any reader who is signed in may comment; on a locked issue only those with write access. */
export async function createComment(deps: Deps, rc: RepoContext, issue: IssueRow, doer: UserRow, body: string | undefined): Promise<CommentRow> {
  const content = requireBody(body);
  const unit = issue.is_pull ? 'pulls' : 'issues';
  // A unit the repository turned off does not exist (Gitea: 404), whoever asks.
  if (!unitEnabled(rc.repo, unit)) throw notFound();
  if (!rc.perm.canParticipate(unit)) throw forbidden();
  if (issue.is_locked === 1 && !canWrite(rc, issue.is_pull)) throw forbidden('issue is locked');
  const { db } = deps;
  const now = nowUnix();
  const comment = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comment')
      .values({ ...COMMENT_DEFAULTS, type: CommentType.comment, poster_id: doer.id, issue_id: issue.id, content, created_unix: now, updated_unix: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('issue').set({ updated_unix: now }).where('id', '=', issue.id).execute();
    await recountComments(trx, issue.id);
    return row;
  });
  await recordMentions(db, rc, issue, content);
  await recordReferences(db, { doer, source: rc, issue, commentId: comment.id, content });
  await recordAction(db, {
    op_type: issue.is_pull ? 'comment_pull' : 'comment_issue',
    act_user_id: doer.id,
    repo: rc.repo,
    comment_id: comment.id,
    content: `${issue.index}|${content.length > 200 ? `${content.slice(0, 200)}…` : content}`,
  });
  return comment;
}

const assertCanChange = (rc: RepoContext, issue: IssueRow, comment: CommentRow, doer: UserRow) => {
  if (comment.poster_id !== doer.id && !canWrite(rc, issue.is_pull)) throw forbidden();
};

export async function editComment(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  comment: CommentRow,
  doer: UserRow,
  body: string | undefined,
): Promise<CommentRow> {
  const content = requireBody(body);
  assertCanChange(rc, issue, comment, doer);
  if (content === comment.content) return comment;
  const { db } = deps;
  const updated = await db
    .updateTable('comment')
    .set({ content, updated_unix: nowUnix() })
    .where('id', '=', comment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordMentions(db, rc, issue, content);
  await recordReferences(db, { doer, source: rc, issue, commentId: comment.id, content });
  return updated;
}

export async function deleteComment(deps: Deps, rc: RepoContext, issue: IssueRow, comment: CommentRow, doer: UserRow): Promise<void> {
  assertCanChange(rc, issue, comment, doer);
  const { db, config } = deps;
  const uuids = await attachmentUuidsOfComment(db, comment.id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('attachment').where('comment_id', '=', comment.id).execute();
    // The references this comment made go with it.
    await trx.deleteFrom('comment').where('ref_comment_id', '=', comment.id).where('type', '=', CommentType.commentRef).execute();
    await trx.deleteFrom('comment').where('id', '=', comment.id).execute();
    await recountComments(trx, issue.id);
  });
  removeAttachmentFiles(config, uuids);
}

export interface CommentFilter {
  since?: string;
  before?: string;
}

export const isoToUnix = (v: string) => Math.floor(new Date(v).getTime() / 1000);

/** Plain comments of one issue or of a repository, oldest first, filtered by update time. */
export function commentsQuery(db: Db, scope: { issueId: number } | { repoId: number }, f: CommentFilter) {
  let q = db.selectFrom('comment').where('comment.type', '=', CommentType.comment);
  if ('issueId' in scope) q = q.where('comment.issue_id', '=', scope.issueId);
  else q = q.where('comment.issue_id', 'in', db.selectFrom('issue').select('id').where('repo_id', '=', scope.repoId));
  if (f.since) q = q.where('comment.updated_unix', '>=', isoToUnix(f.since));
  if (f.before) q = q.where('comment.updated_unix', '<=', isoToUnix(f.before));
  return q;
}
