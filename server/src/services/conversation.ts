// The conversation layer shared by issues and pull requests: Gitea's comment/event types, the
// per-repository numbering, timeline events, counters, and the changes both kinds of conversation
// make to their issue row (state, assignees, milestone, deadline, lock). Neither issues.ts nor
// pulls.ts imports the other; both build on this.
import { emitEvent } from './events.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { lockRow } from '../db/dialect.ts';
import type { IssueRow, NewComment, UserRow } from '../db/schema.ts';
import { findUserByName } from '../db/users.ts';
import { insertComment } from '../db/comments.ts';
import { findLabelIdsIn } from '../db/labels.ts';
import { findMilestoneId } from '../db/milestones.ts';
import {
  bumpIssueIndex,
  deleteIssueAssignee,
  deleteIssueRows,
  deleteRepoCommitStatuses,
  deleteRepoIssueLeftovers,
  findIssueByIndex,
  getIssueById,
  insertIssueAssignee,
  listIssueAssigneeIds,
  listRepoIssueIds,
  recountIssueComments,
  recountRepoIssues,
  touchIssue,
  updateIssue,
  updateIssueLocked,
  updateIssueState,
} from '../db/issues.ts';
import { notFound, unprocessable } from '../errors.ts';
import type { RepoContext } from './repo-access.ts';
import { isAssignable, repoPermission } from './permissions.ts';
import { recordAction } from './activity.ts';
import { attachmentUuidsOfIssues } from './attachments.ts';

/** Gitea's CommentType names, by number; the timeline shows each row by its type. */
const TYPE_NAMES = [
  'comment',
  'reopen',
  'close',
  'issue_ref',
  'commit_ref',
  'comment_ref',
  'pull_ref',
  'label',
  'milestone',
  'assignees',
  'change_title',
  'delete_branch',
  'start_tracking',
  'stop_tracking',
  'add_time_manual',
  'cancel_tracking',
  'added_deadline',
  'modified_deadline',
  'removed_deadline',
  'add_dependency',
  'remove_dependency',
  'code',
  'review',
  'lock',
  'unlock',
  'change_target_branch',
  'delete_time_manual',
  'review_request',
  'merge_pull',
  'pull_push',
  'project',
  'project_board',
  'dismiss_review',
  'change_issue_ref',
  'pull_scheduled_merge',
  'pull_cancel_scheduled_merge',
  'pin',
  'unpin',
] as const;

/** Gitea's CommentType numbers. */
export const CommentType = {
  comment: 0,
  reopen: 1,
  close: 2,
  issueRef: 3,
  commitRef: 4,
  commentRef: 5,
  pullRef: 6,
  label: 7,
  milestone: 8,
  assignees: 9,
  changeTitle: 10,
  deleteBranch: 11,
  addedDeadline: 16,
  modifiedDeadline: 17,
  removedDeadline: 18,
  /** An inline review comment on a line of the diff. */
  code: 21,
  review: 22,
  lock: 23,
  unlock: 24,
  changeTargetBranch: 25,
  reviewRequest: 27,
  mergePull: 28,
  pullPush: 29,
  dismissReview: 32,
  pullScheduledMerge: 34,
  pullCancelScheduledMerge: 35,
  pin: 36,
  unpin: 37,
} as const;

/** The timeline's `type` of a row. Our server names close/reopen `state_change`, as the spec asks. */
export function timelineType(type: number): string {
  if (type === CommentType.close || type === CommentType.reopen) return 'state_change';
  return TYPE_NAMES[type] ?? 'unknown';
}

/** May the user change what others wrote, labels, milestones and assignees: write on the issue's unit. */
export const canWrite = (rc: RepoContext, isPull: boolean | number) => rc.perm.canWriteIssuesOrPulls(isPull);

export async function getIssueByIndex(db: Db, repoId: number, index: number): Promise<IssueRow> {
  const issue = await findIssueByIndex(db, repoId, index);
  if (!issue) throw notFound('issue does not exist');
  return issue;
}

/**
 * Hands out the next number of a repository, inside the caller's transaction. The counter row is
 * bumped with one UPDATE … RETURNING, which row-locks on PostgreSQL and runs under SQLite's write
 * lock, so concurrent creations never share or skip-and-reuse a number.
 */
export async function allocateIndex(trx: Db, repoId: number): Promise<number> {
  return bumpIssueIndex(trx, repoId);
}

