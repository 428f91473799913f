import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './repo-blame';

setupMswServer();
afterEach(cleanup);

const branch = (name: string) => ({ name, commit: { id: 'a'.repeat(40), message: 'x', timestamp: '2026-11-03T12:00:00Z' }, protected: false });
const A = { sha: 'a'.repeat(40), message: 'write the poem', author: { name: 'Alice', email: 'a@x' }, date: '2026-01-01T00:00:00Z' };
const B = { sha: 'b'.repeat(40), message: 'rework the middle', author: { name: 'Bob', email: 'b@x' }, date: '2026-02-01T00:00:00Z' };

describe('blame page', () => {
  it('finds a slashed branch in the URL and shows both commits of the file', async () => {
    let asked = '';
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([branch('main'), branch('feature/x')])),
      http.get(apiUrl('/repos/alice/hello/blame/*'), ({ request }) => {
        asked = new URL(request.url).pathname;
        return HttpResponse.json({
          commit_sha: B.sha,
          path: 'docs/poem.ts',
          source: ['const a = 1;', 'const b = 2;', 'const c = 3;'],
          ranges: [
            { commit: A, start: 1, lines: 1 },
            { commit: B, start: 2, lines: 2 },
          ],
        });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/blame/:kind/*', url: '/alice/hello/blame/branch/feature/x/docs/poem.ts' });
    const table = await screen.findByRole('table', { name: 'Blame' });
    expect(asked).toBe('/api/v1/repos/alice/hello/blame/feature/x/docs/poem.ts');
    expect(within(table).getByRole('link', { name: 'write the poem' })).toHaveAttribute('href', `/alice/hello/commit/${A.sha}`);
    expect(within(table).getByRole('link', { name: 'rework the middle' })).toHaveAttribute('href', `/alice/hello/commit/${B.sha}`);
    expect(screen.getByRole('link', { name: 'Normal view' })).toHaveAttribute('href', '/alice/hello/src/branch/feature/x/docs/poem.ts');
    expect(screen.getByText('3 lines · 2 commits')).toBeInTheDocument();
  });

  it('says blame is not available when the server has no blame API (Gitea)', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/blame/*'), () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 })),
    );
    renderRoute(Component, { path: '/:owner/:repo/blame/:kind/*', url: `/alice/hello/blame/commit/${A.sha}/a.txt` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Blame is not available for this file');
    expect(within(alert).getByRole('link', { name: 'view the file' })).toHaveAttribute('href', `/alice/hello/src/commit/${A.sha}/a.txt`);
  });
});
