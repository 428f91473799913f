import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeIssue, fakeLabel, fakeMilestone } from '@/features/issues/test/fixtures';
import { draftKey } from '@/features/issues/lib/issue-draft';
import { Component } from './repo-issue-new';

setupMswServer();
beforeEach(() => {
  setSession({ token: 't', login: 'alice' });
  sessionStorage.clear();
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello' }))),
    http.get(apiUrl('/repos/alice/hello/labels'), () =>
      HttpResponse.json([fakeLabel({ id: 5, name: 'bug' }), fakeLabel({ id: 6, name: 'docs', color: '0075ca' })]),
    ),
    http.get(apiUrl('/repos/alice/hello/milestones'), ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('state') === 'open' ? [fakeMilestone({ id: 9, title: 'v1.0' })] : []),
    ),
  );
});
afterEach(() => setSession(null));

const route = { path: '/:owner/:repo/issues/new', url: '/alice/hello/issues/new' };

describe('new issue', () => {
  it('offers as assignees only the people the repository lists as assignable', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello/assignees'), () =>
        HttpResponse.json([fakeUser({ id: 2, login: 'bob', username: 'bob' }), fakeUser({ id: 3, login: 'bella', username: 'bella' })]),
      ),
    );
    renderRoute(Component, route);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Assignees'), 'bo');
    const list = await screen.findByRole('list', { name: 'Matching users' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['bob']),
    );
  });

  it('keeps the draft after a 422 and shows the message by the Title field', async () => {
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.post(apiUrl('/repos/alice/hello/issues'), async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'title: must be at most 255 characters', url: '' }, { status: 422 });
      }),
    );
    const { unmount } = renderRoute(Component, route);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Crash on start');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'It **crashes**.');
    await user.click(await screen.findByRole('checkbox', { name: 'docs' }));
    await user.selectOptions(screen.getByLabelText('Milestone'), 'v1.0');
    await user.click(screen.getByRole('button', { name: 'Create issue' }));

    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAccessibleDescription('Must be at most 255 characters'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual({ title: 'Crash on start', body: 'It **crashes**.', labels: [6], milestone: 9 });
    expect(title).toHaveValue('Crash on start');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('It **crashes**.');

    // A reload brings the same draft back.
    unmount();
    renderRoute(Component, route);
    expect(await screen.findByLabelText('Title')).toHaveValue('Crash on start');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('It **crashes**.');
    expect(await screen.findByRole('checkbox', { name: 'docs' })).toBeChecked();
  });

  it('creates the issue, clears the draft and opens the new issue', async () => {
    server.use(http.post(apiUrl('/repos/alice/hello/issues'), () => HttpResponse.json(fakeIssue({ number: 17, title: 'Hi' }), { status: 201 })));
    renderRoute(Component, route);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Hi{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/alice/hello/issues/17');
    expect(sessionStorage.getItem(draftKey('alice', 'hello'))).toBeNull();
  });

  it('asks for a title instead of sending an empty one', async () => {
    renderRoute(Component, route);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create issue' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
  });
});
