// Scheduled merges ("merge when checks succeed"), subscribers of events (subscribers.ts): after a status
// is stored, afterCommitStatus merges the pull requests waiting on that commit whose checks now pass;
// after an approval, afterPullApproval merges the pull request if nothing else is left to wait for.
// Scheduling itself happens in merge.ts (POST /pulls/{index}/merge with merge_when_checks_succeed).
//
// Several server processes (issue #12): schedules live only in the database (pull_auto_merge), and
// everything that reads or removes one for a repository does so under that repository's merge lock
// (withRepoLock, held across processes on PostgreSQL), which scheduling and merging hold too. So a
// status or approval arriving at one process while another schedules is never missed, two statuses
// at once merge once (the second finds the schedule gone), and a cancel either wins before the
// merge or answers 404 after it.
import type { Deps } from '../../context.ts';
import type { RepoRow, UserRow } from '../../db/schema.ts';
import { deleteAutoMerge, deleteAutoMergeOfPull, findAutoMergeOfPull, findPullHeadFields, listAutoMergesOfRepo } from '../../db/auto-merge.ts';
import { forbidden, notFound } from '../../errors.ts';
import { CommentType, insertEvent } from '../conversation.ts';
import { withRepoLock } from './lock.ts';
import { mergeScheduled } from './merge.ts';
import { pullHeadSha } from './merge-checks.ts';
import type { PullContext } from './context.ts';

/**
 * Merges, as the user who scheduled it, each scheduled pull request of `repo` whose head is `sha`
 * once that commit's checks succeeded and every protection rule is met. Schedules of closed pull
 * requests are dropped.
 */
export async function afterCommitStatus(deps: Deps, repo: RepoRow, sha: string): Promise<void> {
  const { db } = deps;
  // Under the lock: a merge being scheduled holds it from reading the checks to storing the
  // schedule, so this status was either there for that check or its schedule is here now.
  const waiting = await withRepoLock(db, repo.id, () => listAutoMergesOfRepo(db, repo.id));
  if (!waiting.length) return;
  for (const s of waiting) {
    if (s.has_merged === 1 || s.is_closed === 1) {
      await deleteAutoMerge(db, s.id);
      continue;
    }
    if ((await pullHeadSha(deps, repo, s)) !== sha) continue;
    // mergeScheduled checks the statuses (the rule's required contexts, else the combined state)
    // and every other protection rule; it leaves the schedule waiting when any is unmet.
    await tryScheduled(deps, repo, s, sha);
  }
}

async function tryScheduled(deps: Deps, repo: RepoRow, s: Parameters<typeof mergeScheduled>[2], sha: string) {
  try {
    await mergeScheduled(deps, repo, s, sha);
  } catch (e) {
    // One pull request that cannot merge (a conflict since) must not keep the others waiting.
    console.error(`auto-merge of pull request ${s.pull_id} failed:`, e instanceof Error ? e.message : e);
  }
}

/**
 * After an approval (Gitea's automerge notifier on PullRequestReview): a scheduled merge that waited
 * only for approvals can go now. Quietly does nothing when nothing is scheduled or a rule is still unmet.
 */
export async function afterPullApproval(deps: Deps, repo: RepoRow, pullId: number): Promise<void> {
  // Under the lock, as afterCommitStatus: an approval stored while the merge is being scheduled is not missed.
  const schedule = await withRepoLock(deps.db, repo.id, () => findAutoMergeOfPull(deps.db, pullId));
  if (!schedule) return;
  const pr = await findPullHeadFields(deps.db, pullId);
  const head = pr && (await pullHeadSha(deps, repo, pr));
  if (head) await tryScheduled(deps, repo, schedule, head);
}

/**
 * DELETE /pulls/{index}/merge: the scheduler or a repository admin may cancel; 404 when none is
 * scheduled. Under the merge lock: a scheduled merge under way (in any process) finishes first, and
 * then there is nothing left to cancel.
 */
export async function cancelScheduledMerge(deps: Deps, pc: PullContext, doer: UserRow): Promise<void> {
  const { db } = deps;
  await withRepoLock(db, pc.rc.repo.id, async () => {
    const schedule = await findAutoMergeOfPull(db, pc.pr.id);
    if (!schedule) throw notFound();
    if (schedule.doer_id !== doer.id && !pc.rc.perm.canAdmin()) throw forbidden('user has no permission to cancel the scheduled auto merge');
    await db.transaction().execute(async (trx) => {
      if (!(await deleteAutoMerge(trx, schedule.id))) throw notFound();
      await insertEvent(trx, { type: CommentType.pullCancelScheduledMerge, poster_id: doer.id, issue_id: pc.issue.id });
    });
  });
}

/** A pull.closed event's subscriber: a closed pull request no longer waits to merge. */
export async function dropScheduledMerge(deps: Deps, pullId: number): Promise<void> {
  await deleteAutoMergeOfPull(deps.db, pullId);
}
