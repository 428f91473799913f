import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { setSession } from '@/lib/auth-store';
import { fakeOrg } from '@/features/orgs/test-fixtures';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { Component, loader } from './org-owner';

setupMswServer();
afterEach(() => setSession(null));

function renderOwner(url: string) {
  queryClient.clear();
  const router = createMemoryRouter([{ path: '/:owner', loader, Component, ErrorBoundary: RouteError }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const repoSearch = (owner: ReturnType<typeof fakeUser>) =>
  http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [fakeRepo({ name: 'rockets', owner })] }, { headers: { 'X-Total-Count': '1' } }));

describe('/:owner for an organization', () => {
  it('shows the header, the tabs and its repositories; no write controls for a stranger', async () => {
    const org = fakeOrg({
      id: 9,
      name: 'acme',
      full_name: 'Acme Corp',
      description: 'We make rockets',
      location: 'Mars',
      website: 'acme.example',
      visibility: 'limited',
    });
    server.use(
      http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(org)),
      repoSearch(fakeUser({ id: 9, login: 'acme' })),
    );
    renderOwner('/acme');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Acme Corp');
    expect(screen.getByText('We make rockets')).toBeInTheDocument();
    // Location and website read with their labels, and their icons are drawn, not emoji (no font needed).
    expect(screen.getByText('Mars')).toHaveTextContent(/^Location: Mars$/);
    expect(screen.getByText('Mars').querySelector('svg[aria-hidden]')).not.toBeNull();
    expect(screen.getByText('Website:').parentElement).toHaveTextContent(/^Website: acme\.example$/);
    expect(screen.getByText('Website:').parentElement!.querySelector('svg[aria-hidden]')).not.toBeNull();
    expect(screen.getByText('Limited')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'acme.example' })).toHaveAttribute('href', 'https://acme.example/');
    const tabs = screen.getByRole('navigation', { name: 'Organization' });
    expect(tabs).toHaveTextContent('RepositoriesMembersTeamsActivity');
    expect(await screen.findByRole('link', { name: 'rockets' })).toHaveAttribute('href', '/acme/rockets');
    expect(screen.queryByRole('link', { name: 'New repository' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('offers New repository and Settings to an owner', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(
      http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg())),
      http.get(apiUrl('/users/alice/orgs/acme/permissions'), () =>
        HttpResponse.json({ is_owner: true, is_admin: true, can_write: true, can_read: true, can_create_repository: true }),
      ),
      http.get(apiUrl('/orgs/acme/members/alice'), () => new HttpResponse(null, { status: 204 })),
      repoSearch(fakeUser({ id: 100, login: 'acme' })),
    );
    renderOwner('/acme');
    expect(await screen.findByRole('link', { name: 'New repository' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/org/acme/settings');
  });

  it("moves an old name's link to the organization's new name", async () => {
    server.use(
      // The server answers an old name with the renamed organization (it follows the redirect).
      http.get(apiUrl('/orgs/oldacme'), () => HttpResponse.json(fakeOrg({ name: 'newacme' }))),
      http.get(apiUrl('/orgs/newacme'), () => HttpResponse.json(fakeOrg({ name: 'newacme' }))),
      repoSearch(fakeUser({ id: 100, login: 'newacme' })),
    );
    const router = renderOwner('/oldacme');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('newacme');
    expect(router.state.location.pathname).toBe('/newacme');
  });

  it("is the user's profile when the name is no organization", async () => {
    server.use(
      http.get(apiUrl('/orgs/dora'), () => HttpResponse.json({ message: 'GetOrgByName', url: '' }, { status: 404 })),
      http.get(apiUrl('/users/dora'), () => HttpResponse.json(fakeUser({ id: 7, login: 'dora', full_name: 'Dora Explorer' }))),
      http.get(apiUrl('/users/dora/*'), () => HttpResponse.json([])),
      repoSearch(fakeUser({ id: 7, login: 'dora' })),
    );
    renderOwner('/dora');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Dora Explorer');
    expect(screen.queryByRole('navigation', { name: 'Organization' })).not.toBeInTheDocument();
  });

  it('is the 404 page when neither exists', async () => {
    server.use(
      http.get(apiUrl('/orgs/nobody'), () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 })),
      http.get(apiUrl('/users/nobody'), () => HttpResponse.json({ message: 'user does not exist', url: '' }, { status: 404 })),
    );
    renderOwner('/nobody');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
