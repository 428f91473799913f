import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeIssue } from '@/features/issues/test/fixtures';
import { Component } from './your-issues';

setupMswServer();
afterEach(() => setSession(null));

describe('your issues', () => {
  it('asks the search API for the chosen tab and shows each row with its repository', async () => {
    setSession({ token: 't', login: 'alice' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
      http.get(apiUrl('/repos/issues/search'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return HttpResponse.json([fakeIssue({ number: 4, title: 'Fix login' }, { owner: 'bob', name: 'site' })], {
          headers: { 'X-Total-Count': q.get('state') === 'closed' ? '3' : '1' },
        });
      }),
    );
    renderRoute(Component, { path: '/issues', url: '/issues?type=assigned&state=closed' });
    const link = await screen.findByRole('link', { name: 'Fix login' });
    expect(link).toHaveAttribute('href', '/bob/site/issues/4');
    expect(within(link.closest('li')!).getByRole('link', { name: 'bob/site' })).toHaveAttribute('href', '/bob/site');
    const main = asked.find((q) => q.get('limit') !== '1')!;
    expect(Object.fromEntries(main)).toEqual({ type: 'issues', limit: '20', assigned: 'true', state: 'closed' });
    expect(screen.getByRole('link', { name: 'Assigned to you' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mentioning you' })).toHaveAttribute('href', '/issues?type=mentioned&state=closed');
    expect(await screen.findByRole('link', { name: /1 Open/ })).toBeInTheDocument();
  });

  it('offers a sign-in link when signed out', async () => {
    renderRoute(Component, { path: '/issues', url: '/issues' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login?redirect_to=%2Fissues');
  });
});
