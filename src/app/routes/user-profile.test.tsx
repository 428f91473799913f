import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { setSession } from '@/lib/auth-store';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { Component, loader } from './user-profile';

setupMswServer();
afterEach(() => setSession(null));

// This one goes through the real loader (and so the app's QueryClient), since the 404 comes from it.
function renderProfile(url: string) {
  queryClient.clear();
  const router = createMemoryRouter([{ path: '/:owner', loader, Component, ErrorBoundary: RouteError }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const noHeatmap = http.get(apiUrl('/users/:name/heatmap'), () => HttpResponse.json([]));
const noOrgs = http.get(apiUrl('/users/:name/orgs'), () => HttpResponse.json([]));

describe('User profile', () => {
  it('shows the user and their repositories, searched by their id', async () => {
    let sent: URLSearchParams | undefined;
    server.use(
      noHeatmap,
      noOrgs,
      http.get(apiUrl('/users/:name'), () =>
        HttpResponse.json(fakeUser({ id: 7, login: 'dora', full_name: 'Dora Explorer', location: 'Lisbon', website: 'dora.example' })),
      ),
      http.get(apiUrl('/repos/search'), ({ request }) => {
        sent = new URL(request.url).searchParams;
        return HttpResponse.json(
          { ok: true, data: [fakeRepo({ name: 'maps', owner: fakeUser({ id: 7, login: 'dora' }) })] },
          { headers: { 'X-Total-Count': '1' } },
        );
      }),
    );
    renderProfile('/dora?q=ma');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Dora Explorer');
    expect(screen.getByText('Lisbon')).toHaveTextContent(/^Location: Lisbon$/);
    expect(screen.getByText('Lisbon').querySelector('svg[aria-hidden]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'dora.example' })).toHaveAttribute('href', 'https://dora.example/');
    expect(await screen.findByRole('link', { name: 'maps' })).toHaveAttribute('href', '/dora/maps');
    expect(sent?.get('uid')).toBe('7');
    expect(sent?.get('q')).toBe('ma');
    expect(screen.getByRole('searchbox', { name: 'Find a repository of dora' })).toHaveValue('ma');
    expect(screen.getByRole('link', { name: 'Repositories' })).toHaveAttribute('aria-current', 'page');
  });

  it('is the 404 page for an unknown user', async () => {
    server.use(http.get(apiUrl('/users/:name'), () => HttpResponse.json({ message: 'user does not exist', url: '' }, { status: 404 })));
    renderProfile('/nobody');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('follows and unfollows, and the follower count follows the server', async () => {
    setSession({ token: 'tok', login: 'alice' });
    let following = false;
    const calls: string[] = [];
    server.use(
      noHeatmap,
      noOrgs,
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ id: 7, login: 'dora', followers_count: following ? 4 : 3 }))),
      http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [] }, { headers: { 'X-Total-Count': '0' } })),
      http.get(apiUrl('/user/following/:name'), () => new HttpResponse(null, { status: following ? 204 : 404 })),
      http.put(apiUrl('/user/following/:name'), ({ params }) => {
        calls.push(`PUT ${params.name}`);
        following = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(apiUrl('/user/following/:name'), ({ params }) => {
        calls.push(`DELETE ${params.name}`);
        following = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderProfile('/dora');
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByRole('link', { name: /3 followers/ })).toHaveAttribute('href', '/dora?tab=followers');
    await userEvent.click(await within(card).findByRole('button', { name: 'Follow' }));
    expect(await within(card).findByRole('link', { name: /4 followers/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Unfollow' }));
    expect(await within(card).findByRole('link', { name: /3 followers/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls).toEqual(['PUT dora', 'DELETE dora']);
  });

  it.each([
    ['a signed-out visitor', null, 'dora'],
    ['yourself', 'alice', 'alice'],
  ])('has no follow button for %s', async (_who, viewer, profile) => {
    if (viewer) setSession({ token: 'tok', login: viewer });
    server.use(
      noHeatmap,
      noOrgs,
      http.get(apiUrl('/users/:name'), ({ params }) => HttpResponse.json(fakeUser({ login: String(params.name) }))),
      http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [] })),
    );
    renderProfile(`/${profile}`);
    await screen.findByRole('heading', { level: 1, name: profile });
    await screen.findByRole('heading', { name: 'No contributions in the last year' });
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull();
    if (viewer) expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/user/settings');
    else expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  });

  it('draws the heatmap as a calendar with a labelled cell per day', async () => {
    // A Monday about a month ago, noon UTC: 5 contributions in two entries; the Tuesday after: 1.
    const day = 86_400_000;
    const monthAgo = Math.floor((Date.now() - 30 * day) / day) * day;
    const monday = monthAgo - ((new Date(monthAgo).getUTCDay() + 6) % 7) * day;
    const monSec = (monday + day / 2) / 1000;
    const fmt = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const label = (offset: number) => fmt.format(monday + offset * day);
    server.use(
      noOrgs,
      http.get(apiUrl('/users/:name/heatmap'), () =>
        HttpResponse.json([
          { timestamp: monSec, contributions: 2 },
          { timestamp: monSec + 900, contributions: 3 },
          { timestamp: monSec + 86_400, contributions: 1 },
        ]),
      ),
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ login: 'dora' }))),
      http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [] })),
    );
    renderProfile('/dora');
    expect(await screen.findByRole('heading', { name: '6 contributions in the last year' })).toBeInTheDocument();
    const five = screen.getByRole('img', { name: `5 contributions on ${label(0)}` });
    expect(five).toHaveAttribute('data-level', '4');
    expect(screen.getByRole('img', { name: `1 contribution on ${label(1)}` })).toHaveAttribute('data-level', '1');
    expect(screen.getByRole('img', { name: `No contributions on ${label(2)}` })).toHaveAttribute('data-level', '0');
    // Mondays are one row of the grid.
    expect(five.closest('tr')?.querySelector('th')).toHaveTextContent('Mon');
  });

  it('shows the organizations the user is in, each linking to its page', async () => {
    server.use(
      noHeatmap,
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ login: 'dora' }))),
      http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [] })),
      http.get(apiUrl('/users/:name/orgs'), () =>
        HttpResponse.json([
          {
            id: 9,
            name: 'acme',
            full_name: 'Acme Inc',
            avatar_url: '',
            description: '',
            website: '',
            location: '',
            visibility: 'public',
            email: '',
            repo_admin_change_team_access: false,
            username: 'acme',
          },
        ]),
      ),
    );
    renderProfile('/dora');
    const orgs = await screen.findByRole('list', { name: 'Organizations of dora' });
    expect(within(orgs).getByRole('link', { name: 'Acme Inc' })).toHaveAttribute('href', '/acme');
  });

  it('lists followers in their tab', async () => {
    server.use(
      noHeatmap,
      noOrgs,
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ login: 'dora' }))),
      http.get(apiUrl('/users/:name/followers'), () =>
        HttpResponse.json([fakeUser({ id: 2, login: 'bob', full_name: 'Bob B' })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderProfile('/dora?tab=followers');
    const list = await screen.findByRole('list', { name: 'Followers of dora' });
    expect(within(list).getByRole('link', { name: 'Bob B' })).toHaveAttribute('href', '/bob');
    expect(screen.getByRole('link', { name: 'Followers' })).toHaveAttribute('aria-current', 'page');
  });
});
