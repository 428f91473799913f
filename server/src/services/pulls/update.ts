// POST /repos/{o}/{r}/pulls/{index}/update, as Gitea's UpdatePullRequest (routers/api/v1/repo/pull.go),
// IsUserAllowedToUpdate and Update (services/pull/update.go): brings the base branch into the head
// branch, by a merge commit ("Merge branch 'base' into head") or by rebasing the head onto the base.
// The head branch lives in the head repository: for a pull request from a fork that is the fork, so
// the base's commits are fetched into it and the fork's branch moves (as Gitea pushes there).
import path from 'node:path';
import type { Deps } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { findUserById } from '../../db/users.ts';
import { getIssueById, getPullById } from '../../db/pulls.ts';
import { ApiError, conflict, unprocessable } from '../../errors.ts';
import { isAncestor } from '../../git/refs.ts';
import {
  MergeConflictError,
  RebaseConflictError,
  RefMovedError,
  UnrelatedHistoriesError,
  commitTree,
  identityEnv,
  mergeTree,
  moveBranch,
  rebaseOnto,
  resolveCommit,
} from '../../git/merge.ts';
import { fetchCommit } from '../../git/pull-diff.ts';
import { networkRepoById, type NetworkRepo } from '../forks.ts';
import { withRepoLock } from './lock.ts';
import { gitSignature } from './merge-rules.ts';
import { repoPermission } from '../permissions.ts';
import type { PullContext } from './context.ts';
import { canUserForcePush, canUserMerge, canUserPush, effectiveRule } from '../protection-rules.ts';
import { applyPushEffects, snapshotRefs } from './push.ts';

export type UpdateStyle = 'merge' | 'rebase';

/**
 * Gitea's isUserAllowedToPushOrForcePushInRepoBranch: write access to the repository's code, and
 * when a rule protects the branch, what the rule lets this user push (and force-push).
 */
async function pushRights(deps: Deps, user: UserRow, repo: NetworkRepo, branch: string): Promise<{ push: boolean; force: boolean }> {
  const perm = await repoPermission(deps.db, user, repo.repo, repo.owner);
  const rule = await effectiveRule(deps.db, repo.repo.id, branch);
  if (!rule) return { push: perm.canWrite('code'), force: perm.canWrite('code') };
  return { push: await canUserPush(deps.db, rule, user, perm), force: await canUserForcePush(deps.db, rule, user, perm) };
}

/**
 * Gitea's IsUserAllowedToUpdate: whether `user` may update the head branch by merge and by rebase.
 * Their own rights on the head repository's branch; when the poster allows maintainers to edit, a
 * user who may merge into the base branch inherits the poster's rights. Rebasing rewrites the head,
 * so it needs force-push rights (Gitea's AllowRebaseUpdate is on by default; this server has no
 * setting to turn it off).
 */
export async function allowedToUpdate(deps: Deps, pc: PullContext, head: NetworkRepo, user: UserRow): Promise<{ merge: boolean; rebase: boolean }> {
  const { pr, issue, rc } = pc;
  let { push, force } = await pushRights(deps, user, head, pr.head_branch);
  if (pr.allow_maintainer_edit === 1 && (!push || !force)) {
    const basePerm = await repoPermission(deps.db, user, rc.repo, rc.owner);
    const maintainer = await canUserMerge(deps.db, await effectiveRule(deps.db, rc.repo.id, pr.base_branch), user, basePerm);
    const poster = maintainer ? await findUserById(deps.db, issue.poster_id) : undefined;
    if (poster) {
      const posters = await pushRights(deps, poster, head, pr.head_branch);
      push ||= posters.push;
      force ||= posters.force;
    }
  }
  return { merge: push, rebase: force };
}

/** The head repository of a pull request: the base repository itself, or the fork. */
async function headRepoOf(deps: Deps, pc: PullContext): Promise<NetworkRepo | undefined> {
  const { rc, pr } = pc;
  if (pr.head_repo_id === rc.repo.id) return { repo: rc.repo, owner: rc.owner, dir: rc.dir };
  return networkRepoById(deps, pr.head_repo_id);
}

/**
 * Updates the head branch from the base branch. Gitea's answers: 422 for a merged or closed pull
 * request, 403 when the user may not update it that way, 409 for a conflict. A head that already
 * contains the base is left as it is (200).
 */
export async function updatePullRequest(deps: Deps, pc: PullContext, doer: UserRow, style: UpdateStyle): Promise<void> {
  const { rc } = pc;
  const head = await headRepoOf(deps, pc);
  // The same lock as merges of the head repository: they move its branches too.
  await withRepoLock(deps.db, head?.repo.id ?? rc.repo.id, async () => {
    const pr = await getPullById(deps.db, pc.pr.id);
    const issue = await getIssueById(deps.db, pr.issue_id);
    if (pr.has_merged === 1) throw unprocessable('The pull request has already been merged');
    if (issue.is_closed === 1) throw unprocessable('The pull request is closed');
    if (!head) throw unprocessable(`head repository does not exist [id: ${pr.head_repo_id}]`);
    const allowed = await allowedToUpdate(deps, { rc, issue, pr }, head, doer);
    if (style === 'rebase' ? !allowed.rebase : !allowed.merge) throw new ApiError(403, 'user is not allowed to update this pull request');
    if (head.repo.is_archived === 1) throw new ApiError(423, 'repo is archived');

    const headSha = await resolveCommit(head.dir, `refs/heads/${pr.head_branch}`);
    const baseSha = await resolveCommit(rc.dir, `refs/heads/${pr.base_branch}`);
    if (!headSha || !baseSha) throw unprocessable('the head or base branch does not exist');
    if (head.dir !== rc.dir) await fetchCommit(head.dir, rc.dir, baseSha);
    // Nothing to bring in: the head already contains the base.
    if (await isAncestor(head.dir, baseSha, headSha)) return;

    const before = await snapshotRefs(head.dir);
    const committer = gitSignature(doer);
    try {
      let newHead: string;
      if (style === 'rebase') {
        newHead = await rebaseOnto(head.dir, path.join(deps.config.dataDir, 'tmp'), baseSha, headSha, committer);
      } else {
        const tree = await mergeTree(head.dir, headSha, baseSha);
        newHead = await commitTree(
          head.dir,
          tree,
          [headSha, baseSha],
          `Merge branch '${pr.base_branch}' into ${pr.head_branch}`,
          identityEnv(committer, committer),
        );
      }
      await moveBranch(head.dir, pr.head_branch, newHead, headSha);
    } catch (e) {
      if (e instanceof MergeConflictError) throw conflict('merge failed because of conflict');
      if (e instanceof RebaseConflictError) throw conflict('rebase failed because of conflict');
      if (e instanceof UnrelatedHistoriesError) throw conflict('Merge failed: the branches have unrelated histories');
      if (e instanceof RefMovedError) throw conflict('the head branch was updated meanwhile; try again');
      throw e;
    }
    // As a push to the head repository: its feed, and the pull requests whose head moved (this one too).
    await applyPushEffects(deps, head.repo, before, await snapshotRefs(head.dir), doer);
  });
}
