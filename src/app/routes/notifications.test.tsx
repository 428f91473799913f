import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { setSession } from '@/lib/auth-store';
import type { NotificationThread } from '@/features/notifications/api/notification-queries';
import { Component as Notifications } from './notifications';

setupMswServer();
afterEach(() => setSession(null));

const thread = (id: number, title: string, status: 'unread' | 'pinned'): NotificationThread =>
  ({
    id,
    repository: { full_name: 'alice/site' },
    subject: {
      title,
      url: `https://forge.example/api/v1/repos/alice/site/issues/${id}`,
      html_url: `https://forge.example/alice/site/issues/${id}`,
      latest_comment_url: '',
      latest_comment_html_url: '',
      type: 'Issue',
      state: 'open',
    },
    unread: status === 'unread',
    pinned: status === 'pinned',
    updated_at: '2026-11-27T10:00:00Z',
    url: `https://forge.example/api/v1/notifications/threads/${id}`,
  }) as NotificationThread;

/** The inbox behind a loader that waits for `gate` before an unread page shows (a slow server). */
function renderInbox(url: string, gate: Promise<void>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>Loading…</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return router;
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
