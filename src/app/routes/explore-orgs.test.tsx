import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeOrg } from '@/features/orgs/test-fixtures';
import { Component } from './explore-orgs';

setupMswServer();
afterEach(() => setSession(null));

describe('explore organizations', () => {
  it('lists the organizations the server returns for the page in the URL, with their visibility', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/orgs'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(
          [fakeOrg({ id: 1, name: 'acme', full_name: 'Acme Corp', description: 'Rockets' }), fakeOrg({ id: 2, name: 'hidden-club', visibility: 'limited' })],
          { headers: { 'X-Total-Count': '22' } },
        );
      }),
    );
    renderRoute(Component, { path: '/explore/organizations', url: '/explore/organizations?page=2' });
    const list = await screen.findByRole('list', { name: 'Organizations' });
    expect(within(list).getByRole('link', { name: 'acme' })).toHaveAttribute('href', '/acme');
    expect(within(list).getByText('Rockets')).toBeInTheDocument();
    expect(within(list).getByText('Limited')).toBeInTheDocument();
    expect(asked?.get('page')).toBe('2');
    expect(screen.queryByRole('link', { name: 'New organization' })).not.toBeInTheDocument();
  });

  it('offers New organization to a signed-in user', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(http.get(apiUrl('/orgs'), () => HttpResponse.json([])));
    renderRoute(Component, { path: '/explore/organizations', url: '/explore/organizations' });
    expect(await screen.findByText('No organizations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New organization' })).toHaveAttribute('href', '/org/create');
  });
});
