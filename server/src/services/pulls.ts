// The rules of pull requests: opening one (Gitea's CreatePullRequest + parseCompareInfo + NewPullRequest),
// editing it (EditPullRequest, ChangeTargetBranch), finding them, and keeping what git says about them
// fresh: refreshPulls recomputes merge base, conflicts, ahead/behind and line counts whenever a head or
// base branch moves, and records the push on the pull request's timeline.
// What pull requests share with issues (numbering, events, state, assignees, milestone) is conversation.ts.
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { IssueRow, PullRequestRow, RepoRow, UserRow } from '../db/schema.ts';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../errors.ts';
import { resolveCommit } from '../git/repo.ts';
import { isAncestor, refExists } from '../git/refs.ts';
import { GitError } from '../git/run-git.ts';
import {
  PullStatus,
  branchHeads,
  commitIdsBetween,
  deletePullHeadRef,
  fetchCommit,
  pullGitState,
  pullRawDiff,
  pullRawPatch,
  setPullHeadRef,
  type PullGitState,
  type WhitespaceMode,
} from '../git/pull-diff.ts';
import { type NetworkRepo, networkRepoById, resolveNetworkHead } from './forks.ts';
import { recordAction } from './activity.ts';
import { recordMentions, recordReferences } from './mentions.ts';
import { setIssueLabels } from './labels.ts';
import { repoPermission } from './permissions.ts';
import { afterPullHeadChange, changeReviewRequests, requestReviews } from './reviews.ts';
import { hasTeamRepo } from './teams.ts';
import {
  CommentType,
  allocateIndex,
  assertAssignable,
  assertMilestone,
  canWrite,
  changeState,
  deadlineFromIso,
  insertEvent,
  recountRepo,
  setAssignees,
  setDeadline,
  setMilestone,
} from './conversation.ts';
import type { RepoContext } from '../http/repo-context.ts';
import type { PullRow } from './pulls-convert.ts';
import type { RefChange } from './push.ts';
import { dropScheduledMerge } from './auto-merge.ts';

const HEADS = 'refs/heads/';

/** Gitea's ErrPullRequestAlreadyExists text; clients read the existing pull request's number from issue_id. */
function alreadyExists(pr: PullRequestRow): ApiError {
  return conflict(
    `pull request already exists for these targets [id: ${pr.id}, issue_id: ${pr.index}, head_repo_id: ${pr.head_repo_id}, ` +
      `base_repo_id: ${pr.base_repo_id}, head_branch: ${pr.head_branch}, base_branch: ${pr.base_branch}]`,
  );
}

/** The open, unmerged pull request from head into base, if any (Gitea's GetUnmergedPullRequest). */
export async function findOpenPull(
  db: Db,
  t: { headRepoId: number; baseRepoId: number; headBranch: string; baseBranch: string },
): Promise<PullRequestRow | undefined> {
  return db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .selectAll('pull_request')
    .where('pull_request.head_repo_id', '=', t.headRepoId)
    .where('pull_request.base_repo_id', '=', t.baseRepoId)
    .where('pull_request.head_branch', '=', t.headBranch)
    .where('pull_request.base_branch', '=', t.baseBranch)
    .where('pull_request.has_merged', '=', 0)
    .where('issue.is_closed', '=', 0)
    .orderBy('pull_request.id', 'desc')
    .executeTakeFirst();
}

/** The newest pull request (any state) from head into base: GET /pulls/{base}/{head}. */
export async function findPullByBaseHead(db: Db, repoId: number, headRepoId: number, base: string, head: string): Promise<PullRow | undefined> {
  const pr = await db
    .selectFrom('pull_request')
    .selectAll()
    .where('base_repo_id', '=', repoId)
    .where('head_repo_id', '=', headRepoId)
    .where('base_branch', '=', base)
    .where('head_branch', '=', head)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!pr) return undefined;
  const issue = await db.selectFrom('issue').selectAll().where('id', '=', pr.issue_id).executeTakeFirstOrThrow();
  return { issue, pr };
}

