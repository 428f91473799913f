// Gitea-shaped issue, label and milestone fixtures for web tests.
import { fakeUser } from '@/test/msw';
import type { components } from '@/lib/api/schema';

type Issue = components['schemas']['Issue'];
type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export function fakeLabel(over: Partial<Label> = {}): Label {
  return { id: 1, name: 'bug', exclusive: false, is_archived: false, color: 'ee0701', description: '', url: '', ...over };
}

export function fakeMilestone(over: Partial<Milestone> = {}): Milestone {
  return {
    id: 1,
    title: 'v1.0',
    description: '',
    state: 'open',
    open_issues: 0,
    closed_issues: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    closed_at: null,
    due_on: null,
    ...over,
  };
}

export function fakeIssue(over: Partial<Issue> = {}, repo = { owner: 'alice', name: 'hello' }): Issue {
  const number = over.number ?? 1;
  return {
    id: number,
    url: '',
    html_url: `http://localhost/${repo.owner}/${repo.name}/issues/${number}`,
    number,
    user: fakeUser(),
    original_author: '',
    original_author_id: 0,
    title: `Issue ${number}`,
    body: '',
    ref: '',
    assets: [],
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    state: 'open',
    is_locked: false,
    comments: 0,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: new Date().toISOString(),
    closed_at: null,
    due_date: null,
    pull_request: null,
    repository: { id: 1, name: repo.name, owner: repo.owner, full_name: `${repo.owner}/${repo.name}` },
    pin_order: 0,
    ...over,
  } as Issue;
}
