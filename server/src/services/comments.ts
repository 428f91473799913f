// Comments on issues and pull requests and who may write, change or remove them.
import { emitEvent } from './events.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { CommentRow, IssueRow, UserRow } from '../db/schema.ts';
import { findIssueById, touchIssue } from '../db/issues.ts';
import {
  countComments,
  countTimeline,
  deleteCommentRows,
  findCommentById,
  insertCommentReturning,
  listComments,
  listTimeline,
  updateCommentContent,
  type CommentTimes,
} from '../db/comments.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { unitEnabled } from './permissions.ts';
import type { RepoContext } from './repo-access.ts';
import { recordAction } from './activity.ts';
import { COMMENT_DEFAULTS, CommentType, canWrite, recountComments } from './conversation.ts';
import { recordMentions, recordReferences } from './mentions.ts';
import { attachmentUuidsOfComment, removeAttachmentFiles } from './attachments.ts';

export async function getComment(db: Db, repoId: number, id: number): Promise<{ comment: CommentRow; issue: IssueRow }> {
  const comment = await findCommentById(db, id);
  const issue = comment && (await findIssueById(db, comment.issue_id));
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
    const row = await insertCommentReturning(trx, {
      ...COMMENT_DEFAULTS,
      type: CommentType.comment,
      poster_id: doer.id,
      issue_id: issue.id,
      content,
      created_unix: now,
      updated_unix: now,
    });
    await touchIssue(trx, issue.id, now);
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
  await emitEvent(deps, { type: 'issue.commented', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, comment });
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
  const updated = await updateCommentContent(db, comment.id, content, nowUnix());
  await recordMentions(db, rc, issue, content);
  await recordReferences(db, { doer, source: rc, issue, commentId: comment.id, content });
  await emitEvent(deps, {
    type: 'comment.edited',
    actor: doer,
    repository: { repo: rc.repo, owner: rc.owner },
    issue,
    comment: updated,
    previousBody: comment.content,
  });
  return updated;
}

export async function deleteComment(deps: Deps, rc: RepoContext, issue: IssueRow, comment: CommentRow, doer: UserRow): Promise<void> {
  assertCanChange(rc, issue, comment, doer);
  const { db, config } = deps;
  const uuids = await attachmentUuidsOfComment(db, comment.id);
  await db.transaction().execute(async (trx) => {
    // Its attachment rows and the references it made go with it.
    await deleteCommentRows(trx, comment.id);
    await recountComments(trx, issue.id);
  });
  removeAttachmentFiles(config, uuids);
  await emitEvent(deps, { type: 'comment.deleted', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, comment });
}

export interface CommentFilter {
  since?: string;
  before?: string;
}

export const isoToUnix = (v: string) => Math.floor(new Date(v).getTime() / 1000);

/** The filter's times as unix seconds; an absent (or empty) one does not filter. */
export const commentTimes = (f: CommentFilter): CommentTimes => ({
  since: f.since ? isoToUnix(f.since) : undefined,
  before: f.before ? isoToUnix(f.before) : undefined,
});

/** How many plain comments one issue or a repository has, filtered by update time. */
export function commentsCount(db: Db, scope: { issueId: number } | { repoId: number }, f: CommentFilter): Promise<number> {
  return countComments(db, scope, commentTimes(f));
}

/** Plain comments of one issue or of a repository, oldest first, filtered by update time; one page when asked. */
export function commentsList(
  db: Db,
  scope: { issueId: number } | { repoId: number },
  f: CommentFilter,
  page?: { limit: number; offset: number },
): Promise<CommentRow[]> {
  return listComments(db, scope, commentTimes(f), page);
}

/** The timeline's total and one page of it (every row but inline review comments), oldest first. */
export async function timelinePage(
  db: Db,
  issueId: number,
  f: CommentFilter,
  p: { limit: number; offset: number },
): Promise<{ n: number; rows: CommentRow[] }> {
  const n = await countTimeline(db, issueId, commentTimes(f));
  return { n, rows: await listTimeline(db, issueId, commentTimes(f), p) };
}