/**
 * The pull request whose merge commit is `sha`, else the newest whose head commit is `sha`
 * (GET /commits/{sha}/pull). `sha` is a full SHA the caller resolved.
 */
export async function findPullByCommit(db: Db, repoId: number, sha: string): Promise<PullRow | undefined> {
  const pr =
    (await db
      .selectFrom('pull_request')
      .selectAll()
      .where('base_repo_id', '=', repoId)
      .where('has_merged', '=', 1)
      .where('merged_commit_id', '=', sha)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('pull_request')
      .selectAll()
      .where('base_repo_id', '=', repoId)
      .where('head_commit_id', '=', sha)
      .orderBy('id', 'desc')
      .executeTakeFirst());
  if (!pr) return undefined;
  const issue = await db.selectFrom('issue').selectAll().where('id', '=', pr.issue_id).executeTakeFirstOrThrow();
  return { issue, pr };
}

/** The columns of pull_request that hold what git says about the branches. */
function stateColumns(s: PullGitState) {
  return {
    merge_base: s.mergeBase,
    status: s.status,
    conflicted_files: JSON.stringify(s.conflictedFiles),
    commits_ahead: s.ahead,
    commits_behind: s.behind,
    additions: s.additions,
    deletions: s.deletions,
    changed_files: s.changedFiles,
  };
}

/** A git failure while checking leaves the pull request in the error state rather than failing the request. */
async function safeGitState(dir: string, base: string, head: string): Promise<PullGitState> {
  try {
    return await pullGitState(dir, base, head);
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    console.error(`pull request check failed: ${e.message}`);
    return { mergeBase: '', status: PullStatus.error, conflictedFiles: [], ahead: 0, behind: 0, additions: 0, deletions: 0, changedFiles: 0 };
  }
}

/** Gitea's PushActionContent, the content of a pull_push event. */
const pushContent = (isForcePush: boolean, commitIds: string[]) => JSON.stringify({ is_force_push: isForcePush, commit_ids: commitIds });

/** Looks a branch up in a repository: its tip, or why it cannot be a pull request's side (Gitea's answers). */
async function branchTip(dir: string, name: string, heads: Map<string, string>, side: 'base' | 'head'): Promise<string> {
  const sha = heads.get(name);
  if (sha) return sha;
  // A tag or a commit is a valid comparison but not a pull request: 422; anything else is not found.
  if (name && !name.startsWith('-') && ((await refExists(dir, `refs/tags/${name}`)) || (/^[0-9a-f]{7,64}$/i.test(name) && (await resolveCommit(dir, name))))) {
    throw unprocessable('Invalid PullRequest: base and head must be branches');
  }
  throw notFound(`${side} branch does not exist [name: ${name}]`);
}

/** The ids among `ids` that are labels of the repository: Gitea drops the others without a word (GetLabelsInRepoByIDs). */
async function repoLabels(db: Db, repoId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = new Set((await db.selectFrom('label').select('id').where('repo_id', '=', repoId).where('id', 'in', unique).execute()).map((l) => l.id));
  return unique.filter((id) => found.has(id));
}

async function milestoneExists(db: Db, repoId: number, id: number): Promise<boolean> {
  return !!(await db.selectFrom('milestone').select('id').where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst());
}

export interface CreatePullInput {
  title: string;
  head: string;
  base: string;
  body?: string;
  assignee?: string;
  assignees?: string[];
  labels?: number[];
  milestone?: number;
  reviewers?: string[];
  team_reviewers?: string[];
  allow_maintainer_edit?: boolean;
  due_date?: string | null;
}

/**
 * Users to request reviews from, by name or by email as Gitea's parseReviewersByNames (an unknown one
 * is 404); they must be able to read and not be the author (Gitea's IsValidReviewRequest).
 */
