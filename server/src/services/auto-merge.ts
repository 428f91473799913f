// Scheduled merges ("merge when checks succeed"). Contract used by the statuses API: after a status
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
import type { Deps } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { CommentType, insertEvent } from './conversation.ts';
import { mergeScheduled, withRepoLock } from './merge.ts';
import { pullHeadSha } from './merge-checks.ts';
import type { PullContext } from '../http/pull-context.ts';

/**
 * Merges, as the user who scheduled it, each scheduled pull request of `repo` whose head is `sha`
 * once that commit's checks succeeded and every protection rule is met. Schedules of closed pull
 * requests are dropped.
 */
export async function afterCommitStatus(deps: Deps, repo: RepoRow, sha: string): Promise<void> {
  const { db } = deps;
  // Under the lock: a merge being scheduled holds it from reading the checks to storing the
  // schedule, so this status was either there for that check or its schedule is here now.
  const waiting = await withRepoLock(db, repo.id, () =>
    db
      .selectFrom('pull_auto_merge')
      .innerJoin('pull_request', 'pull_request.id', 'pull_auto_merge.pull_id')
      .innerJoin('issue', 'issue.id', 'pull_request.issue_id')
      .select([
        'pull_auto_merge.id',
        'pull_auto_merge.pull_id',
        'pull_auto_merge.doer_id',
        'pull_auto_merge.merge_style',
        'pull_auto_merge.message',
        'pull_auto_merge.delete_branch_after_merge',
        'pull_request.head_branch',
        'pull_request.head_repo_id',
        'pull_request.head_commit_id',
        'pull_request.index',
        'pull_request.has_merged',
        'issue.is_closed',
      ])
      .where('pull_request.base_repo_id', '=', repo.id)
      .orderBy('pull_auto_merge.id')
      .execute(),
  );
  if (!waiting.length) return;
  for (const s of waiting) {
    if (s.has_merged === 1 || s.is_closed === 1) {
      await db.deleteFrom('pull_auto_merge').where('id', '=', s.id).execute();
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
  const schedule = await withRepoLock(deps.db, repo.id, () =>
    deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pullId).executeTakeFirst(),
  );
  if (!schedule) return;
  const pr = await deps.db
    .selectFrom('pull_request')
    .select(['head_branch', 'head_repo_id', 'head_commit_id', 'index'])
    .where('id', '=', pullId)
    .executeTakeFirst();
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
    const schedule = await db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pc.pr.id).executeTakeFirst();
    if (!schedule) throw notFound();
    if (schedule.doer_id !== doer.id && !pc.rc.perm.canAdmin()) throw forbidden('user has no permission to cancel the scheduled auto merge');
    await db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('pull_auto_merge').where('id', '=', schedule.id).executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) throw notFound();
      await insertEvent(trx, { type: CommentType.pullCancelScheduledMerge, poster_id: doer.id, issue_id: pc.issue.id });
    });
  });
}

/** For closing a pull request (services/pulls.ts): a closed pull request no longer waits to merge. */
export async function dropScheduledMerge(deps: Deps, pullId: number): Promise<void> {
  await deps.db.deleteFrom('pull_auto_merge').where('pull_id', '=', pullId).execute();
}
