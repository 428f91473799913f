// Which React Query keys a live event makes stale (issue #20). Keys follow the features' factories:
// ['repos', owner, repo, 'issues', index] (an issue or pull request's detail and timeline),
// ['repos', owner, repo, 'pulls', …] (pull requests: detail, commits, files, reviews, merge box),
// ['repos', owner, repo, 'commit', ref, 'status'] (statuses), ['repos', owner, repo, 'reactions', …].
import type { QueryKey } from '@tanstack/react-query';

/** One message of the server's event stream (GET /api/v1/events): a type and ids. */
export interface LiveMessage {
  type: string;
  repo?: string;
  actor?: string;
  issue?: number;
  pull?: boolean;
  comment?: number;
  sha?: string;
  ref?: string;
}

/** Every event the stream sends (EventSource needs a listener per name). */
export const LIVE_EVENT_NAMES = [
  'issue.opened',
  'issue.commented',
  'issue.closed',
  'issue.reopened',
  'issue.edited',
  'issue.labels-changed',
  'issue.assignees-changed',
  'issue.milestone-changed',
  'comment.edited',
  'comment.deleted',
  'pull.opened',
  'pull.head-changed',
  'pull.closed',
  'pull.merged',
  'review.submitted',
  'review.requested',
  'status.created',
  'push',
  'ref.created',
  'ref.deleted',
  'reaction.changed',
  'notifications.changed',
] as const;

const CODE_EVENTS = new Set(['push', 'ref.created', 'ref.deleted', 'pull.head-changed', 'pull.merged', 'status.created']);

export function keysFor(m: LiveMessage, owner: string, repo: string): QueryKey[] {
  if (m.type === 'notifications.changed') return [['notifications']];
  const base = ['repos', owner, repo] as const;
  const keys: QueryKey[] = [];
  if (m.type === 'reaction.changed') {
    keys.push(m.comment ? [...base, 'reactions', 'comment', m.comment] : [...base, 'reactions', 'issue', m.issue]);
    return keys;
  }
  if (m.issue !== undefined) {
    keys.push([...base, 'issues', m.issue], [...base, 'issues', 'list']);
    if (m.pull) keys.push([...base, 'pulls', m.issue], [...base, 'pulls', 'list']);
  }
  if (m.type === 'issue.labels-changed') keys.push([...base, 'labels']);
  if (m.type === 'issue.milestone-changed') keys.push([...base, 'milestones']);
  // Code moved: every pull request (heads, mergeability, merge box), statuses, branches.
  if (CODE_EVENTS.has(m.type)) keys.push([...base, 'pulls'], [...base, 'commit'], [...base, 'branch'], [...base, 'branches']);
  return keys;
}

/** What polling refreshes on a server without the stream (a real Gitea), every POLL_MS. */
export function pollingKeys(owner: string, repo: string): QueryKey[] {
  const base = ['repos', owner, repo] as const;
  return [[...base, 'issues'], [...base, 'pulls'], [...base, 'commit'], [...base, 'reactions'], [...base, 'labels'], ['notifications']];
}