async function assertReviewers(db: Db, rc: RepoContext, doer: UserRow, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of [...new Set(names.filter(Boolean).map((n) => n.toLowerCase()))]) {
    const q = db.selectFrom('user').selectAll();
    const u = await (name.includes('@') ? q.where('email', '=', name) : q.where('lower_name', '=', name)).executeTakeFirst();
    if (!u) throw notFound(`User '${name}' not exist`);
    if (u.id === doer.id) throw unprocessable(`reviewers: the author of a pull request cannot review it [name: ${u.name}]`);
    if (!(await repoPermission(db, u, rc.repo, rc.owner)).canRead('pulls')) throw unprocessable(`reviewers: user ${u.name} cannot read this repository`);
    ids.push(u.id);
  }
  return ids;
}

/**
 * Teams to request reviews from, checked before the pull request exists so a bad one fails the whole
 * create. As Gitea's parseReviewersByNames: only an organization's repository has teams (elsewhere the
 * names are ignored) and a name the organization does not have is 404. Gitea checks whether a team may
 * review a private repository (isValidTeamReviewRequest) only after creating the pull request and
 * then answers 500 with the pull request left behind; here the same 422 comes first, nothing created.
 */
async function assertTeamReviewers(db: Db, rc: RepoContext, doer: UserRow, names: string[]): Promise<string[]> {
  if (rc.owner.type !== 1) return [];
  for (const name of names) {
    const team = await db.selectFrom('team').select('id').where('org_id', '=', rc.owner.id).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
    if (!team) throw notFound(`Team '${name}' not exist`);
    if (rc.repo.is_private === 1 && !(await hasTeamRepo(db, team.id, rc.repo.id))) {
      throw unprocessable(`Reviewing team can't read repo [user_id: ${doer.id}, repo_id: ${rc.repo.id}]`);
    }
  }
  return names;
}

/**
 * Opens a pull request from `head` into `base`. The head is a branch of this repository, or
 * `owner:branch` / `owner/repo:branch` of a repository in its fork network (forks.ts
 * resolveNetworkHead), whose head commit is fetched into this repository under
 * refs/pull/{index}/head so everything else works here. Who may: anyone signed in who can read the
 * repository's pull requests (the caller checked that) and the head repository's code; labels,
 * milestone, assignees and due date only count from writers, as on issues.
 */
