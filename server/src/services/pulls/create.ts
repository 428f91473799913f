// Opening a pull request, as Gitea's CreatePullRequest + parseCompareInfo + NewPullRequest.
// What pull requests share with issues (numbering, events, state, assignees, milestone) is conversation.ts.
import type { Deps } from '../../context.ts';
import { emitEvent } from '../events.ts';
import type { Db } from '../../db/types.ts';
import { nowUnix } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { findOpenPull, getIssueById, insertIssue, insertIssueLabel, insertPull, listRepoLabelIds, milestoneExists } from '../../db/pulls.ts';
import { findTeamIdByName, findUserByLoginOrEmail } from '../../db/reviews.ts';
import { notFound, unprocessable } from '../../errors.ts';
import { resolveCommit } from '../../git/repo.ts';
import { refExists } from '../../git/refs.ts';
import { branchHeads, commitIdsBetween, deletePullHeadRef, fetchCommit, setPullHeadRef } from '../../git/pull-diff.ts';
import type { RepoContext } from '../repo-access.ts';
import { resolveNetworkHead } from '../forks.ts';
import { recordAction } from '../activity.ts';
import { recordMentions, recordReferences } from '../mentions.ts';
import { repoPermission } from '../permissions.ts';
import { hasTeamRepo } from '../teams.ts';
import { CommentType, allocateIndex, assertAssignable, canWrite, deadlineFromIso, insertEvent, recountRepo, setAssignees } from '../conversation.ts';
import type { PullRow } from '../pulls-convert.ts';
import { alreadyExists } from './find.ts';
import { pushContent, safeGitState, stateColumns } from './refresh.ts';
import { changeReviewRequests, requestReviews } from './review-requests.ts';

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
export async function repoLabels(db: Db, repoId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = new Set(await listRepoLabelIds(db, repoId, unique));
  return unique.filter((id) => found.has(id));
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
    const u = await findUserByLoginOrEmail(db, name);
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
    const team = await findTeamIdByName(db, rc.owner.id, name);
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
      const issue = await insertIssue(trx, {
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
      });
      const pr = await insertPull(trx, {
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
      });
      // As on issues, what the pull request starts with shows in its timeline.
      const ev = { poster_id: doer.id, issue_id: issue.id, created_unix: now };
      for (const label_id of labelIds) {
        await insertIssueLabel(trx, issue.id, label_id);
        await insertEvent(trx, { ...ev, type: CommentType.label, label_id, content: '1' });
      }
      if (milestoneId) await insertEvent(trx, { ...ev, type: CommentType.milestone, milestone_id: milestoneId });
      await setAssignees(trx, issue, doer, assigneeIds);
      // Gitea's "first push" event: the commits the pull request brings.
      if (commitIds.length) await insertEvent(trx, { ...ev, type: CommentType.pullPush, content: pushContent(false, commitIds) });
      await recountRepo(trx, rc.repo.id);
      // The base repository keeps the head's commits under refs/pull/{index}/head.
      await setPullHeadRef(rc.dir, index, headSha);
      return { issue: await getIssueById(trx, issue.id), pr };
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
  if (reviewerIds.length) {
    await requestReviews(deps, rc.repo, issue, doer, reviewerIds);
    const reviewers = [...new Set(reviewerIds)].filter((id) => id !== issue.poster_id);
    if (reviewers.length) {
      await emitEvent(deps, {
        type: 'review.requested',
        actor: doer,
        repository: { repo: rc.repo, owner: rc.owner },
        issue,
        pr: row.pr,
        reviewers,
        teams: [],
        removed: false,
      });
    }
  }
  if (teamNames.length) {
    await changeReviewRequests(deps, { rc, issue, pr: row.pr }, doer, [], teamNames, true);
    // The answer shows the requests, and the time they moved the pull request.
    row = { ...row, issue: await getIssueById(db, issue.id) };
  }
  await emitEvent(deps, { type: 'pull.opened', actor: doer, repository: { repo: rc.repo, owner: rc.owner }, issue: row.issue, pr: row.pr });
  return row;
}
