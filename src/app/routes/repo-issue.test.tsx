import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './repo-issue';

setupMswServer();
afterEach(() => setSession(null));

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const carol = fakeUser({ id: 3, login: 'carol' });
const label = { id: 5, name: 'bug', color: 'ee0701', description: '', exclusive: false, is_archived: false, url: '' };
const T0 = '2026-01-01T00:00:00Z';

function issue(over: Record<string, unknown> = {}) {
  return {
    id: 10,
    url: '',
    html_url: '',
    number: 3,
    user: alice,
    original_author: '',
    original_author_id: 0,
    title: 'Crash on save',
    body: 'It **crashes**.',
    ref: '',
    assets: [],
    labels: [label],
    milestone: null,
    assignee: null,
    assignees: [],
    state: 'open',
    is_locked: false,
    comments: 2,
    created_at: T0,
    updated_at: T0,
    closed_at: null,
    due_date: null,
    pull_request: null,
    repository: { id: 1, name: 'tools', owner: 'alice', full_name: 'alice/tools' },
    pin_order: 0,
    ...over,
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
  tl(101, 'comment', bob, { body: 'Bob here' }),
  tl(102, 'label', alice, { body: '1', label }),
  tl(103, 'comment', carol, { body: 'Carol here' }),
  tl(104, 'state_change', alice, { body: 'closed' }),
  tl(105, 'reopen', alice),
];

function setup({
  viewer,
  push = false,
  admin = false,
  locked = false,
}: {
  viewer: ReturnType<typeof fakeUser> | null;
  push?: boolean;
  admin?: boolean;
  locked?: boolean;
}) {
  if (viewer) setSession({ token: `tok-${viewer.login}`, login: viewer.login });
  const posted: unknown[] = [];
  server.use(
    http.get(apiUrl('/user'), () => (viewer ? HttpResponse.json(viewer) : HttpResponse.json({ message: 'unauthorized' }, { status: 401 }))),
    http.get(apiUrl('/repos/alice/tools'), () =>
      HttpResponse.json(fakeRepo({ name: 'tools', owner: alice, permissions: { admin, push: push || admin, pull: true } })),
    ),
    http.get(apiUrl('/repos/alice/tools/issues/3'), () => HttpResponse.json(issue({ is_locked: locked }))),
    http.get(apiUrl('/repos/alice/tools/issues/3/timeline'), () => HttpResponse.json(timeline, { headers: { 'X-Total-Count': String(timeline.length) } })),
    http.post(apiUrl('/repos/alice/tools/issues/3/comments'), async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(tl(106, 'comment', viewer), { status: 201 });
    }),
  );
  const { queryClient } = renderRoute(Component, { path: '/:owner/:repo/issues/:index', url: '/alice/tools/issues/3' });
  return { posted, queryClient };
}

const menuFor = (login: string) => screen.queryByRole('button', { name: `Actions for comment by ${login}` });