export async function createPull(deps: Deps, rc: RepoContext, doer: UserRow, input: CreatePullInput): Promise<PullRow> {
  const { db } = deps;
  const title = input.title.trim();
  if (!title) throw unprocessable('title: must not be empty');
  if (title.length > 255) throw unprocessable('title: must be at most 255 characters');
  if (input.head === input.base) throw unprocessable('Invalid PullRequest: There are no changes between the head and the base');

  if (input.head.split(':').length > 2) throw notFound('head does not exist');
  const { head: headRepo, branch: headBranch } = await resolveNetworkHead(deps, rc, doer, input.head);
  const sameRepo = headRepo.repo.id === rc.repo.id;
  const baseBranch = input.base;
  if (sameRepo && headBranch === baseBranch) throw unprocessable('Invalid PullRequest: There are no changes between the head and the base');

  const heads = await branchHeads(rc.dir);
  const baseSha = await branchTip(rc.dir, baseBranch, heads, 'base');
  const headSha = await branchTip(headRepo.dir, headBranch, sameRepo ? heads : await branchHeads(headRepo.dir), 'head');
  // The fork's commits come into the base repository, where every later question is asked.
  if (!sameRepo) await fetchCommit(rc.dir, headRepo.dir, headSha);
  const target = { headRepoId: headRepo.repo.id, baseRepoId: rc.repo.id, headBranch, baseBranch };
  const existing = await findOpenPull(db, target);
  if (existing) throw alreadyExists(existing);

  const writer = canWrite(rc, true);
  const labelIds = writer ? await repoLabels(db, rc.repo.id, input.labels ?? []) : [];
  // Gitea: a milestone the repository does not have is 404 (GetMilestoneByRepoID).
  if (writer && input.milestone && !(await milestoneExists(db, rc.repo.id, input.milestone)))
    throw notFound(`milestone does not exist [id: ${input.milestone}]`);
  const milestoneId = writer ? (input.milestone ?? 0) : 0;
  const assigneeIds = writer ? await assertAssignable(db, rc, [...(input.assignees ?? []), ...(input.assignee ? [input.assignee] : [])]) : [];
  const deadline = writer && input.due_date ? deadlineFromIso(input.due_date) : 0;
  const reviewerIds = await assertReviewers(db, rc, doer, input.reviewers ?? []);
  const teamNames = await assertTeamReviewers(db, rc, doer, input.team_reviewers ?? []);

  const [state, commitIds] = await Promise.all([safeGitState(rc.dir, baseSha, headSha), commitIdsBetween(rc.dir, headSha, [baseSha])]);
  const now = nowUnix();
  let index = 0;
  let row: PullRow;
  try {
    row = await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction, after the number's counter row is locked (on
      // PostgreSQL another transaction's pull request is committed by then): two requests for the
      // same branches cannot both pass. Refused, the transaction gives the number back.
      index = await allocateIndex(trx, rc.repo.id);
      const dup = await findOpenPull(trx, target);
      if (dup) throw alreadyExists(dup);
      const issue = await trx
        .insertInto('issue')
        .values({
          repo_id: rc.repo.id,
          index,
          poster_id: doer.id,
          original_author: '',
          original_author_id: 0,
          name: title,
          content: input.body ?? '',
          ref: '',
          milestone_id: milestoneId,
          priority: 0,
          is_closed: 0,
          is_pull: 1,
          is_locked: 0,
          num_comments: 0,
          deadline_unix: deadline,
          created_unix: now,
          updated_unix: now,
          closed_unix: 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const pr = await trx
        .insertInto('pull_request')
        .values({
          issue_id: issue.id,
          index,
          head_repo_id: headRepo.repo.id,
          base_repo_id: rc.repo.id,
          head_branch: headBranch,
          base_branch: baseBranch,
          head_commit_id: headSha,
          ...stateColumns(state),
          has_merged: 0,
          merged_commit_id: '',
          merger_id: 0,
          merged_unix: 0,
          allow_maintainer_edit: input.allow_maintainer_edit ? 1 : 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // As on issues, what the pull request starts with shows in its timeline.
      const ev = { poster_id: doer.id, issue_id: issue.id, created_unix: now };
      for (const label_id of labelIds) {
        await trx.insertInto('issue_label').values({ issue_id: issue.id, label_id }).execute();
        await insertEvent(trx, { ...ev, type: CommentType.label, label_id, content: '1' });
      }
      if (milestoneId) await insertEvent(trx, { ...ev, type: CommentType.milestone, milestone_id: milestoneId });
      await setAssignees(trx, issue, doer, assigneeIds);
      // Gitea's "first push" event: the commits the pull request brings.
      if (commitIds.length) await insertEvent(trx, { ...ev, type: CommentType.pullPush, content: pushContent(false, commitIds) });
      await recountRepo(trx, rc.repo.id);
      // The base repository keeps the head's commits under refs/pull/{index}/head.
      await setPullHeadRef(rc.dir, index, headSha);
      return { issue: await trx.selectFrom('issue').selectAll().where('id', '=', issue.id).executeTakeFirstOrThrow(), pr };
    });
  } catch (e) {
    // Only the ref: its commits are the head branch's anyway.
    if (index) await deletePullHeadRef(rc.dir, index).catch(() => {});
    throw e;
  }

  const { issue } = row;
  await recordAction(db, { op_type: 'create_pull_request', act_user_id: doer.id, repo: rc.repo, content: `${issue.index}|${issue.name}` });
  await recordMentions(db, rc, issue, issue.content);
  await recordReferences(db, { doer, source: rc, issue, commentId: 0, content: issue.content });
  // As Gitea's NewPullRequest: the users asked first, then the teams (the poster may always choose).
  if (reviewerIds.length) await requestReviews(deps, rc.repo, issue, doer, reviewerIds);
  if (teamNames.length) {
    await changeReviewRequests(deps, { rc, issue, pr: row.pr }, doer, [], teamNames, true);
    // The answer shows the requests, and the time they moved the pull request.
    row = { ...row, issue: await db.selectFrom('issue').selectAll().where('id', '=', issue.id).executeTakeFirstOrThrow() };
  }
  return row;
}

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
    issue = await db.updateTable('issue').set({ name: title, updated_unix: now }).where('id', '=', issue.id).returningAll().executeTakeFirstOrThrow();
    await insertEvent(db, { type: CommentType.changeTitle, poster_id: doer.id, issue_id: issue.id, old_title: row.issue.name, new_title: title });
  }
  if (input.body !== undefined && input.body !== issue.content) {
    issue = await db.updateTable('issue').set({ content: input.body, updated_unix: now }).where('id', '=', issue.id).returningAll().executeTakeFirstOrThrow();
    await recordMentions(db, rc, issue, input.body);
    await recordReferences(db, { doer, source: rc, issue, commentId: 0, content: input.body });
  }
  // Gitea lets the author change the deadline of their pull request too.
  if (input.due_date !== undefined || input.unset_due_date) {
    const deadline = input.unset_due_date || !input.due_date ? 0 : deadlineFromIso(input.due_date);
    issue = await setDeadline(db, issue, doer, deadline);
  }
  if (assigneeIds) await setAssignees(db, issue, doer, assigneeIds);
  if (milestoneId !== undefined) issue = await setMilestone(db, rc, issue, doer, milestoneId);
  if (labelIds) await setIssueLabels(db, issue, doer, labelIds, 'replace');

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
    // A closed pull request no longer waits to merge when its checks pass.
    if (input.state === 'closed') await dropScheduledMerge(deps, pr.id);
    // Closed pull requests are not kept fresh; on reopening, catch up with the branches (and any push).
    if (input.state === 'open') {
      await refreshRows(deps, [pr], doer, { repo: rc.repo, owner: rc.owner, dir: rc.dir });
      pr = await db.selectFrom('pull_request').selectAll().where('id', '=', pr.id).executeTakeFirstOrThrow();
    }
  }

  if (!pr.has_merged && input.base && input.base !== pr.base_branch) pr = await changeTargetBranch(deps, rc, issue, pr, doer, input.base);

  if (input.allow_maintainer_edit !== undefined && (input.allow_maintainer_edit ? 1 : 0) !== pr.allow_maintainer_edit) {
    // Gitea's SetAllowEdits: only the author decides.
    if (issue.poster_id !== doer.id) throw forbidden('SetAllowEdits: user has no permission for this action');
    pr = await db
      .updateTable('pull_request')
      .set({ allow_maintainer_edit: input.allow_maintainer_edit ? 1 : 0 })
      .where('id', '=', pr.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  issue = await db.selectFrom('issue').selectAll().where('id', '=', issue.id).executeTakeFirstOrThrow();
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
    const updated = await trx
      .updateTable('pull_request')
      .set({ base_branch: base, ...stateColumns(state) })
      .where('id', '=', pr.id)
      .where('has_merged', '=', 0)
      .returningAll()
      .executeTakeFirst();
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
    await trx.deleteFrom('comment').where('issue_id', '=', issue.id).where('type', '=', CommentType.pullPush).execute();
    if (commitIds.length)
      await insertEvent(trx, { type: CommentType.pullPush, poster_id: doer.id, issue_id: issue.id, content: pushContent(false, commitIds), created_unix: now });
    await trx.updateTable('issue').set({ updated_unix: now }).where('id', '=', issue.id).execute();
    return updated;
  });
}

