// The pull request page as the router composes it: header and tabs (layout), the Conversation tab
// with reviews and pull request events in the timeline, the merge box and the reviewers, and the
// Commits tab.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { setSession } from '@/lib/auth-store';
import { renderRouter } from '@/test/render-route';
import { fakeCommit, fakePull } from '@/features/pulls/test/list-fixtures';
import { fakeReview } from '@/features/reviews/test/fixtures';
import { Component as Layout } from './repo-pull-layout';
import { Component as Conversation } from './repo-pull-conversation';
import { Component as Commits } from './repo-pull-commits';

setupMswServer();
afterEach(() => setSession(null));

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const T0 = '2026-01-01T00:00:00Z';
const HEAD = 'a'.repeat(40);
const branch = (ref: string, sha: string) => ({ label: ref, ref, sha, repo_id: 1, repo: null });

const pull = fakePull({
  number: 3,
  title: 'Add search',
  body: 'Adds **search**.',
  user: alice,
  base: branch('main', 'b'.repeat(40)),
  head: branch('search', HEAD),
  changed_files: 2,
});

function issue() {
  return {
    id: 10,
    url: '',
    html_url: '',
    number: 3,
    user: alice,
    original_author: '',
    original_author_id: 0,
    title: 'Add search',
    body: 'Adds **search**.',
    ref: '',
    assets: [],
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    state: 'open',
    is_locked: false,
    comments: 1,
    created_at: T0,
    updated_at: T0,
    closed_at: null,
    due_date: null,
    pull_request: { merged: false, merged_at: null, draft: false, html_url: '' },
    repository: { id: 1, name: 'tools', owner: 'alice', full_name: 'alice/tools' },
    pin_order: 0,
  };
}

function tl(id: number, type: string, user: unknown, over: Record<string, unknown> = {}) {
  return {
    id,
    type,
    html_url: '',
    pull_request_url: '',
    issue_url: '',
    user,
    body: '',
    created_at: T0,
    updated_at: T0,
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
  };
}

const timeline = [
  tl(101, 'review_request', alice, { assignee: bob }),
  tl(102, 'pull_push', alice, { body: JSON.stringify({ is_force_push: false, commit_ids: ['c'.repeat(40)] }) }),
  tl(103, 'review', bob, { review_id: 7, body: 'Needs a test.' }),
  tl(104, 'code', bob, { review_id: 7, body: 'inline' }),
];

function setup({ viewer = alice, push = true, statusHeld }: { viewer?: ReturnType<typeof fakeUser>; push?: boolean; statusHeld?: Promise<void> } = {}) {
  setSession({ token: `tok-${viewer.login}`, login: viewer.login });
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(viewer)),
    http.get(apiUrl('/repos/alice/tools'), () => HttpResponse.json(fakeRepo({ name: 'tools', owner: alice, permissions: { admin: false, push, pull: true } }))),
    http.get(apiUrl('/repos/alice/tools/pulls/3'), () => HttpResponse.json(pull)),
    http.get(apiUrl('/repos/alice/tools/issues/3'), () => HttpResponse.json(issue())),
    http.get(apiUrl('/repos/alice/tools/issues/3/timeline'), () => HttpResponse.json(timeline, { headers: { 'X-Total-Count': String(timeline.length) } })),
    http.get(apiUrl('/repos/alice/tools/pulls/3/reviews'), () =>
      HttpResponse.json([fakeReview(7, bob, { state: 'REQUEST_CHANGES', body: 'Needs a test.' })], { headers: { 'X-Total-Count': '1' } }),
    ),
    http.get(apiUrl('/repos/alice/tools/pulls/3/commits'), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const all = Array.from({ length: 31 }, (_, i) => fakeCommit(`${i}`.padStart(40, 'c'), `Commit number ${i + 1}`));
      return HttpResponse.json(all.slice((page - 1) * 30, page * 30), { headers: { 'X-Total-Count': '31' } });
    }),
    // The merge box reads the base branch's protection: main is not protected here.
    http.get(apiUrl('/repos/alice/tools/branches/main'), () =>
      HttpResponse.json({
        name: 'main',
        commit: { id: 'b'.repeat(40), message: 'm', timestamp: T0 },
        protected: false,
        required_approvals: 0,
        enable_status_check: false,
        status_check_contexts: [],
        user_can_push: push,
        user_can_merge: push,
        effective_branch_protection_name: '',
      }),
    ),
    http.get(apiUrl(`/repos/alice/tools/commits/${HEAD}/status`), async () => {
      await statusHeld;
      return HttpResponse.json({
        state: 'failure',
        sha: HEAD,
        total_count: 1,
        repository: null,
        commit_url: '',
        url: '',
        statuses: [
          { id: 1, status: 'failure', context: 'ci/test', description: 'Tests failed', target_url: '', url: '', creator: null, created_at: T0, updated_at: T0 },
        ],
      });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/:owner/:repo/pulls/:index',
        element: <Layout />,
        children: [
          { index: true, element: <Conversation /> },
          { path: 'commits', element: <Commits /> },
        ],
      },
    ],
    { initialEntries: ['/alice/tools/pulls/3'] },
  );
  renderRouter(router);
  return { router, user: userEvent.setup() };
}

