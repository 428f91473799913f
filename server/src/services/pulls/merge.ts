// Merging pull requests, as Gitea's MergePullRequest (routers/api/v1/repo/pull.go) and Merge
// (services/pull/merge*.go): the API's merge, scheduling a merge for when the checks succeed, the
// scheduled merge itself, and deleting the head branch afterwards. Merges of one repository run one
// at a time (lock.ts; update-ref's compare-and-swap guards against anything else moving the branch meanwhile).
import type { MergeForm, MergeStyle } from '../../api/pull-schemas.ts';
import type { Deps } from '../../context.ts';
import { nowUnix } from '../../db/index.ts';
import type { PullRequestRow, RepoRow, UserRow } from '../../db/schema.ts';
import { findOtherOpenPullOnBranch } from '../../db/pulls.ts';
import { findAutoMergeIdOfPull, insertAutoMerge } from '../../db/auto-merge.ts';
import { ApiError, conflict } from '../../errors.ts';
import { RefMovedError, deleteBranchRef, resolveCommit } from '../../git/merge.ts';
import { type RepoContext, repoContextFor } from '../repo-access.ts';
import { CommentType, insertEvent } from '../conversation.ts';
import { repoPermission } from '../permissions.ts';
import { networkRepoById } from '../forks.ts';
import { applyPushEffects, snapshotRefs } from './push.ts';
import { withRepoLock } from './lock.ts';
import type { PullContext } from './context.ts';
import { allowedStyle, checkPullMergeable, defaultMergeMessage, headRepoFullName, notAllowed, reloadPull, userById } from './merge-rules.ts';
import { markManuallyMerged, mergePull } from './merge-commit.ts';

export type { MergeForm };

/**
 * POST /pulls/{index}/merge. 'merged' answers 200, 'scheduled' 201 (merge_when_checks_succeed
 * while the head's checks have not succeeded yet).
 */
export async function mergePullRequestApi(deps: Deps, pc: PullContext, doer: UserRow, form: MergeForm): Promise<'merged' | 'scheduled'> {
  const { rc } = pc;
  return withRepoLock(deps.db, rc.repo.id, async () => {
    const { issue, pr } = await reloadPull(deps, pc.pr.id);
    const style: MergeStyle = form.Do ?? 'merge';
    const manual = style === 'manually-merged';
    const protection = await checkPullMergeable(
      deps,
      rc,
      issue,
      pr,
      doer,
      manual ? 'manual' : form.merge_when_checks_succeed ? 'auto' : 'general',
      form.force_merge ?? false,
    );
    if (!allowedStyle(rc.repo, style)) throw notAllowed(`${style} is not allowed an allowed merge style for this repository`);

    if (manual) {
      await markManuallyMerged(deps, rc, issue, pr, doer, form.MergeCommitID ?? '');
      return 'merged';
    }

    let message = form.MergeTitleField?.trim() || defaultMergeMessage(issue, pr, style, await headRepoFullName(deps, pr));
    const body = form.MergeMessageField?.trim();
    if (body) message += `\n\n${body}`;

    // Merges now only when the checks succeeded and no protection rule is unmet (or force_merge
    // lets this admin past them); otherwise waits for all of them (auto-merge.ts).
    if (form.merge_when_checks_succeed && protection) {
      const forced = form.force_merge && protection.canForce;
      if (!protection.checksSucceeded || (!forced && protection.blockers.length)) {
        await scheduleAutoMerge(deps, pr, doer, style, message, form.delete_branch_after_merge ?? false);
        return 'scheduled';
      }
    }

    await mergePull(deps, rc, issue, pr, doer, { style, message, expectedHead: form.head_commit_id, auto: false });
    if (form.delete_branch_after_merge) await deleteHeadBranchAfterMerge(deps, rc, pr, doer);
    return 'merged';
  });
}

async function scheduleAutoMerge(deps: Deps, pr: PullRequestRow, doer: UserRow, style: MergeStyle, message: string, deleteBranch: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findAutoMergeIdOfPull(trx, pr.id);
    if (existing) throw conflict('pull request is already scheduled to auto merge when checks succeed');
    await insertAutoMerge(trx, {
      pull_id: pr.id,
      doer_id: doer.id,
      merge_style: style,
      message,
      delete_branch_after_merge: deleteBranch ? 1 : 0,
      created_unix: nowUnix(),
    });
    await insertEvent(trx, { type: CommentType.pullScheduledMerge, poster_id: doer.id, issue_id: pr.issue_id });
  });
}

/**
 * Merges a scheduled pull request as the user who scheduled it (auto-merge.ts calls this once the
 * head's checks succeed). Quietly does nothing when the pull request can no longer be merged.
 */
export async function mergeScheduled(
  deps: Deps,
  repo: RepoRow,
  schedule: { pull_id: number; doer_id: number; merge_style: string; message: string; delete_branch_after_merge: number },
  sha: string,
): Promise<boolean> {
  const doer = await userById(deps, schedule.doer_id);
  const owner = await userById(deps, repo.owner_id);
  if (!doer || !owner) return false;
  const rc = await repoContextFor(deps, doer, repo, owner);
  return withRepoLock(deps.db, repo.id, async () => {
    const { issue, pr } = await reloadPull(deps, schedule.pull_id);
    const still = await findAutoMergeIdOfPull(deps.db, pr.id);
    if (!still) return false;
    // Every protection rule must be met now, and the head's checks succeeded.
    try {
      const protection = await checkPullMergeable(deps, rc, issue, pr, doer, 'general');
      if (!protection?.checksSucceeded) return false;
    } catch (e) {
      if (e instanceof ApiError) return false;
      throw e;
    }
    const style = schedule.merge_style as MergeStyle;
    if (!allowedStyle(repo, style) || style === 'manually-merged') return false;
    // The head moved since the status arrived: the status of the new head decides, later.
    await mergePull(deps, rc, issue, pr, doer, { style, message: schedule.message, expectedHead: sha, auto: true });
    if (schedule.delete_branch_after_merge) await deleteHeadBranchAfterMerge(deps, rc, pr, doer);
    return true;
  });
}

/**
 * delete_branch_after_merge: removes the head branch unless it is its repository's default branch,
 * the doer may not write there, or another open pull request still uses it; leaves a delete_branch
 * event. For a pull request from a fork the branch is deleted in the fork (Gitea does the same when
 * the doer may write to the fork's code).
 */
async function deleteHeadBranchAfterMerge(deps: Deps, rc: RepoContext, pr: PullRequestRow, doer: UserRow) {
  const { db } = deps;
  const branch = pr.head_branch;
  const head = pr.head_repo_id === rc.repo.id ? { repo: rc.repo, owner: rc.owner, dir: rc.dir } : await networkRepoById(deps, pr.head_repo_id);
  if (!head || branch === head.repo.default_branch || head.repo.is_archived === 1) return;
  if (!(await repoPermission(db, doer, head.repo, head.owner)).canWrite('code')) return;
  const others = await findOtherOpenPullOnBranch(db, pr.id, head.repo.id, branch);
  if (others) return;
  const sha = await resolveCommit(head.dir, `refs/heads/${branch}`);
  if (!sha) return;
  const before = await snapshotRefs(head.dir);
  try {
    await deleteBranchRef(head.dir, branch, sha);
  } catch (e) {
    if (e instanceof RefMovedError) return; // pushed to meanwhile: keep the new commits
    throw e;
  }
  await insertEvent(db, { type: CommentType.deleteBranch, poster_id: doer.id, issue_id: pr.issue_id, old_ref: branch });
  await applyPushEffects(deps, head.repo, before, await snapshotRefs(head.dir), doer);
}