/**
 * Keeps open pull requests fresh after refs moved (git push, merges, the demo seed: every caller
 * of applyPushEffects). Only pull requests whose head or base branch is among `changes` are touched:
 * those based in `repo`, and those whose head is in `repo` whatever repository they target (a push
 * to a fork refreshes its pull requests in the parent).
 */
export async function refreshPulls(deps: Deps, repo: RepoRow, changes: RefChange[], pusher: UserRow): Promise<void> {
  const branches = changes.filter((c) => c.ref.startsWith(HEADS)).map((c) => c.ref.slice(HEADS.length));
  await refreshPullsForBranches(deps, repo, branches, pusher);
}

/**
 * refreshPulls by branch names, for the branch API (create, update, delete), which moves refs
 * without a push. Safe to call twice: a head already recorded is not recorded again.
 */
export async function refreshPullsForBranches(deps: Deps, repo: RepoRow, branches: string[], pusher: UserRow): Promise<void> {
  if (!branches.length) return;
  const { db } = deps;
  const names = [...new Set(branches)];
  const rows = await db
    .selectFrom('pull_request')
    .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
    .selectAll('pull_request')
    .where('pull_request.has_merged', '=', 0)
    .where('issue.is_closed', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('pull_request.base_repo_id', '=', repo.id), eb('pull_request.base_branch', 'in', names)]),
        eb.and([eb('pull_request.head_repo_id', '=', repo.id), eb('pull_request.head_branch', 'in', names)]),
      ]),
    )
    // Oldest first, on both databases (PostgreSQL's unordered rows follow their last update), so
    // the push comments and refreshed states come in the same order every time.
    .orderBy('pull_request.id')
    .execute();
  await refreshRows(deps, rows, pusher);
}

