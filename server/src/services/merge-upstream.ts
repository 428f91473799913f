// POST /repos/{owner}/{repo}/merge-upstream, as Gitea's services/repository/merge_upstream.go: brings a
// fork's branch up to date with its parent. The parent branch is the one of the same name, else the
// parent's default branch (GetUpstreamDivergingInfo). A fork already containing it is
// "already-up-to-date" (the spec's name; newer Gitea says "up-to-date"); one that is behind moves
// ("fast-forward"); one that diverged gets a merge commit ("merge"), made with plumbing as pull
// request merges are, unless ff_only. Protection rules of the fork's branch
// apply as to a push, and the push's effects (feed, pull requests from the fork) follow.
import type { Deps } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { isAncestor } from '../git/refs.ts';
import { MergeConflictError, RefMovedError, UnrelatedHistoriesError, commitTree, identityEnv, mergeTree, moveBranch, resolveCommit } from '../git/merge.ts';
import { fetchCommit } from '../git/pull-diff.ts';
import { networkRepoById } from './forks.ts';
import { withRepoLock } from './pulls/lock.ts';
import { gitSignature } from './pulls/merge-rules.ts';
import { repoPermission } from './permissions.ts';
import { canUserPush, effectiveRule } from './protection-rules.ts';
import { applyPushEffects, snapshotRefs } from './pulls/push.ts';
import type { RepoContext } from './repo-access.ts';

export type MergeUpstreamType = 'already-up-to-date' | 'fast-forward' | 'merge';

/** Gitea's pull.Update message for merge-upstream (it passes this text as the commit message). */
const MERGE_MESSAGE = 'merge upstream';

export async function mergeUpstream(deps: Deps, fork: RepoContext, doer: UserRow, branch: string, ffOnly: boolean): Promise<MergeUpstreamType> {
  const { db } = deps;
  if (fork.repo.is_fork !== 1) throw badRequest('repo is not a fork');
  const parent = await networkRepoById(deps, fork.repo.fork_id);
  // A parent the doer can no longer read is as good as gone.
  if (!parent || !(await repoPermission(db, doer, parent.repo, parent.owner)).canRead('code')) throw notFound('base repository does not exist');
  return withRepoLock(db, fork.repo.id, async () => {
    const forkSha = branch && !branch.startsWith('-') ? await resolveCommit(fork.dir, `refs/heads/${branch}`) : null;
    if (!forkSha) throw notFound(`branch does not exist [repo_id: ${fork.repo.id} name: ${branch}]`);
    let baseBranch = branch;
    let baseSha = await resolveCommit(parent.dir, `refs/heads/${branch}`);
    if (!baseSha) {
      baseBranch = parent.repo.default_branch;
      baseSha = await resolveCommit(parent.dir, `refs/heads/${baseBranch}`);
    }
    if (!baseSha) throw notFound(`branch does not exist [repo_id: ${parent.repo.id} name: ${baseBranch}]`);
    await fetchCommit(fork.dir, parent.dir, baseSha);
    if (await isAncestor(fork.dir, baseSha, forkSha)) return 'already-up-to-date';

    // As a push to the branch would be checked (Gitea pushes, and its pre-receive hook refuses).
    if (!(await canUserPush(db, await effectiveRule(db, fork.repo.id, branch), doer, fork.perm))) {
      throw forbidden(`Not allowed to push to protected branch ${branch}`);
    }
    const fastForward = await isAncestor(fork.dir, forkSha, baseSha);
    if (!fastForward && ffOnly)
      throw badRequest(`cannot fast-forward ${branch}: it has commits that ${parent.owner.name}/${parent.repo.name}:${baseBranch} does not have`);

    const before = await snapshotRefs(fork.dir);
    try {
      let tip = baseSha;
      if (!fastForward) {
        const tree = await mergeTree(fork.dir, forkSha, baseSha);
        const sig = gitSignature(doer);
        tip = await commitTree(fork.dir, tree, [forkSha, baseSha], MERGE_MESSAGE, identityEnv(sig, sig));
      }
      await moveBranch(fork.dir, branch, tip, forkSha);
    } catch (e) {
      if (e instanceof MergeConflictError) throw conflict(`merge upstream failed because of conflict: ${e.files.join(', ')}`);
      if (e instanceof UnrelatedHistoriesError) throw conflict('merge upstream failed: the branches have unrelated histories');
      if (e instanceof RefMovedError) throw conflict('the branch was updated meanwhile; try again');
      throw e;
    }
    await applyPushEffects(deps, fork.repo, before, await snapshotRefs(fork.dir), doer);
    return fastForward ? 'fast-forward' : 'merge';
  });
}
