// The rules of issues: opening, editing and deleting one. What issues share with pull requests
// (numbering, events, state, assignees, milestone, deadline, lock) lives in conversation.ts.
import { emitEvent, type IssueEditedEvent } from './events.ts';
import type { Deps } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { IssueRow, UserRow } from '../db/schema.ts';
import { insertIssue, insertIssueAssignee, updateIssue } from '../db/issues.ts';
import { insertIssueLabel } from '../db/labels.ts';
import { ApiError, forbidden, unprocessable } from '../errors.ts';
import { findPullByIssueId } from '../db/pulls.ts';
import type { RepoContext } from './repo-access.ts';
import { recordAction } from './activity.ts';
import { recordMentions, recordReferences } from './mentions.ts';
import { removeAttachmentFiles, attachmentUuidsOfIssues } from './attachments.ts';
import {
  CommentType,
  allocateIndex,
  assertAssignable,
  assertLabels,
  assertMilestone,
  canWrite,
  changeState,
  deadlineFromIso,
  insertEvent,
  purgeIssues,
  recountRepo,
  setAssignees,
  setDeadline,
  setMilestone,
  withIssueLocked,
} from './conversation.ts';

export interface CreateIssueInput {
  title: string;
  body?: string;
  ref?: string;
  assignees?: string[];
  assignee?: string;
  labels?: number[];
  milestone?: number;
  due_date?: string | null;
  closed?: boolean;
}

export async function createIssue(deps: Deps, rc: RepoContext, doer: UserRow, input: CreateIssueInput): Promise<IssueRow> {
  const { db } = deps;
  const title = input.title.trim();
  if (!title) throw unprocessable('title: must not be empty');
  if (title.length > 255) throw unprocessable('title: must be at most 255 characters');
  // As Gitea: only writers set labels, milestone, assignees and due date; from others they are dropped.
  const writer = canWrite(rc, false);
  const labelIds = writer ? await assertLabels(db, rc.repo.id, input.labels ?? []) : [];
  const milestoneId = writer ? await assertMilestone(db, rc.repo.id, input.milestone ?? 0) : 0;
  const assigneeIds = writer ? await assertAssignable(db, rc, [...(input.assignees ?? []), ...(input.assignee ? [input.assignee] : [])]) : [];
  const deadline = writer && input.due_date ? deadlineFromIso(input.due_date) : 0;
  const now = nowUnix();

  const issue = await db.transaction().execute(async (trx) => {
    const index = await allocateIndex(trx, rc.repo.id);
    const row = await insertIssue(trx, {
      repo_id: rc.repo.id,
      index,
      poster_id: doer.id,
      original_author: '',
      original_author_id: 0,
      name: title,
      content: input.body ?? '',
      ref: input.ref ?? '',
      milestone_id: milestoneId,
      priority: 0,
      is_closed: 0,
      is_pull: 0,
      is_locked: 0,
      num_comments: 0,
      deadline_unix: deadline,
      created_unix: now,
      updated_unix: now,
      closed_unix: 0,
    });
    // As Gitea, what the issue starts with also shows in its timeline.
    const ev = { poster_id: doer.id, issue_id: row.id, created_unix: now };
    for (const label_id of labelIds) {
      await insertIssueLabel(trx, row.id, label_id);
      await insertEvent(trx, { ...ev, type: CommentType.label, label_id, content: '1' });
    }
    if (milestoneId) await insertEvent(trx, { ...ev, type: CommentType.milestone, milestone_id: milestoneId });
    for (const assignee_id of assigneeIds) {
      await insertIssueAssignee(trx, row.id, assignee_id);
      await insertEvent(trx, { ...ev, type: CommentType.assignees, assignee_id });
    }
    await recountRepo(trx, rc.repo.id);
    return row;
  });

  await recordAction(db, { op_type: 'create_issue', act_user_id: doer.id, repo: rc.repo, content: `${issue.index}|${issue.name}` });
  await recordMentions(db, rc, issue, issue.content);
  await recordReferences(db, { doer, source: rc, issue, commentId: 0, content: issue.content });
  await emitEvent(deps, { type: 'issue.opened', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue });
  if (input.closed) return changeState(deps, rc, issue, doer, true);
  return issue;
}

export interface EditIssueInput {
  title?: string;
  body?: string;
  ref?: string;
  /** open or closed; anything else is 412, as Gitea. */
  state?: string;
  assignees?: string[];
  assignee?: string;
  milestone?: number;
  due_date?: string;
  unset_due_date?: boolean;
}

