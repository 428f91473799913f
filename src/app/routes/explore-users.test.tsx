import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component } from './explore-users';

setupMswServer();

describe('Explore users', () => {
  it('searches with the query and page from the URL, and a new search goes into the URL', async () => {
    const seen: string[] = [];
    server.use(
      http.get(apiUrl('/users/search'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(`${q.get('q')}|${q.get('page')}`);
        const users = q.get('q') === 'bo' ? [fakeUser({ id: 2, login: 'bob', full_name: 'Bob Builder' })] : [fakeUser({ id: 3, login: 'carol' })];
        return HttpResponse.json({ ok: true, data: users }, { headers: { 'X-Total-Count': '41' } });
      }),
    );
    renderRoute(Component, { path: '/explore/users', url: '/explore/users?q=bo&page=2' });
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByRole('link', { name: 'Bob Builder' })).toHaveAttribute('href', '/bob');
    expect(screen.getByText('41 users matching “bo”')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(seen).toEqual(['bo|2']);

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await userEvent.clear(box);
    await userEvent.type(box, 'car{Enter}');
    expect(await screen.findByRole('link', { name: 'carol' })).toBeInTheDocument();
    expect(seen.at(-1)).toBe('car|1');
  });
});
