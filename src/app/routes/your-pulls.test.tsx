import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeIssue } from '@/features/issues/test/fixtures';
import { Component } from './your-pulls';

setupMswServer();
afterEach(() => setSession(null));

const pullIssue = (number: number, title: string, meta: { merged?: boolean; draft?: boolean } = {}, state: 'open' | 'closed' = 'open') =>
  fakeIssue(
    {
      number,
      title,
      state,
      pull_request: { merged: !!meta.merged, merged_at: meta.merged ? new Date().toISOString() : null, draft: !!meta.draft, html_url: '' },
    },
    { owner: 'bob', name: 'site' },
  );

describe('your pull requests', () => {
  it('asks the search API for pull requests of the chosen tab and shows each with its repository', async () => {
    setSession({ token: 't', login: 'alice' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
      http.get(apiUrl('/repos/issues/search'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        const rows = q.get('review_requested') === 'true' ? [pullIssue(4, 'Speed up login', { draft: true })] : [pullIssue(9, 'Mine')];
        return HttpResponse.json(rows, { headers: { 'X-Total-Count': q.get('state') === 'closed' ? '2' : String(rows.length) } });
      }),
    );
    const { router } = renderRoute(Component, { path: '/pulls', url: '/pulls' });
    expect(await screen.findByRole('link', { name: 'Mine' })).toHaveAttribute('href', '/bob/site/pulls/9');
    expect(Object.fromEntries(asked.find((q) => q.get('limit') !== '1')!)).toEqual({ type: 'pulls', limit: '20', created: 'true', state: 'open' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Review requested' }));
    const link = await screen.findByRole('link', { name: 'Speed up login' });
    expect(router.state.location.search).toBe('?type=review_requested');
    const row = link.closest('li')!;
    expect(within(row).getByRole('link', { name: 'bob/site' })).toHaveAttribute('href', '/bob/site');
    expect(within(row).getByText('Draft', { selector: 'span.sr-only' })).toBeInTheDocument();
    expect(Object.fromEntries(asked.filter((q) => q.get('limit') !== '1').at(-1)!)).toEqual({
      type: 'pulls',
      limit: '20',
      review_requested: 'true',
      state: 'open',
    });
    expect(screen.getByRole('link', { name: 'Review requested' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: /2 Closed/ })).toHaveAttribute('href', '/pulls?type=review_requested&state=closed');
  });

  it('shows a merged pull request as merged', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(
      http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
      http.get(apiUrl('/repos/issues/search'), () =>
        HttpResponse.json([pullIssue(3, 'Shipped', { merged: true }, 'closed')], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderRoute(Component, { path: '/pulls', url: '/pulls?state=closed' });
    const row = (await screen.findByRole('link', { name: 'Shipped' })).closest('li')!;
    expect(within(row).getByText('Merged', { selector: 'span.sr-only' })).toBeInTheDocument();
    expect(row).toHaveTextContent(/was merged/);
  });

  it('offers a sign-in link when signed out', () => {
    renderRoute(Component, { path: '/pulls', url: '/pulls' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login?redirect_to=%2Fpulls');
  });
});