/** Authors may edit title, body and state of their own issue; the rest needs write access. */
export async function editIssue(deps: Deps, rc: RepoContext, issue: IssueRow, doer: UserRow, input: EditIssueInput): Promise<IssueRow> {
  const { db } = deps;
  const writer = canWrite(rc, issue.is_pull);
  if (issue.poster_id !== doer.id && !writer) throw forbidden();
  const now = nowUnix();
  let current = issue;

  const changes: { name?: string; content?: string; ref?: string } = {};
  // As Gitea: an empty title is "not given" (its SDK always sends the field).
  if (input.title) {
    const title = input.title.trim();
    if (!title) throw unprocessable('title: must not be empty');
    if (title.length > 255) throw unprocessable('title: must be at most 255 characters');
    if (title !== issue.name) changes.name = title;
  }
  // Every field is judged before anything is written, as Gitea binds the whole body first: a bad
  // date, assignee or milestone must not leave the title or body changed behind a 422 (issue #23).
  if (input.state !== undefined) await assertStateChange(deps, issue, input.state);
  // Gitea: unset_due_date false without a due_date is 400.
  if (writer && input.unset_due_date === false && input.due_date === undefined) throw new ApiError(400, 'The due_date cannot be empty');
  const deadline =
    writer && (input.due_date !== undefined || input.unset_due_date !== undefined)
      ? input.unset_due_date || !input.due_date
        ? 0
        : deadlineFromIso(input.due_date)
      : undefined;
  const assigneeIds =
    writer && (input.assignees !== undefined || input.assignee !== undefined)
      ? await assertAssignable(db, rc, [...(input.assignees ?? []), ...(input.assignee ? [input.assignee] : [])])
      : undefined;
  const milestone = writer && input.milestone !== undefined ? await assertMilestone(db, rc.repo.id, input.milestone) : undefined;
  if (input.body !== undefined && input.body !== issue.content) changes.content = input.body;
  if (input.ref !== undefined && input.ref !== issue.ref) changes.ref = input.ref;
  if (Object.keys(changes).length) {
    current = await withIssueLocked(db, issue.id, async (trx, stored) => {
      // The title event names the title stored now; none when another request just set this one.
      if (changes.name !== undefined && changes.name !== stored.name) {
        await insertEvent(trx, { type: CommentType.changeTitle, poster_id: doer.id, issue_id: issue.id, old_title: stored.name, new_title: changes.name });
      }
      return updateIssue(trx, issue.id, { ...changes, updated_unix: now });
    });
    if (changes.content !== undefined) {
      await recordMentions(db, rc, current, changes.content);
      await recordReferences(db, { doer, source: rc, issue: current, commentId: 0, content: changes.content });
    }
    if (changes.name !== undefined || changes.content !== undefined) {
      const before: IssueEditedEvent['changes'] = {};
      if (changes.name !== undefined) before.title = { from: issue.name };
      if (changes.content !== undefined) before.body = { from: issue.content };
      await emitEvent(deps, { type: 'issue.edited', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue: current, changes: before });
    }
  }

  if (deadline !== undefined) current = await setDeadline(db, current, doer, deadline);
  if (assigneeIds !== undefined) {
    const { added, removed } = await setAssignees(db, current, doer, assigneeIds);
    if (added.length || removed.length) {
      await emitEvent(deps, { type: 'issue.assignees-changed', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue: current, added, removed });
    }
  }
  if (milestone !== undefined) {
    const previousMilestoneId = current.milestone_id;
    current = await setMilestone(db, rc, current, doer, milestone);
    if (current.milestone_id !== previousMilestoneId) {
      await emitEvent(deps, {
        type: 'issue.milestone-changed',
        actor: doer,
        repository: { repo: rc.repo, owner: rc.owner },
        issue: current,
        previousMilestoneId,
      });
    }
  }
  if (input.state !== undefined) current = await changeState(deps, rc, current, doer, input.state === 'closed');
  return current;
}

/** Gitea's EditIssue state checks: never on a merged pull request (412), only open or closed (412). */
async function assertStateChange(deps: Deps, issue: IssueRow, state: string): Promise<void> {
  if (issue.is_pull && (await findPullByIssueId(deps.db, issue.id))?.has_merged) {
    throw new ApiError(412, 'cannot change state of this pull request, it was already merged');
  }
  if (state !== 'open' && state !== 'closed') throw new ApiError(412, `unknown state: ${state}`);
}

export async function deleteIssue(deps: Deps, rc: RepoContext, issue: IssueRow): Promise<void> {
  const uuids = await attachmentUuidsOfIssues(deps.db, [issue.id]);
  await deps.db.transaction().execute(async (trx) => {
    await purgeIssues(trx, [issue.id]);
    await recountRepo(trx, rc.repo.id);
  });
  removeAttachmentFiles(deps.config, uuids);
}
