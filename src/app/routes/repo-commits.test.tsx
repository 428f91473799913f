import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './repo-commits';

setupMswServer();
afterEach(cleanup);

function commit(sha: string, message: string, date: string) {
  return {
    url: '',
    sha,
    created: date,
    html_url: '',
    commit: {
      url: '',
      author: { name: 'Alice', email: 'alice@example.com', date },
      committer: { name: 'Alice', email: 'alice@example.com', date },
      message,
      tree: { url: '', sha: '' },
      verification: null,
    },
    author: null,
    committer: null,
    parents: [],
    files: null,
    stats: null,
  };
}

const branch = (name: string) => ({ name, commit: { id: 'a'.repeat(40), message: 'x', timestamp: '2026-11-03T12:00:00Z' }, protected: false });

describe('commits page', () => {
  it('resolves a slashed branch, groups commits by day and links the next page with the filters kept', async () => {
    let asked: URLSearchParams | null = null;
    server.use(
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([branch('main'), branch('feature'), branch('feature/x')])),
      http.get(apiUrl('/repos/alice/hello/commits'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(
          [
            commit('1'.repeat(40), 'Fix the parser\n\nIt choked on tabs.', '2026-11-03T15:00:00Z'),
            commit('2'.repeat(40), 'Add tests', '2026-11-03T10:00:00Z'),
            commit('3'.repeat(40), 'Start', '2026-11-01T12:00:00Z'),
          ],
          { headers: { 'X-Total-Count': '95', 'X-HasMore': 'true', 'X-PageCount': '4' } },
        );
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/commits/:kind/*', url: '/alice/hello/commits/branch/feature/x/docs/guide.md?since=2026-11-01&page=2' });

    const nov3 = await screen.findByRole('region', { name: 'Commits on Nov 3, 2026' });
    expect(within(nov3).getAllByRole('listitem')).toHaveLength(2);
    expect(within(nov3).getByRole('link', { name: 'Fix the parser' })).toHaveAttribute('href', `/alice/hello/commit/${'1'.repeat(40)}`);
    const nov1 = screen.getByRole('region', { name: 'Commits on Nov 1, 2026' });
    expect(within(nov1).getByRole('link', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/History for\s*hello\s*\/\s*docs\s*\/\s*guide\.md/);

    expect(asked!.get('sha')).toBe('feature/x');
    expect(asked!.get('path')).toBe('docs/guide.md');
    expect(asked!.get('since')).toBe('2026-11-01T00:00:00Z');
    expect(asked!.get('page')).toBe('2');
    expect(asked!.get('stat')).toBe('false');
    expect(asked!.get('files')).toBe('false');

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of 4')).toBeInTheDocument();
    const next = new URL(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')!, 'http://x');
    expect(next.pathname).toBe('/alice/hello/commits/branch/feature/x/docs/guide.md');
    expect(Object.fromEntries(next.searchParams)).toEqual({ since: '2026-11-01', page: '3' });
    const prev = new URL(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(prev.searchParams)).toEqual({ since: '2026-11-01' });
  });

  it('links each commit to its files and offers its body on demand', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([branch('main')])),
      http.get(apiUrl('/repos/alice/hello/commits'), () =>
        HttpResponse.json([commit('4'.repeat(40), 'Title\n\nThe long story.', '2026-11-03T12:00:00Z')], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderRoute(Component, { path: '/:owner/:repo/commits/:kind/*', url: '/alice/hello/commits/branch/main' });
    expect(await screen.findByRole('link', { name: 'Browse files at this commit' })).toHaveAttribute('href', `/alice/hello/src/commit/${'4'.repeat(40)}`);
    expect(screen.queryByText('The long story.')).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Show commit message body' }).click();
    expect(await screen.findByText('The long story.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so when a date range has no commits', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([branch('main')])),
      http.get(apiUrl('/repos/alice/hello/commits'), () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    renderRoute(Component, { path: '/:owner/:repo/commits/:kind/*', url: '/alice/hello/commits/branch/main?until=2020-01-01' });
    expect(await screen.findByText('No commits in this date range.')).toBeInTheDocument();
  });
});
