// One reading of a timeline item for both dialects: the spec's (`state_change` with body
// "closed"/"open") and Gitea's (`close`, `reopen`, `label` with body "1"/"", `assignees`, …).
import type { components } from '@/lib/api/schema';

export type TimelineItem = components['schemas']['TimelineComment'];
type Label = components['schemas']['Label'];
type User = components['schemas']['User'];
type Milestone = components['schemas']['Milestone'];
type Issue = components['schemas']['Issue'];

export type TimelineEntry =
  | { kind: 'comment'; item: TimelineItem }
  | { kind: 'state'; state: 'closed' | 'reopened' | 'merged'; item: TimelineItem }
  | { kind: 'label'; added: boolean; label: Label; item: TimelineItem }
  | { kind: 'assignee'; added: boolean; assignee: User | null; self: boolean; item: TimelineItem }
  | { kind: 'milestone'; action: 'added' | 'removed' | 'changed'; milestone: Milestone | null; old: Milestone | null; item: TimelineItem }
  | { kind: 'title'; oldTitle: string; newTitle: string; item: TimelineItem }
  | { kind: 'deadline'; action: 'added' | 'changed' | 'removed'; date: string; oldDate: string; item: TimelineItem }
  | { kind: 'reference'; source: 'issue' | 'comment' | 'pull' | 'commit'; issue: Issue | null; sha: string; item: TimelineItem }
  | { kind: 'lock'; locked: boolean; reason: string; item: TimelineItem }
  // Pull request events (Gitea's names; our server sends the same).
  | { kind: 'push'; force: boolean; commits: string[]; item: TimelineItem }
  | { kind: 'target-branch'; from: string; to: string; item: TimelineItem }
  | { kind: 'delete-branch'; branch: string; item: TimelineItem }
  /** `team`: a request to a team of the organization (Gitea's assignee_team), then no reviewer. */
  | { kind: 'review-request'; added: boolean; reviewer: User | null; team: string | null; item: TimelineItem }
  | { kind: 'auto-merge'; scheduled: boolean; item: TimelineItem }
  | { kind: 'dismiss-review'; reviewer: User | null; reason: string; item: TimelineItem }
  | { kind: 'review'; item: TimelineItem }
  | { kind: 'pin'; pinned: boolean; item: TimelineItem }
  | { kind: 'other'; type: string; item: TimelineItem };

const CLOSED = new Set(['closed', 'close']);
const OPENED = new Set(['open', 'opened', 'reopen', 'reopened']);

/** Reads a timeline item; `null` for items with nothing to show (e.g. a label that no longer exists). */
export function toTimelineEntry(item: TimelineItem): TimelineEntry | null {
  const body = (item.body ?? '').trim();
  switch (item.type) {
    case 'comment':
      return { kind: 'comment', item };
    case 'state_change':
      if (CLOSED.has(body)) return { kind: 'state', state: 'closed', item };
      if (OPENED.has(body)) return { kind: 'state', state: 'reopened', item };
      return { kind: 'other', type: item.type, item };
    case 'close':
      return { kind: 'state', state: 'closed', item };
    case 'reopen':
      return { kind: 'state', state: 'reopened', item };
    case 'merge_pull':
      return { kind: 'state', state: 'merged', item };
    case 'label':
      if (!item.label) return null;
      return { kind: 'label', added: body === '1', label: item.label, item };
    case 'assignees': {
      const self = !!item.assignee && !!item.user && item.assignee.id === item.user.id;
      return { kind: 'assignee', added: !item.removed_assignee, assignee: item.assignee ?? null, self, item };
    }
    case 'milestone': {
      const milestone = item.milestone?.id ? item.milestone : null;
      const old = item.old_milestone?.id ? item.old_milestone : null;
      if (!milestone && !old) return null;
      const action = milestone && old ? 'changed' : milestone ? 'added' : 'removed';
      return { kind: 'milestone', action, milestone, old, item };
    }
    case 'change_title':
      return { kind: 'title', oldTitle: item.old_title ?? '', newTitle: item.new_title ?? '', item };
    case 'added_deadline':
      return { kind: 'deadline', action: 'added', date: body, oldDate: '', item };
    case 'modified_deadline': {
      // Gitea stores "new|old".
      const [date = '', oldDate = ''] = body.split('|');
      return { kind: 'deadline', action: 'changed', date, oldDate, item };
    }
    case 'removed_deadline':
      return { kind: 'deadline', action: 'removed', date: body, oldDate: '', item };
    case 'issue_ref':
      return { kind: 'reference', source: 'issue', issue: item.ref_issue ?? null, sha: '', item };
    case 'comment_ref':
      return { kind: 'reference', source: 'comment', issue: item.ref_issue ?? null, sha: '', item };
    case 'pull_ref':
      return { kind: 'reference', source: 'pull', issue: item.ref_issue ?? null, sha: '', item };
    case 'commit_ref':
      return { kind: 'reference', source: 'commit', issue: null, sha: item.ref_commit_sha ?? '', item };
    case 'lock':
      return { kind: 'lock', locked: true, reason: body, item };
    case 'unlock':
      return { kind: 'lock', locked: false, reason: '', item };
    case 'pin':
      return { kind: 'pin', pinned: true, item };
    case 'unpin':
      return { kind: 'pin', pinned: false, item };
    case 'pull_push': {
      const push = readPush(body);
      return push ? { kind: 'push', ...push, item } : null;
    }
    case 'change_target_branch':
      return { kind: 'target-branch', from: item.old_ref, to: item.new_ref, item };
    case 'delete_branch':
      return { kind: 'delete-branch', branch: item.old_ref, item };
    case 'review_request':
      return {
        kind: 'review-request',
        added: !item.removed_assignee,
        reviewer: item.assignee?.id ? item.assignee : null,
        team: item.assignee_team?.name ?? null,
        item,
      };
    case 'pull_scheduled_merge':
      return { kind: 'auto-merge', scheduled: true, item };
    case 'pull_cancel_scheduled_merge':
      return { kind: 'auto-merge', scheduled: false, item };
    case 'dismiss_review':
      return { kind: 'dismiss-review', reviewer: item.assignee?.id ? item.assignee : null, reason: body, item };
    case 'review':
      return { kind: 'review', item };
    // An inline comment on the diff: drawn inside its review (by the page), never on its own.
    case 'code':
      return null;
    default:
      return { kind: 'other', type: item.type, item };
  }
}

/** A pull_push body, Gitea's JSON `{"is_force_push": bool, "commit_ids": [...]}` (force: [old, new]). */
function readPush(body: string): { force: boolean; commits: string[] } | null {
  try {
    const data = JSON.parse(body) as { is_force_push?: unknown; commit_ids?: unknown };
    const commits = Array.isArray(data.commit_ids) ? data.commit_ids.filter((c): c is string => typeof c === 'string') : [];
    if (!commits.length) return null;
    return { force: data.is_force_push === true, commits };
  } catch {
    return null;
  }
}

/** A deadline's calendar day, whatever form the server sent ("2026-03-01" or a full timestamp). */
export function formatDay(value: string): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!day) return value;
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
