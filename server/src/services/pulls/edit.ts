// Editing a pull request, as Gitea's EditPullRequest and ChangeTargetBranch.
import type { Deps } from '../../context.ts';
import { nowUnix } from '../../db/index.ts';
import type { IssueRow, PullRequestRow, UserRow } from '../../db/schema.ts';
import { deleteIssueCommentsOfType, findOpenPull, getIssueById, getPullById, touchIssue, updateIssue, updatePull, updateUnmergedPull } from '../../db/pulls.ts';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../errors.ts';
import { branchHeads, commitIdsBetween } from '../../git/pull-diff.ts';
import type { RepoContext } from '../repo-access.ts';
import { recordMentions, recordReferences } from '../mentions.ts';
import { setIssueLabels } from '../labels.ts';
import {
  CommentType,
  assertAssignable,
  assertMilestone,
  canWrite,
  changeState,
  deadlineFromIso,
  insertEvent,
  setAssignees,
  setDeadline,
  setMilestone,
} from '../conversation.ts';
import { emitEvent, type IssueEditedEvent } from '../events.ts';
import type { PullRow } from '../pulls-convert.ts';
import { repoLabels } from './create.ts';
import { alreadyExists } from './find.ts';
import { pushContent, refreshRows, safeGitState, stateColumns } from './refresh.ts';

export interface EditPullInput {
  title?: string;
  body?: string;
  base?: string;
  assignee?: string;
  assignees?: string[];
  labels?: number[];
  milestone?: number;
  state?: 'open' | 'closed';
  due_date?: string | null;
  unset_due_date?: boolean;
  allow_maintainer_edit?: boolean;
}

/** Gitea's EditPullRequest: the author or a writer; assignees, milestone and labels need a writer. */
export async function editPull(deps: Deps, rc: RepoContext, row: PullRow, doer: UserRow, input: EditPullInput): Promise<PullRow> {
  const { db } = deps;
  let { issue, pr } = row;
  const writer = canWrite(rc, true);
  if (issue.poster_id !== doer.id && !writer) throw forbidden();
  const now = nowUnix();

  // Validate everything a writer sends before changing anything.
  const assigneeIds =
    // As Gitea: an empty `assignee` (which its SDK always sends) is not a change.
    writer && (input.assignees !== undefined || !!input.assignee)
      ? await assertAssignable(db, rc, [...(input.assignees ?? []), ...(input.assignee ? [input.assignee] : [])])
      : undefined;
  // Gitea leaves the milestone alone for 0 (its SDK always sends the field).
  const milestoneId = writer && input.milestone ? await assertMilestone(db, rc.repo.id, input.milestone) : undefined;
  const labelIds = writer && input.labels !== undefined ? await repoLabels(db, rc.repo.id, input.labels) : undefined;
  const title = input.title?.trim();
  if (input.title && !title) throw unprocessable('title: must not be empty');
  if (title && title.length > 255) throw unprocessable('title: must be at most 255 characters');

  if (title && title !== issue.name) {
    issue = await updateIssue(db, issue.id, { name: title, updated_unix: now });
    await insertEvent(db, { type: CommentType.changeTitle, poster_id: doer.id, issue_id: issue.id, old_title: row.issue.name, new_title: title });
  }
  if (input.body !== undefined && input.body !== issue.content) {
    issue = await updateIssue(db, issue.id, { content: input.body, updated_unix: now });
    await recordMentions(db, rc, issue, input.body);
    await recordReferences(db, { doer, source: rc, issue, commentId: 0, content: input.body });
  }
  // Gitea lets the author change the deadline of their pull request too.
  if (input.due_date !== undefined || input.unset_due_date) {
    const deadline = input.unset_due_date || !input.due_date ? 0 : deadlineFromIso(input.due_date);
    issue = await setDeadline(db, issue, doer, deadline);
  }
  const edited: IssueEditedEvent['changes'] = {};
  if (issue.name !== row.issue.name) edited.title = { from: row.issue.name };
  if (issue.content !== row.issue.content) edited.body = { from: row.issue.content };
  const repository = { repo: rc.repo, owner: rc.owner };
  if (edited.title || edited.body) await emitEvent(deps, { type: 'issue.edited', actor: doer, repository, issue, changes: edited });
  if (assigneeIds) {
    const { added, removed } = await setAssignees(db, issue, doer, assigneeIds);
    if (added.length || removed.length) await emitEvent(deps, { type: 'issue.assignees-changed', actor: doer, repository, issue, added, removed });
  }
  if (milestoneId !== undefined) {
    const previousMilestoneId = issue.milestone_id;
    issue = await setMilestone(db, rc, issue, doer, milestoneId);
    if (issue.milestone_id !== previousMilestoneId)
      await emitEvent(deps, { type: 'issue.milestone-changed', actor: doer, repository, issue, previousMilestoneId });
  }
  if (labelIds && (await setIssueLabels(db, issue, doer, labelIds, 'replace'))) {
    await emitEvent(deps, { type: 'issue.labels-changed', actor: doer, repository, issue, cleared: labelIds.length === 0 });
  }

  // Gitea refuses any state on a merged pull request, even the "closed" it already has.
  if (input.state !== undefined && pr.has_merged) throw new ApiError(412, 'cannot change state of this pull request, it was already merged');
  if (input.state !== undefined && (input.state === 'closed') !== (issue.is_closed === 1)) {
    if (input.state === 'open') {
      const other = await findOpenPull(db, {
        headRepoId: pr.head_repo_id,
        baseRepoId: pr.base_repo_id,
        headBranch: pr.head_branch,
        baseBranch: pr.base_branch,
      });
      if (other && other.id !== pr.id) throw alreadyExists(other);
    }
    issue = await changeState(deps, rc, issue, doer, input.state === 'closed');
    // Subscribers: a closed pull request no longer waits to merge when its checks pass (auto-merge.ts).
    if (input.state === 'closed') await emitEvent(deps, { type: 'pull.closed', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue, pr });
    // Closed pull requests are not kept fresh; on reopening, catch up with the branches (and any push).
    if (input.state === 'open') {
      await refreshRows(deps, [pr], doer, { repo: rc.repo, owner: rc.owner, dir: rc.dir });
      pr = await getPullById(db, pr.id);
    }
  }

  if (!pr.has_merged && input.base && input.base !== pr.base_branch) pr = await changeTargetBranch(deps, rc, issue, pr, doer, input.base);

  if (input.allow_maintainer_edit !== undefined && (input.allow_maintainer_edit ? 1 : 0) !== pr.allow_maintainer_edit) {
    // Gitea's SetAllowEdits: only the author decides.
    if (issue.poster_id !== doer.id) throw forbidden('SetAllowEdits: user has no permission for this action');
    pr = await updatePull(db, pr.id, { allow_maintainer_edit: input.allow_maintainer_edit ? 1 : 0 });
  }
  issue = await getIssueById(db, issue.id);
  return { issue, pr };
}

