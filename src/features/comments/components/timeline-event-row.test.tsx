// The pull request events of the timeline, as our server and Gitea send them.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeUser } from '@/test/msw';
import { toTimelineEntry, type TimelineItem } from '../lib/timeline-events';
import { TimelineEventRow } from './timeline-event-row';

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

function item(over: Record<string, unknown>): TimelineItem {
  return {
    id: 7,
    type: 'comment',
    html_url: '',
    pull_request_url: '',
    issue_url: '',
    user: alice,
    body: '',
    created_at: new Date().toISOString(),
    updated_at: '',
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

function row(over: Record<string, unknown>, noun = 'pull request') {
  const entry = toTimelineEntry(item(over));
  if (!entry || entry.kind === 'comment') throw new Error('not an event');
  render(
    <MemoryRouter>
      <TimelineEventRow entry={entry} owner="alice" repo="tools" renderLabel={(l) => l.name} noun={noun} />
    </MemoryRouter>,
  );
  return document.getElementById('issuecomment-7')!;
}

describe('pull request timeline rows', () => {
  it('lists the commits of a push, each linking to its commit page', () => {
    const el = row({ type: 'pull_push', body: JSON.stringify({ is_force_push: false, commit_ids: [A, B] }) });
    expect(el).toHaveTextContent(/alice\s+added 2 commits/);
    const links = screen.getAllByRole('link', { name: /^[ab]{10}$/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`/alice/tools/commit/${A}`, `/alice/tools/commit/${B}`]);
  });

  it('says a force push went from the old head to the new one', () => {
    const el = row({ type: 'pull_push', body: JSON.stringify({ is_force_push: true, commit_ids: [A, B] }) });
    expect(el).toHaveTextContent(`force-pushed from ${A.slice(0, 10)} to ${B.slice(0, 10)}`);
  });

  it('drops a push whose body is not the JSON Gitea stores, and inline code comments (their review draws them)', () => {
    expect(toTimelineEntry(item({ type: 'pull_push', body: 'garbage' }))).toBeNull();
    expect(toTimelineEntry(item({ type: 'code', body: 'nit' }))).toBeNull();
  });

  it('names the merge commit, the branches of a target change and a deleted branch', () => {
    expect(row({ type: 'merge_pull', ref_commit_sha: A })).toHaveTextContent(`merged commit ${A.slice(0, 10)}`);
    document.body.innerHTML = '';
    expect(row({ type: 'merge_pull' })).toHaveTextContent('merged this pull request');
    document.body.innerHTML = '';
    expect(row({ type: 'change_target_branch', old_ref: 'main', new_ref: 'develop' })).toHaveTextContent('changed the target branch from main to develop');
    document.body.innerHTML = '';
    expect(row({ type: 'delete_branch', old_ref: 'feature' })).toHaveTextContent('deleted branch feature');
  });

  it('reads review requests (added and removed), scheduled merges and dismissed reviews', () => {
    expect(row({ type: 'review_request', assignee: bob })).toHaveTextContent('requested a review from bob');
    document.body.innerHTML = '';
    expect(row({ type: 'review_request', assignee: bob, removed_assignee: true })).toHaveTextContent('removed the review request for bob');
    document.body.innerHTML = '';
    expect(row({ type: 'review_request', assignee_team: { id: 3, name: 'core' } })).toHaveTextContent(/alice\s*requested a review from team core/);
    document.body.innerHTML = '';
    expect(row({ type: 'review_request', assignee_team: { id: 3, name: 'core' }, removed_assignee: true })).toHaveTextContent(
      'removed the review request for team core',
    );
    document.body.innerHTML = '';
    expect(row({ type: 'pull_scheduled_merge' })).toHaveTextContent('scheduled this pull request to merge automatically when all checks succeed');
    document.body.innerHTML = '';
    expect(row({ type: 'pull_cancel_scheduled_merge' })).toHaveTextContent('canceled the automatic merge');
    document.body.innerHTML = '';
    expect(row({ type: 'dismiss_review', assignee: bob, body: 'Outdated' })).toHaveTextContent(/dismissed bob’s review\s*Outdated/);
  });

  it('speaks of the pull request, not an issue, when closing and reopening', () => {
    expect(row({ type: 'close' })).toHaveTextContent('closed this pull request');
    document.body.innerHTML = '';
    expect(row({ type: 'state_change', body: 'closed' }, 'issue')).toHaveTextContent('closed this issue');
  });

  it('says who pinned and unpinned it', () => {
    expect(row({ type: 'pin' }, 'issue')).toHaveTextContent('alice pinned this issue');
    document.body.innerHTML = '';
    expect(row({ type: 'unpin' })).toHaveTextContent('alice unpinned this pull request');
  });
});
