import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { KeyboardLayer } from './keyboard-layer';

setupMswServer();
afterEach(cleanup);

function Probe() {
  const l = useLocation();
  return <p data-testid="location">{l.pathname}</p>;
}

function show(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = (
    <>
      <input id="global-search" aria-label="Search repositories" />
      <KeyboardLayer />
      <Probe />
    </>
  );
  const router = createMemoryRouter(
    [
      // As in the app's router, a static page wins over /:owner/:repo.
      { path: '/explore/repos', element },
      { path: '/:owner/:repo/*', element },
      { path: '*', element },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('keyboard layer', () => {
  it('t searches the tree of the ref in the URL and opens files at that ref', async () => {
    let asked = '';
    server.use(
      http.get(apiUrl('/repos/alice/hello/git/trees/:sha'), ({ params }) => {
        asked = String(params.sha);
        return HttpResponse.json({
          sha: 't',
          url: '',
          tree: [{ path: 'docs/guide.md', type: 'blob', mode: '100644', size: 1, sha: 'x', url: '' }],
          truncated: false,
          page: 1,
          total_count: 1,
        });
      }),
    );
    const router = show(`/alice/hello/src/commit/${'c'.repeat(40)}/docs`);
    await userEvent.keyboard('t');
    expect(await screen.findByRole('dialog', { name: 'Go to file' })).toHaveTextContent(`at ${'c'.repeat(40)}`);
    await screen.findByRole('option');
    expect(asked).toBe('c'.repeat(40));
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/alice/hello/src/commit/${'c'.repeat(40)}/docs/guide.md`);
  });

  it('g i and g c go to the repository tabs; / focuses the search box; t outside a repository does nothing', async () => {
    const router = show('/alice/hello/src/branch/main');
    await userEvent.keyboard('gi');
    expect(router.state.location.pathname).toBe('/alice/hello/issues');
    await userEvent.keyboard('gc');
    expect(router.state.location.pathname).toBe('/alice/hello');
    await userEvent.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Search repositories' })).toHaveFocus();
    cleanup();
    show('/explore/repos');
    await userEvent.keyboard('t');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
