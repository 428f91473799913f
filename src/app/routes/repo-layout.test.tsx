// Issue #10: an old repository URL lands on the new one. The server answers 307 for the old API
// path; fetch follows it, and the layout replaces the old URL with the repository's current name.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server } from '@/test/msw';
import { queryClient } from '../query-client';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
afterEach(cleanup);
beforeEach(() => queryClient.clear());

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/:owner/:repo',
        lazy: () => import('./repo-layout'),
        children: [
          { index: true, element: <p>code page</p> },
          { path: '*', element: <p>inner page</p> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const alice = fakeUser({ login: 'alice' });

describe('repository layout after a rename', () => {
  it('replaces an old repository URL with the new one, keeping the page, query and hash', async () => {
    const asked: string[] = [];
    server.use(
      // As the server: the old path answers 307 to the new one.
      http.get(apiUrl('/repos/alice/old-tools'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return new HttpResponse(null, { status: 307, headers: { Location: apiUrl('/repos/alice/tools') } });
      }),
      http.get(apiUrl('/repos/alice/tools'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(fakeRepo({ name: 'tools', owner: alice }));
      }),
    );
    const router = renderAt(['/explore', '/alice/old-tools/src/branch/main/docs?display=source#L3']);

    expect(await screen.findByText('inner page', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alice/tools/src/branch/main/docs');
    expect(router.state.location.search).toBe('?display=source');
    expect(router.state.location.hash).toBe('#L3');
    expect(screen.getByRole('heading', { level: 1, name: /^alice\s*\/\s*tools/ })).toBeInTheDocument();
    expect(asked[0]).toMatch(/\/repos\/alice\/old-tools$/);
    // Replaced, not pushed: Back leaves the repository instead of returning to the dead URL.
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate(-1);
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('a renamed owner lands on the new owner name too; the same name in another case stays as typed', async () => {
    const acme = fakeUser({ login: 'acme-new' });
    server.use(
      http.get(apiUrl('/repos/acme/site'), () => new HttpResponse(null, { status: 307, headers: { Location: apiUrl('/repos/acme-new/site') } })),
      http.get(apiUrl('/repos/acme-new/site'), () => HttpResponse.json(fakeRepo({ name: 'site', owner: acme }))),
      http.get(apiUrl('/repos/Alice/Tools'), () => HttpResponse.json(fakeRepo({ name: 'tools', owner: alice }))),
    );
    const router = renderAt(['/acme/site']);
    expect(await screen.findByText('code page', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-new/site');

    cleanup();
    queryClient.clear();
    const second = renderAt(['/Alice/Tools']);
    expect(await screen.findByText('code page', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(second.state.location.pathname).toBe('/Alice/Tools');
  });
});
