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
const T0 = '2026-01-01T00:00:00Z';
const BODY = 'Steps:\n\n- [ ] reproduce\n- [x] write a test\n';

const issue = (body: string) => ({
  id: 10,
  url: '',
  html_url: '',
  number: 3,
  user: alice,
  original_author: '',
  original_author_id: 0,
  title: 'Crash on save',
  body,
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
  pull_request: null,
  repository: { id: 1, name: 'tools', owner: 'alice', full_name: 'alice/tools' },
  pin_order: 0,
});
const comment = {
  id: 101,
  type: 'comment',
  html_url: '',
  pull_request_url: '',
  issue_url: '',
  user: bob,
  body: '- [ ] bob checks',
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
};

function setup(viewer: ReturnType<typeof fakeUser>) {
  setSession({ token: `tok-${viewer.login}`, login: viewer.login });
  const patched: { url: string; body: unknown }[] = [];
  let body = BODY;
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(viewer)),
    http.get(apiUrl('/repos/alice/tools'), () =>
      HttpResponse.json(fakeRepo({ name: 'tools', owner: alice, permissions: { admin: false, push: false, pull: true } })),
    ),
    http.get(apiUrl('/repos/alice/tools/issues/3'), () => HttpResponse.json(issue(body))),
    http.get(apiUrl('/repos/alice/tools/issues/3/timeline'), () => HttpResponse.json([comment], { headers: { 'X-Total-Count': '1' } })),
    http.patch(apiUrl('/repos/alice/tools/issues/3'), async ({ request }) => {
      const json = (await request.json()) as { body: string };
      patched.push({ url: 'issue', body: json });
      body = json.body;
      return HttpResponse.json(issue(body));
    }),
    http.patch(apiUrl('/repos/alice/tools/issues/comments/101'), async ({ request }) => {
      const json = (await request.json()) as { body: string };
      patched.push({ url: 'comment', body: json });
      return HttpResponse.json({ ...comment, body: json.body });
    }),
  );
  renderRoute(Component, { path: '/:owner/:repo/issues/:index', url: '/alice/tools/issues/3' });
  return patched;
}

describe('task lists in an issue', () => {
  it('the author ticks a task in the description: the body is saved with that box changed', async () => {
    const patched = setup(alice);
    const description = await screen.findByRole('article', { name: 'Description by alice' });
    // The title is set in an effect, which may run just after the article is on screen.
    await waitFor(() => expect(document.title).toBe('Crash on save · Issue #3 · alice/tools · Forge'));
    const box = await within(description).findByRole('checkbox', { name: 'reproduce' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.setup().click(box);
    await waitFor(() => expect(patched).toEqual([{ url: 'issue', body: { body: 'Steps:\n\n- [x] reproduce\n- [x] write a test\n' } }]));
    await waitFor(() => expect(within(description).getByRole('checkbox', { name: 'reproduce' })).toBeChecked());
    // Alice is no writer here: bob's comment stays read-only for her.
    expect(screen.getByRole('checkbox', { name: 'bob checks' })).toBeDisabled();
  });

  it('a reader cannot tick the description, but ticks his own comment', async () => {
    const patched = setup(bob);
    const description = await screen.findByRole('article', { name: 'Description by alice' });
    expect(await within(description).findByRole('checkbox', { name: 'reproduce' })).toBeDisabled();
    const own = await screen.findByRole('checkbox', { name: 'bob checks' });
    await waitFor(() => expect(own).toBeEnabled());
    await userEvent.setup().click(own);
    await waitFor(() => expect(patched).toEqual([{ url: 'comment', body: { body: '- [x] bob checks' } }]));
  });
});