describe('issue page', () => {
  it('shows the title, state, body and the timeline with events in order', async () => {
    setup({ viewer: null });
    expect(await screen.findByRole('heading', { name: /Crash on save/ })).toBeInTheDocument();
    expect((await screen.findByText('crashes')).tagName).toBe('STRONG');
    // The body is the opening post, as on Gitea and GitHub; replies are comments.
    expect(screen.getByRole('article', { name: 'Description by alice' })).toHaveTextContent(/alice\s*opened/);
    const list = await screen.findByRole('region', { name: 'Timeline' });
    await within(list).findByText('Bob here');
    expect(within(list).getByRole('article', { name: 'Comment by bob' })).toHaveTextContent(/bob\s*commented/);
    const text = list.textContent!;
    expect(text.indexOf('Bob here')).toBeLessThan(text.indexOf('added the'));
    expect(text.indexOf('added the')).toBeLessThan(text.indexOf('Carol here'));
    expect(text).toMatch(/closed this issue.*reopened this issue/);
    expect(within(list).getAllByText('bug').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login?redirect_to=%2Falice%2Ftools%2Fissues%2F3');
    expect(menuFor('bob')).toBeNull();
  });

  it('a refetch that brings someone else’s comment out of view shows the new-comment pill; the reader’s own is no news', async () => {
    const { queryClient } = setup({ viewer: alice });
    await screen.findByText('Carol here');
    expect(screen.queryByRole('button', { name: /new comment/ })).toBeNull();
    const later = [...timeline, tl(107, 'comment', bob, { body: 'News from Bob' }), tl(108, 'comment', alice, { body: 'Mine' })];
    server.use(
      http.get(apiUrl('/repos/alice/tools/issues/3/timeline'), () => HttpResponse.json(later, { headers: { 'X-Total-Count': String(later.length) } })),
    );
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('button', { name: '1 new comment' })).toBeInTheDocument();
  });

  it('offers Edit/Delete only on the viewer’s own comments to a reader, and on all to a writer', async () => {
    setup({ viewer: bob });
    await screen.findByText('Carol here');
    await waitFor(() => expect(menuFor('bob')).toBeInTheDocument());
    expect(menuFor('carol')).toBeNull();
    const user = userEvent.setup();
    await user.click(menuFor('bob')!);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    // Bob is not the author and not a writer: no title edit, no close button.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close issue' })).toBeNull();
  });

  it('gives writers the menu on everyone’s comments, and asks before deleting', async () => {
    let deleted = 0;
    server.use(http.delete(apiUrl('/repos/alice/tools/issues/comments/103'), () => ((deleted = 103), new HttpResponse(null, { status: 204 }))));
    setup({ viewer: fakeUser({ id: 9, login: 'maint' }), push: true });
    await screen.findByText('Carol here');
    await waitFor(() => expect(menuFor('carol')).toBeInTheDocument());
    expect(menuFor('bob')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(menuFor('carol')!);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
    expect(deleted).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(103));
  });

  it('submits the comment with Ctrl+Enter and clears the box', async () => {
    const { posted } = setup({ viewer: bob });
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    const user = userEvent.setup();
    await user.type(box, 'Same here, see #1');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted).toEqual([{ body: 'Same here, see #1' }]));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the typed text and shows the error when posting fails', async () => {
    setup({ viewer: bob });
    server.use(
      http.post(apiUrl('/repos/alice/tools/issues/3/comments'), () => HttpResponse.json({ message: 'The issue is locked.', url: '' }, { status: 403 })),
    );
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    const user = userEvent.setup();
    await user.type(box, 'my thoughts');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('The issue is locked.')).toBeInTheDocument();
    expect(box).toHaveValue('my thoughts');
  });

  it('replaces the box with a notice on a locked issue for non-maintainers, but not for writers', async () => {
    setup({ viewer: bob, locked: true });
    expect(await screen.findByText(/This conversation is locked/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    // Even his own comment can no longer be changed.
    await screen.findByText('Bob here');
    expect(menuFor('bob')).toBeNull();
  });

  it('lets a maintainer comment on a locked issue', async () => {
    setup({ viewer: fakeUser({ id: 9, login: 'maint' }), push: true, locked: true });
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Unlock conversation/ })).toBeInTheDocument();
  });

  it('offers no Pin to a writer who is not an admin (Gitea: admins pin)', async () => {
    setup({ viewer: fakeUser({ id: 9, login: 'maint' }), push: true });
    await screen.findByRole('button', { name: /Unlock conversation|Lock conversation/ });
    expect(screen.queryByRole('button', { name: 'Pin issue' })).toBeNull();
  });

  it('lets an admin pin the issue and shows why it failed beside the button', async () => {
    let pinned = 0;
    server.use(
      http.post(apiUrl('/repos/alice/tools/issues/3/pin'), () => {
        pinned++;
        return HttpResponse.json({ message: 'the maximum of 3 pinned issues has been reached', url: '' }, { status: 422 });
      }),
    );
    setup({ viewer: alice, admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Pin issue' }));
    expect(await screen.findByText('the maximum of 3 pinned issues has been reached')).toBeInTheDocument();
    expect(pinned).toBe(1);
  });
});
