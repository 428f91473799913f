// What follows from pull request events: registered once per app (createApp), in this order, so the
// consequences of a write run as they did when the writer called them itself.
import type { EventBus } from '../events.ts';
import { afterCommitStatus, afterPullApproval, dropScheduledMerge } from './auto-merge.ts';
import { ReviewType } from './review-read.ts';
import { refreshPulls } from './refresh.ts';
import { afterPullHeadChange } from './staleness.ts';

export function registerPullSubscribers(bus: EventBus): void {
  // Open pull requests whose head or base moved: mergeable, counts and a pull_push event.
  bus.on('push', (e, deps) => refreshPulls(deps, e.repository.repo, e.changes, e.actor));
  // Stale reviews and approvals, inline comments following their lines.
  bus.on('pull.head-changed', (e, deps) => afterPullHeadChange(deps, e.repository.repo, e.issue, e.oldHead, e.newHead, e.actor));
  // A merge scheduled for when the checks succeed may have waited only for this approval.
  bus.on('review.submitted', async (e, deps) => {
    if (e.review.type === ReviewType.approve) await afterPullApproval(deps, e.repository.repo, e.pr.id);
  });
  // The status is stored whatever happens next: a failing scheduled merge is logged, not answered.
  bus.on('status.created', async (e, deps) => {
    try {
      await afterCommitStatus(deps, e.repository.repo, e.sha);
    } catch (err) {
      console.error(`scheduled merge after a status on ${e.repository.repo.id}:${e.sha} failed:`, err);
    }
  });
  // A closed pull request no longer waits to merge when its checks pass.
  bus.on('pull.closed', (e, deps) => dropScheduledMerge(deps, e.pr.id));
}
