// Issue #11: pointing at an entry of the tree loads that page's data before the click.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import type { ContentsResponse } from '../api/contents-queries';
import { FileTree } from './file-tree';

setupMswServer();
afterEach(cleanup);

const entry = (name: string, type: string): ContentsResponse =>
  ({
    name,
    path: name,
    sha: 'abc',
    type,
    size: 1,
    encoding: null,
    content: null,
    target: null,
    url: null,
    html_url: null,
    git_url: null,
    download_url: null,
    submodule_git_url: null,
    _links: { self: null, git: null, html: null },
  }) as ContentsResponse;

describe('FileTree', () => {
  it('asks for an entry’s contents and latest commit when pointed at or focused, once', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/repos/o/r/contents/:path'), ({ request, params }) => {
        asked.push(`contents ${String(params.path)} ${new URL(request.url).searchParams.get('ref')}`);
        return HttpResponse.json([]);
      }),
      http.get(apiUrl('/repos/o/r/commits'), ({ request }) => {
        asked.push(`commits ${new URL(request.url).searchParams.get('path')}`);
        return HttpResponse.json([]);
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FileTree owner="o" repo="r" kind="branch" refName="main" path="" entries={[entry('docs', 'dir'), entry('README.md', 'file')]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(asked).toEqual([]);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: 'docs' }));
    await waitFor(() => expect(asked.sort()).toEqual(['commits docs', 'contents docs main']));
    await user.unhover(screen.getByRole('link', { name: 'docs' }));
    await user.hover(screen.getByRole('link', { name: 'docs' }));
    screen.getByRole('link', { name: 'README.md' }).focus();
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.filter((a) => a.includes('docs'))).toHaveLength(2);
    expect(asked).toContain('contents README.md main');
  });
});