/** Repositories and their branch tips, each looked up once while refreshing a batch of pull requests. */
class NetworkCache {
  private repos = new Map<number, Promise<NetworkRepo | undefined>>();
  private heads = new Map<number, Promise<Map<string, string>>>();
  constructor(private deps: Deps) {}
  add(r: NetworkRepo) {
    this.repos.set(r.repo.id, Promise.resolve(r));
  }
  repo(id: number) {
    if (!this.repos.has(id)) this.repos.set(id, networkRepoById(this.deps, id));
    return this.repos.get(id)!;
  }
  async headsOf(id: number): Promise<Map<string, string> | undefined> {
    const r = await this.repo(id);
    if (!r) return undefined;
    if (!this.heads.has(id)) this.heads.set(id, branchHeads(r.dir));
    return this.heads.get(id)!;
  }
}

async function refreshRows(deps: Deps, rows: PullRequestRow[], pusher: UserRow, known?: NetworkRepo): Promise<void> {
  if (!rows.length) return;
  const cache = new NetworkCache(deps);
  if (known) cache.add(known);
  for (const pr of rows) {
    try {
      await refreshOne(deps, cache, pr, pusher);
    } catch (e) {
      // The refs already moved; one pull request failing to refresh must not fail the push.
      console.error(`refreshing pull request #${pr.index} (repository ${pr.base_repo_id}) failed:`, e);
    }
  }
}

async function refreshOne(deps: Deps, cache: NetworkCache, pr: PullRequestRow, pusher: UserRow): Promise<void> {
  const { db } = deps;
  const baseRepo = await cache.repo(pr.base_repo_id);
  const baseHeads = await cache.headsOf(pr.base_repo_id);
  if (!baseRepo || !baseHeads) return;
  const { dir } = baseRepo;
  const crossRepo = pr.head_repo_id !== pr.base_repo_id;
  const base = baseHeads.get(pr.base_branch);
  // A deleted head branch (or fork) leaves the pull request as it was: refs/pull/{index}/head keeps its commits.
  const branchHead = (await cache.headsOf(pr.head_repo_id))?.get(pr.head_branch);
  const head = branchHead ?? pr.head_commit_id;
  const headMoved = !!branchHead && branchHead !== pr.head_commit_id;
  if (!base || !head) return;
  const oldHead = pr.head_commit_id;
  let pushEvent: string | null = null;
  if (headMoved) {
    // A fork's new commits come into the base repository first.
    if (crossRepo) await fetchCommit(dir, (await cache.repo(pr.head_repo_id))!.dir, branchHead);
    await setPullHeadRef(dir, pr.index, branchHead);
    // As Gitea's CreatePushPullComment: a force push shows old and new head; otherwise the new
    // commits, oldest first, without those that came from the base branch.
    const force = !!oldHead && !(await isAncestor(dir, oldHead, branchHead).catch(() => false));
    const ids = force ? [oldHead, branchHead] : await commitIdsBetween(dir, branchHead, [oldHead, base]);
    if (ids.length) pushEvent = pushContent(force, ids);
  }
  const state = await safeGitState(dir, base, head);
  const now = nowUnix();
  const issue = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('pull_request')
      .set({ ...stateColumns(state), head_commit_id: head })
      .where('id', '=', pr.id)
      // A merge that landed meanwhile wins (Gitea's UpdateColsIfNotMerged).
      .where('has_merged', '=', 0)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return null;
    if (!headMoved) return null;
    if (pushEvent) await insertEvent(trx, { type: CommentType.pullPush, poster_id: pusher.id, issue_id: pr.issue_id, content: pushEvent, created_unix: now });
    return trx.updateTable('issue').set({ updated_unix: now }).where('id', '=', pr.issue_id).returningAll().executeTakeFirstOrThrow();
  });
  if (issue && oldHead) await afterPullHeadChange(deps, baseRepo.repo, issue, oldHead, head, pusher);
}

