import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeThread, server, setupMswServer } from '@/test/msw';
import { renderRouter } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component as Notifications } from './notifications';

setupMswServer();
afterEach(() => setSession(null));

const thread = (id: number, title: string, status: 'unread' | 'pinned') =>
  fakeThread(id, id, { title, unread: status === 'unread', pinned: status === 'pinned' });

/** The inbox behind a loader that waits for `gate` before an unread page shows (a slow server). */
function renderInbox(url: string, gate: Promise<void>) {
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        Component: Notifications,
        HydrateFallback: () => <p>Loading…</p>,
        loader: async ({ request }) => (new URL(request.url).searchParams.get('status') ? null : await gate, null),
      },
    ],
    { initialEntries: [url] },
  );
  return renderRouter(router).router;
}

describe('Notifications inbox', () => {
  it('a repository chosen while the Unread tab is still loading filters Unread, not the tab still shown', async () => {
    setSession({ token: 't', login: 'alice' });
    const answer = (status: string | null) =>
      HttpResponse.json(status === 'pinned' ? [thread(1, 'First question', 'pinned')] : [thread(2, 'Second question', 'unread')], {
        headers: { 'X-Total-Count': '1' },
      });
    server.use(
      http.get(apiUrl('/notifications'), ({ request }) => answer(new URL(request.url).searchParams.get('status-types'))),
      http.get(apiUrl('/repos/alice/site/notifications'), ({ request }) => answer(new URL(request.url).searchParams.get('status-types'))),
    );
    let open!: () => void;
    const router = renderInbox('/notifications?status=pinned', new Promise<void>((resolve) => (open = resolve)));
    await screen.findByRole('link', { name: 'First question' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Unread' }));
    // Still loading: the Pinned page is what shows, and the user picks a repository there.
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repository' }), 'alice/site');
    open();

    await waitFor(() => expect(router.state.location.search).toBe('?repo=alice%2Fsite'));
    expect(await screen.findByRole('link', { name: 'Second question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all of alice/site as read' })).toBeInTheDocument();
  });
});
