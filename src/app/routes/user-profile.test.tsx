import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { Component, loader } from './user-profile';

setupMswServer();

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

describe('User profile', () => {
  it('shows the user and their repositories, searched by their id', async () => {
    let sent: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ id: 7, login: 'dora', full_name: 'Dora Explorer', location: 'Lisbon', website: 'dora.example' }))),
      http.get(apiUrl('/repos/search'), ({ request }) => {
        sent = new URL(request.url).searchParams;
        return HttpResponse.json({ ok: true, data: [fakeRepo({ name: 'maps', owner: fakeUser({ id: 7, login: 'dora' }) })] }, { headers: { 'X-Total-Count': '1' } });
      }),
    );
    renderProfile('/dora?q=ma');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Dora Explorer');
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dora.example' })).toHaveAttribute('href', 'https://dora.example/');
    expect(await screen.findByRole('link', { name: 'maps' })).toHaveAttribute('href', '/dora/maps');
    expect(sent?.get('uid')).toBe('7');
    expect(sent?.get('q')).toBe('ma');
    expect(screen.getByRole('searchbox', { name: 'Find a repository of dora' })).toHaveValue('ma');
  });

  it('is the 404 page for an unknown user', async () => {
    server.use(http.get(apiUrl('/users/:name'), () => HttpResponse.json({ message: 'user does not exist', url: '' }, { status: 404 })));
    renderProfile('/nobody');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