/**
 * The head commit a merge of `pr` starts from, in the base repository `baseDir`: the head branch's
 * tip; for a pull request from a fork, the fork branch's tip fetched into the base repository and
 * recorded under refs/pull/{index}/head (as Gitea fetches the head before merging). Null when the
 * head branch (or the fork) is gone.
 */
export async function pullHeadCommit(deps: Deps, baseDir: string, pr: PullRequestRow): Promise<string | null> {
  if (pr.head_repo_id === pr.base_repo_id) return resolveCommit(baseDir, `${HEADS}${pr.head_branch}`);
  const fork = await networkRepoById(deps, pr.head_repo_id);
  const sha = fork ? await resolveCommit(fork.dir, `${HEADS}${pr.head_branch}`) : null;
  if (!fork || !sha) return null;
  await fetchCommit(baseDir, fork.dir, sha);
  await setPullHeadRef(baseDir, pr.index, sha);
  return sha;
}

/** After a branch rename, open pull requests follow it (Gitea's RenameBranch updates base and head names). */
export async function renamePullBranches(db: Db, repoId: number, from: string, to: string): Promise<void> {
  await db
    .updateTable('pull_request')
    .set({ base_branch: to })
    .where('base_repo_id', '=', repoId)
    .where('base_branch', '=', from)
    .where('has_merged', '=', 0)
    .execute();
  await db
    .updateTable('pull_request')
    .set({ head_branch: to })
    .where('head_repo_id', '=', repoId)
    .where('head_branch', '=', from)
    .where('has_merged', '=', 0)
    .execute();
}

/**
 * What a pull request compares: `from` its merge base (or the base tip when histories are unrelated)
 * to `to` its head; `base` is what its commits are counted against (the base tip while open, the
 * merge base once merged or when the base branch is gone).
 */
export async function pullRange(rc: RepoContext, pr: PullRequestRow): Promise<{ from: string; to: string; base: string }> {
  const heads = await branchHeads(rc.dir);
  const baseTip = heads.get(pr.base_branch) ?? '';
  const base = pr.has_merged || !baseTip ? pr.merge_base : baseTip;
  const from = pr.merge_base || baseTip;
  if (!from || !pr.head_commit_id) throw notFound('pull request has no commits to compare');
  return { from, to: pr.head_commit_id, base: base || from };
}

/** Gitea's DownloadDiffOrPatch: merge base → head as a diff or a format-patch mailbox (whitespace is our extension for .diff). */
export async function pullDiffOrPatch(
  rc: RepoContext,
  pr: PullRequestRow,
  kind: 'diff' | 'patch',
  opts: { whitespace?: WhitespaceMode; binary?: boolean } = {},
): Promise<Buffer> {
  const { from, to } = await pullRange(rc, pr);
  return kind === 'patch' ? pullRawPatch(rc.dir, from, to) : pullRawDiff(rc.dir, from, to, opts);
}
