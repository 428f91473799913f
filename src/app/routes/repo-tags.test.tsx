import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './repo-tags';

setupMswServer();
afterEach(cleanup);

const tag = (name: string, sha: string, message = name) => ({
  name,
  message,
  id: sha,
  commit: { url: '', sha, created: '2026-11-01T12:00:00Z' },
  zipball_url: `http://x/alice/hello/archive/${name}.zip`,
  tarball_url: `http://x/alice/hello/archive/${name}.tar.gz`,
});

describe('tags page', () => {
  it('lists a page of tags with commit, date and archive downloads, and links the next page', async () => {
    let asked: URLSearchParams | null = null;
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json([tag('v2.0', '2'.repeat(40), 'Second release\n\nnotes'), tag('release/v1', '1'.repeat(40))], { headers: { 'X-Total-Count': '45' } });
      }),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags?page=2' });
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(asked!.get('page')).toBe('2');
    expect(asked!.get('limit')).toBe('20');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'v2.0' })).toHaveAttribute('href', '/alice/hello/src/tag/v2.0');
    expect(within(rows[0]!).getByText('Second release')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Commit 2222222222' })).toHaveAttribute('href', `/alice/hello/commit/${'2'.repeat(40)}`);
    expect(await within(rows[1]!).findByRole('link', { name: 'Compare release/v1 with main' })).toHaveAttribute('href', '/alice/hello/compare/release/v1...main');
    expect(within(rows[1]!).getByRole('link', { name: 'ZIP of release/v1' }).getAttribute('href')).toMatch(/\/api\/v1\/repos\/alice\/hello\/archive\/release\/v1\.zip$/);
    expect(within(rows[1]!).getByRole('link', { name: 'TAR.GZ of release/v1' }).getAttribute('href')).toMatch(/\/archive\/release\/v1\.tar\.gz$/);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/alice/hello/tags?page=3');
  });

  it('says when there are no tags', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello', full_name: 'alice/hello' }))),
      http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([])),
    );
    renderRoute(Component, { path: '/:owner/:repo/tags', url: '/alice/hello/tags' });
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
  });
});