/** Gitea's ChangeTargetBranch: a new base, a change_target_branch event, and the push events redone against it. */
async function changeTargetBranch(deps: Deps, rc: RepoContext, issue: IssueRow, pr: PullRequestRow, doer: UserRow, base: string): Promise<PullRequestRow> {
  const { db } = deps;
  const heads = await branchHeads(rc.dir);
  const baseSha = heads.get(base);
  if (!baseSha) throw notFound(`new base '${base}' not exist`);
  if (issue.is_closed) throw unprocessable(`issue is closed [id: ${issue.id}, repo_id: ${issue.repo_id}, index: ${issue.index}]`);
  if (base === pr.head_branch && pr.head_repo_id === pr.base_repo_id) {
    throw unprocessable(`branches are equal [head: ${pr.head_branch}, base: ${base}]`);
  }
  const dup = await findOpenPull(db, { headRepoId: pr.head_repo_id, baseRepoId: pr.base_repo_id, headBranch: pr.head_branch, baseBranch: base });
  if (dup) throw alreadyExists(dup);
  const head = (pr.head_repo_id === pr.base_repo_id ? heads.get(pr.head_branch) : undefined) ?? pr.head_commit_id;
  const [state, commitIds] = await Promise.all([safeGitState(rc.dir, baseSha, head), commitIdsBetween(rc.dir, head, [baseSha])]);
  const now = nowUnix();
  return db.transaction().execute(async (trx) => {
    const updated = await updateUnmergedPull(trx, pr.id, { base_branch: base, ...stateColumns(state) });
    if (!updated) throw conflict('pull request status has changed');
    await insertEvent(trx, {
      type: CommentType.changeTargetBranch,
      poster_id: doer.id,
      issue_id: issue.id,
      old_ref: pr.base_branch,
      new_ref: base,
      created_unix: now,
    });
    // As Gitea: the push events listed commits against the old base; list them against the new one.
    await deleteIssueCommentsOfType(trx, issue.id, CommentType.pullPush);
    if (commitIds.length)
      await insertEvent(trx, { type: CommentType.pullPush, poster_id: doer.id, issue_id: issue.id, content: pushContent(false, commitIds), created_unix: now });
    await touchIssue(trx, issue.id, now);
    return updated;
  });
}