describe('pull request page', () => {
  it('draws the conversation: header, tabs with counts, pull request events, the review, the merge box and the reviewers', async () => {
    setup();
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Add search #3');
    await waitFor(() => expect(title.closest('header')).toHaveTextContent('alice wants to merge 31 commits into main from search'));
    const tabs = screen.getByRole('navigation', { name: 'Pull request' });
    expect(within(tabs).getByRole('link', { name: /Conversation/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Commits 31' })).toHaveAttribute('href', '/alice/tools/pulls/3/commits');
    expect(within(tabs).getByRole('link', { name: 'Files changed 2' })).toHaveAttribute('href', '/alice/tools/pulls/3/files');

    const list = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(list).findByText(/requested a review from/)).toBeInTheDocument();
    expect(list).toHaveTextContent('added 1 commit');
    // The review is the reviews feature's card; its inline "code" item is not drawn on its own.
    const review = await within(list).findByRole('article', { name: 'Review by bob' });
    // Its body is Markdown, rendered once the renderer's chunk is in.
    await waitFor(() => expect(review).toHaveTextContent('Needs a test.'));
    expect(list).not.toHaveTextContent('inline');

    const merge = await screen.findByRole('region', { name: 'Merge status' });
    expect(within(merge).getByRole('listitem', { name: 'Reviews' })).toHaveTextContent('bob requested changes.');
    expect(await within(merge).findByRole('listitem', { name: 'Checks' })).toHaveTextContent('ci/test — Failing — Tests failed');
    expect(within(merge).getByRole('form', { name: 'Merge pull request' })).toBeInTheDocument();

    const sidebar = screen.getByRole('complementary', { name: 'Pull request details' });
    expect(within(sidebar).getByRole('region', { name: 'Reviewers' })).toHaveTextContent('bob±Changes requested');
    expect(within(sidebar).getByRole('region', { name: 'Labels' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close pull request' })).toBeInTheDocument();
  });

  it('offers the merge form only once the head’s checks are in, so it does not move under the pointer', async () => {
    let release!: () => void;
    setup({ statusHeld: new Promise<void>((r) => (release = r)) });
    const merge = await screen.findByRole('region', { name: 'Merge status' });
    expect(within(merge).getByRole('listitem', { name: 'Checks' })).toHaveTextContent('Loading checks…');
    expect(within(merge).getByRole('status')).toHaveTextContent('Loading merge options…');
    expect(within(merge).queryByRole('form', { name: 'Merge pull request' })).toBeNull();
    release();
    expect(await within(merge).findByRole('form', { name: 'Merge pull request' })).toBeInTheDocument();
    expect(within(merge).getByRole('listitem', { name: 'Checks' })).toHaveTextContent('ci/test — Failing — Tests failed');
  });

  it('shows a reader the state of the merge but no merge buttons', async () => {
    setup({ viewer: bob, push: false });
    const merge = await screen.findByRole('region', { name: 'Merge status' });
    expect(merge).toHaveTextContent('This pull request cannot be merged yet.');
    expect(within(merge).queryByRole('button')).toBeNull();
  });

  it('lists the commits, paged', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('link', { name: /^Commits/ }));
    expect(await screen.findByText('Commit number 1')).toBeInTheDocument();
    expect(screen.queryByText('Commit number 31')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Commit number 31')).toBeInTheDocument();
  });
});
