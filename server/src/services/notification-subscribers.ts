// What tells users about events (issue #20): the domain events that make or refresh notification
// threads (services/notify.ts), registered once per app in createApp. As Gitea's notifier, a failure
// to notify is logged and never fails the write that emitted the event.
import type { Deps } from '../context.ts';
import type { EventBus, EventOf, EventType } from './events.ts';
import { notifyIssue, type IssueNotice } from './notify.ts';
import { notifyCommitMentions, notifyRelease } from './notify-repo.ts';

type IssueEvent = EventOf<'issue.opened' | 'issue.commented' | 'issue.closed' | 'issue.reopened' | 'pull.opened' | 'pull.merged' | 'review.submitted'>;

const notice = (e: IssueEvent | EventOf<'issue.assignees-changed' | 'review.requested' | 'pull.head-changed'>): IssueNotice => ({
  actor: e.actor,
  repo: e.repository.repo,
  owner: e.repository.owner,
  issue: e.issue,
});

async function safely(what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error(`notifications for ${what} failed:`, err);
  }
}

function on<T extends EventType>(bus: EventBus, type: T, toNotice: (e: EventOf<T>) => IssueNotice | null): void {
  bus.on(type, (e, deps: Deps) =>
    safely(type, async () => {
      const n = toNotice(e);
      if (n) await notifyIssue(deps, n);
    }),
  );
}

export function registerNotificationSubscribers(bus: EventBus): void {
  on(bus, 'issue.opened', (e) => ({ ...notice(e), mentionsIn: e.issue.content }));
  on(bus, 'pull.opened', (e) => ({ ...notice(e), mentionsIn: e.issue.content }));
  on(bus, 'issue.commented', (e) => ({ ...notice(e), commentId: e.comment.id, mentionsIn: e.comment.content }));
  on(bus, 'issue.closed', notice);
  on(bus, 'issue.reopened', notice);
  on(bus, 'pull.merged', notice);
  on(bus, 'review.submitted', (e) => ({ ...notice(e), mentionsIn: e.review.content }));
  // The pull request's participants hear of new commits on its head.
  on(bus, 'pull.head-changed', notice);
  // Only the users newly assigned, or newly asked to review.
  on(bus, 'issue.assignees-changed', (e) => (e.added.length ? { ...notice(e), receivers: e.added } : null));
  on(bus, 'review.requested', (e) => (!e.removed && e.reviewers.length ? { ...notice(e), receivers: e.reviewers } : null));
  // Releases tell the watchers; commits tell whom their messages mention (Gitea's subjects
  // "Release" and "Commit"). A deleted release's threads go with its row (db/releases.ts).
  bus.on('release.published', (e, deps) => safely(e.type, () => notifyRelease(deps, e)));
  bus.on('release.updated', (e, deps) => safely(e.type, () => notifyRelease(deps, e)));
  bus.on('push', (e, deps) => safely(e.type, () => notifyCommitMentions(deps, e)));
}
