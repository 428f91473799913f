import { describe, expect, it } from 'vitest';
import { fakeUser } from '@/test/msw';
import { formatDay, toTimelineEntry, type TimelineItem } from './timeline-events';

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const label = { id: 5, name: 'bug', color: 'ee0701', description: '', exclusive: false, is_archived: false, url: '' };
const ms = (id: number, title: string) => ({
  id,
  title,
  description: '',
  state: 'open' as const,
  open_issues: 0,
  closed_issues: 0,
  created_at: '',
  updated_at: null,
  closed_at: null,
  due_on: null,
});

function item(over: Record<string, unknown>): TimelineItem {
  return {
    id: 1,
    type: 'comment',
    html_url: '',
    pull_request_url: '',
    issue_url: '',
    user: alice,
    body: '',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    assets: [],
    old_milestone: null,
    milestone: null,
    old_title: '',
    new_title: '',
    old_ref: '',
    new_ref: '',
    ref_issue: null,
    ref_comment: null,
    ref_action: '',
    ref_commit_sha: '',
    review_id: 0,
    label: null,
    assignee: null,
    removed_assignee: false,
    ...over,
  } as unknown as TimelineItem;
}

describe('toTimelineEntry', () => {
  it('reads the spec’s state_change and Gitea’s close/reopen alike', () => {
    expect(toTimelineEntry(item({ type: 'state_change', body: 'closed' }))).toMatchObject({ kind: 'state', state: 'closed' });
    expect(toTimelineEntry(item({ type: 'state_change', body: 'open' }))).toMatchObject({ kind: 'state', state: 'reopened' });
    expect(toTimelineEntry(item({ type: 'close' }))).toMatchObject({ kind: 'state', state: 'closed' });
    expect(toTimelineEntry(item({ type: 'reopen' }))).toMatchObject({ kind: 'state', state: 'reopened' });
    expect(toTimelineEntry(item({ type: 'merge_pull' }))).toMatchObject({ kind: 'state', state: 'merged' });
    expect(toTimelineEntry(item({ type: 'state_change', body: 'weird' }))).toMatchObject({ kind: 'other' });
  });

  it('reads label added ("1") and removed ("") and drops labels that are gone', () => {
    expect(toTimelineEntry(item({ type: 'label', body: '1', label }))).toMatchObject({ kind: 'label', added: true, label: { name: 'bug' } });
    expect(toTimelineEntry(item({ type: 'label', body: '', label }))).toMatchObject({ kind: 'label', added: false });
    expect(toTimelineEntry(item({ type: 'label', body: '1', label: null }))).toBeNull();
  });

  it('reads comments, assignees (self and others, removed), and titles', () => {
    expect(toTimelineEntry(item({ type: 'comment', body: 'hi' }))).toMatchObject({ kind: 'comment' });
    expect(toTimelineEntry(item({ type: 'assignees', assignee: alice }))).toMatchObject({ kind: 'assignee', added: true, self: true });
    expect(toTimelineEntry(item({ type: 'assignees', assignee: bob, removed_assignee: true }))).toMatchObject({
      kind: 'assignee',
      added: false,
      self: false,
      assignee: { login: 'bob' },
    });
    expect(toTimelineEntry(item({ type: 'change_title', old_title: 'Old', new_title: 'New' }))).toMatchObject({
      kind: 'title',
      oldTitle: 'Old',
      newTitle: 'New',
    });
  });

  it('reads milestone added, removed and changed', () => {
    expect(toTimelineEntry(item({ type: 'milestone', milestone: ms(1, 'v1') }))).toMatchObject({
      kind: 'milestone',
      action: 'added',
      milestone: { title: 'v1' },
    });
    expect(toTimelineEntry(item({ type: 'milestone', old_milestone: ms(1, 'v1') }))).toMatchObject({
      kind: 'milestone',
      action: 'removed',
      old: { title: 'v1' },
    });
    expect(toTimelineEntry(item({ type: 'milestone', old_milestone: ms(1, 'v1'), milestone: ms(2, 'v2') }))).toMatchObject({
      kind: 'milestone',
      action: 'changed',
    });
  });

  it('reads Gitea’s deadline events, including "new|old" for a change', () => {
    expect(toTimelineEntry(item({ type: 'added_deadline', body: '2026-03-01' }))).toMatchObject({ kind: 'deadline', action: 'added', date: '2026-03-01' });
    expect(toTimelineEntry(item({ type: 'modified_deadline', body: '2026-04-01|2026-03-01' }))).toMatchObject({
      kind: 'deadline',
      action: 'changed',
      date: '2026-04-01',
      oldDate: '2026-03-01',
    });
    expect(toTimelineEntry(item({ type: 'removed_deadline', body: '2026-04-01' }))).toMatchObject({ kind: 'deadline', action: 'removed' });
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('reads references, lock/unlock and keeps unknown types', () => {
    const ref = { number: 7, title: 'Other', repository: { id: 2, name: 'lib', owner: 'carol', full_name: 'carol/lib' } };
    expect(toTimelineEntry(item({ type: 'issue_ref', ref_issue: ref }))).toMatchObject({ kind: 'reference', source: 'issue', issue: { number: 7 } });
    expect(toTimelineEntry(item({ type: 'comment_ref', ref_issue: ref }))).toMatchObject({ kind: 'reference', source: 'comment' });
    expect(toTimelineEntry(item({ type: 'pull_ref', ref_issue: ref }))).toMatchObject({ kind: 'reference', source: 'pull' });
    expect(toTimelineEntry(item({ type: 'commit_ref', ref_commit_sha: 'abc123' }))).toMatchObject({ kind: 'reference', source: 'commit', sha: 'abc123' });
    expect(toTimelineEntry(item({ type: 'lock', body: 'Too heated' }))).toMatchObject({ kind: 'lock', locked: true, reason: 'Too heated' });
    expect(toTimelineEntry(item({ type: 'unlock' }))).toMatchObject({ kind: 'lock', locked: false });
    expect(toTimelineEntry(item({ type: 'pin' }))).toMatchObject({ kind: 'pin', pinned: true });
    expect(toTimelineEntry(item({ type: 'unpin' }))).toMatchObject({ kind: 'pin', pinned: false });
    expect(toTimelineEntry(item({ type: 'change_issue_ref' }))).toMatchObject({ kind: 'other', type: 'change_issue_ref' });
  });
});
