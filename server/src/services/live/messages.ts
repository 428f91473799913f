// What a live page hears of a domain event (issue #20): its type and ids only — the repository,
// the issue or pull request number, the comment, the commit or ref — never a body. The page then
// refetches what it shows through the ordinary, permission-checked API.
import type { DomainEvent, EventType } from '../events.ts';

/** A domain event reduced to ids; what crosses processes (NOTIFY) and reaches the hub. */
export interface LiveMessage {
  type: EventType;
  repoId: number;
  /** Who did it (their login): a page tells another's comment from the reader's own. */
  actor?: string;
  /** Issue or pull request number. */
  issue?: number;
  pull?: boolean;
  comment?: number;
  sha?: string;
  ref?: string;
  /** notifications.changed: whose inbox changed. */
  users?: number[];
}

/** Every event type a live page is told about. */
export const LIVE_EVENT_TYPES: EventType[] = [
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
];

const MAX_REF = 300;

export function toLiveMessage(e: DomainEvent): LiveMessage {
  const m: LiveMessage = { type: e.type, repoId: e.repository.repo.id, actor: e.actor.name };
  if ('issue' in e) {
    m.issue = e.issue.index;
    m.pull = e.issue.is_pull === 1;
  }
  switch (e.type) {
    case 'issue.commented':
    case 'comment.edited':
    case 'comment.deleted':
      m.comment = e.comment.id;
      break;
    case 'reaction.changed':
      if (e.commentId) m.comment = e.commentId;
      break;
    case 'pull.head-changed':
      m.sha = e.newHead;
      break;
    case 'pull.merged':
      m.sha = e.commit;
      break;
    case 'status.created':
      m.sha = e.sha;
      break;
    case 'ref.created':
    case 'ref.deleted':
      m.ref = e.ref.slice(0, MAX_REF);
      m.sha = e.sha;
      break;
    case 'push':
      // Which refs moved (a page shows one branch at a time); bounded so the message stays small.
      if (e.changes.length <= 20) m.ref = e.changes.map((c) => c.ref.slice(0, MAX_REF)).join(' ');
      break;
    case 'notifications.changed':
      m.users = e.users;
      break;
  }
  return m;
}