export const COMMENT_DEFAULTS = {
  original_author: '',
  original_author_id: 0,
  label_id: 0,
  old_milestone_id: 0,
  milestone_id: 0,
  assignee_id: 0,
  removed_assignee: 0,
  old_title: '',
  new_title: '',
  ref_repo_id: 0,
  ref_issue_id: 0,
  ref_comment_id: 0,
  ref_action: 0,
  ref_is_pull: 0,
  content: '',
  commit_sha: '',
  review_id: 0,
  tree_path: '',
  line: 0,
  patch: '',
  invalidated: 0,
  resolve_doer_id: 0,
  old_ref: '',
  new_ref: '',
};

export async function insertEvent(db: Db, v: Partial<NewComment> & { type: number; poster_id: number; issue_id: number }): Promise<number> {
  const now = v.created_unix ?? nowUnix();
  return insertComment(db, { ...COMMENT_DEFAULTS, ...v, created_unix: now, updated_unix: v.updated_unix ?? now });
}

/** repository.num_issues / num_closed_issues (and the pull counters) recounted from the rows. */
export async function recountRepo(db: Db, repoId: number) {
  // Inside the caller's transaction: another one closing an issue at the same time has committed
  // before this count starts (db/dialect.ts lockRow).
  await recountRepoIssues(db, repoId);
}

export async function recountComments(db: Db, issueId: number) {
  await recountIssueComments(db, issueId);
}

/** Only the date of a due date counts; it is kept as the end of that day (UTC), as Gitea does. */
export function deadlineFromIso(value: string): number {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw unprocessable(`due_date: invalid date "${value}"`);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59) / 1000);
}
const dayOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

export async function assertAssignable(db: Db, rc: RepoContext, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of [...new Set(names.filter(Boolean).map((n) => n.toLowerCase()))]) {
    const u = await findUserByName(db, name);
    if (!u) throw unprocessable(`assignees: user does not exist [name: ${name}]`);
    if (!isAssignable(await repoPermission(db, u, rc.repo, rc.owner))) throw unprocessable(`assignees: user ${u.name} cannot be assigned in this repository`);
    ids.push(u.id);
  }
  return ids;
}

export async function assertLabels(db: Db, repoId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await findLabelIdsIn(db, repoId, unique);
  if (found.length !== unique.length) throw unprocessable('labels: label does not exist in this repository');
  return unique;
}

export async function assertMilestone(db: Db, repoId: number, id: number): Promise<number> {
  if (!id) return 0;
  const m = await findMilestoneId(db, repoId, id);
  if (!m) throw unprocessable(`milestone: milestone does not exist [id: ${id}]`);
  return id;
}

/** Opens or closes; records the event and the activity, keeps closed_at and the counters right. */
export async function changeState(deps: Deps, rc: RepoContext, issue: IssueRow, doer: UserRow, close: boolean): Promise<IssueRow> {
  const { db } = deps;
  if ((issue.is_closed === 1) === close) return issue;
  const now = nowUnix();
  const updated = await db.transaction().execute(async (trx) => {
    // Only from the other state: of two requests closing it at once, one closes it (one event, one
    // activity) and the other finds it closed.
    const row = await updateIssueState(trx, issue.id, close, now);
    if (!row) return undefined;
    await insertEvent(trx, { type: close ? CommentType.close : CommentType.reopen, poster_id: doer.id, issue_id: issue.id, created_unix: now });
    await recountRepo(trx, rc.repo.id);
    return row;
  });
  if (!updated) return getIssueById(db, issue.id);
  const pull = issue.is_pull === 1;
  await recordAction(db, {
    op_type: close ? (pull ? 'close_pull_request' : 'close_issue') : pull ? 'reopen_pull_request' : 'reopen_issue',
    act_user_id: doer.id,
    repo: rc.repo,
    content: `${issue.index}|${issue.name}`,
  });
  await emitEvent(deps, { type: close ? 'issue.closed' : 'issue.reopened', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue: updated });
  return updated;
}

/**
 * Runs `fn` in the caller's transaction or one of its own, after the issue row's lock, with the row
 * as it is then: a change and its event follow what is stored, not what the request read earlier,
 * so requests making the same change at once leave one event (PostgreSQL's transactions overlap).
 */
