import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './repo-forks';

setupMswServer();

const route = (url: string) => ({ path: '/:owner/:repo/forks', url });

describe('forks list', () => {
  it('lists one page of forks with their owners and pages through the rest', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/repos/alice/hello/forks'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const forks =
          page === 2
            ? [fakeRepo({ id: 30, owner: fakeUser({ login: 'carol' }), name: 'hello', fork: true })]
            : [fakeRepo({ id: 20, owner: fakeUser({ login: 'bob' }), name: 'hello-bob', fork: true, description: 'Bob tries things', stars_count: 3 })];
        return HttpResponse.json(forks, { headers: { 'X-Total-Count': '21' } });
      }),
    );
    renderRoute(Component, route('/alice/hello/forks?page=2'));
    const list = await screen.findByRole('list', { name: 'Forks of alice/hello' });
    expect(within(list).getByRole('link', { name: 'carol / hello' })).toHaveAttribute('href', '/carol/hello');
    expect(asked).toEqual(['?page=2&limit=20']);
    expect(screen.getByRole('heading', { name: 'Forks 21' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).not.toContain('page=');
    expect(nav).toHaveTextContent('Page 2');
  });

  it('says so when nobody forked the repository', async () => {
    server.use(http.get(apiUrl('/repos/alice/hello/forks'), () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderRoute(Component, route('/alice/hello/forks'));
    expect(await screen.findByRole('heading', { name: 'No forks yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