export async function withIssueLocked<T>(db: Db, issueId: number, fn: (trx: Db, issue: IssueRow) => Promise<T>): Promise<T> {
  const run = async (trx: Db) => {
    await lockRow(trx, 'issue', issueId);
    return fn(trx, await getIssueById(trx, issueId));
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export async function setDeadline(db: Db, issue: IssueRow, doer: UserRow, deadline: number): Promise<IssueRow> {
  if (deadline === issue.deadline_unix) return issue;
  return withIssueLocked(db, issue.id, async (trx, now) => {
    if (deadline === now.deadline_unix) return now;
    let type: number = CommentType.modifiedDeadline;
    let content = `${deadline ? dayOf(deadline) : ''}|${now.deadline_unix ? dayOf(now.deadline_unix) : ''}`;
    if (!now.deadline_unix) [type, content] = [CommentType.addedDeadline, dayOf(deadline)];
    else if (!deadline) [type, content] = [CommentType.removedDeadline, dayOf(now.deadline_unix)];
    await insertEvent(trx, { type, poster_id: doer.id, issue_id: issue.id, content });
    return updateIssue(trx, issue.id, { deadline_unix: deadline, updated_unix: nowUnix() });
  });
}

/** Replaces the assignees, leaving one `assignees` event per user added or removed; says who was added and removed. */
export async function setAssignees(db: Db, issue: IssueRow, doer: UserRow, ids: number[]): Promise<{ added: number[]; removed: number[] }> {
  // The current assignees are read after the issue row's lock, in the caller's transaction or one of
  // its own: two requests assigning the same user at once both succeed, with one row and one event.
  const write = async (trx: Db) => {
    await lockRow(trx, 'issue', issue.id);
    const current = await listIssueAssigneeIds(trx, issue.id);
    const add = ids.filter((id) => !current.includes(id));
    const remove = current.filter((id) => !ids.includes(id));
    if (!add.length && !remove.length) return { added: add, removed: remove };
    for (const id of remove) {
      await deleteIssueAssignee(trx, issue.id, id);
      await insertEvent(trx, { type: CommentType.assignees, poster_id: doer.id, issue_id: issue.id, assignee_id: id, removed_assignee: 1 });
    }
    for (const id of add) {
      await insertIssueAssignee(trx, issue.id, id);
      await insertEvent(trx, { type: CommentType.assignees, poster_id: doer.id, issue_id: issue.id, assignee_id: id, removed_assignee: 0 });
    }
    await touchIssue(trx, issue.id, nowUnix());
    return { added: add, removed: remove };
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export async function setMilestone(db: Db, _rc: RepoContext, issue: IssueRow, doer: UserRow, milestoneId: number): Promise<IssueRow> {
  if (milestoneId === issue.milestone_id) return issue;
  return withIssueLocked(db, issue.id, async (trx, now) => {
    if (milestoneId === now.milestone_id) return now;
    await insertEvent(trx, {
      type: CommentType.milestone,
      poster_id: doer.id,
      issue_id: issue.id,
      old_milestone_id: now.milestone_id,
      milestone_id: milestoneId,
    });
    return updateIssue(trx, issue.id, { milestone_id: milestoneId, updated_unix: nowUnix() });
  });
}

export async function setLocked(db: Db, issue: IssueRow, doer: UserRow, lock: boolean, reason = ''): Promise<void> {
  if ((issue.is_locked === 1) === lock) return;
  await withIssueLocked(db, issue.id, async (trx, now) => {
    if ((now.is_locked === 1) === lock) return;
    await updateIssueLocked(trx, issue.id, lock, nowUnix());
    await insertEvent(trx, { type: lock ? CommentType.lock : CommentType.unlock, poster_id: doer.id, issue_id: issue.id, content: lock ? reason : '' });
  });
}

/** Removes the issues' rows everywhere they are referenced; attachment files are the caller's. */
export async function purgeIssues(db: Db, issueIds: number[]) {
  if (!issueIds.length) return;
  await deleteIssueRows(db, issueIds);
}

/** For repository deletion: every issue, label, milestone and attachment of the repository. */
/** Attachment files of a repository's issues and comments, to remove once its rows are gone. */
export async function repoIssueAttachmentUuids(db: Db, repoId: number): Promise<string[]> {
  const ids = await listRepoIssueIds(db, repoId);
  return attachmentUuidsOfIssues(db, ids);
}

/** Removes every issue row of a repository; runs inside the caller's transaction (repository delete). */
export async function deleteRepoIssueRows(trx: Db, repoId: number): Promise<void> {
  const ids = await listRepoIssueIds(trx, repoId);
  // Pull request rows go with their issues (purgeIssues); statuses hang off the repository's commits.
  await deleteRepoCommitStatuses(trx, repoId);
  await purgeIssues(trx, ids);
  await deleteRepoIssueLeftovers(trx, repoId);
}
