import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import type { Activity } from '../api/activity-queries';
import { ACTIVITIES_PER_PAGE } from '../api/activity-queries';
import { UserFeed } from './user-feed';

setupMswServer();

const alice = fakeUser();
const created = (id: number): Activity => ({
  id,
  user_id: 1,
  op_type: 'create_repo',
  act_user_id: 1,
  act_user: alice,
  repo_id: id,
  repo: fakeRepo({ id, name: `repo-${id}` }),
  comment_id: 0,
  ref_name: '',
  is_private: false,
  content: '',
  created: '2026-01-01T00:00:00Z',
});

describe('UserFeed', () => {
  it('asks for the page in the URL and offers the next one after a full page without paging headers', async () => {
    let sent: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/users/:name/activities/feeds'), ({ request }) => {
        sent = new URL(request.url).searchParams;
        return HttpResponse.json(Array.from({ length: ACTIVITIES_PER_PAGE }, (_, i) => created(i + 1)));
      }),
    );
    renderRoute(() => <UserFeed login="alice" />, { url: '/?page=2' });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByRole('link', { name: 'alice/repo-1' })).toHaveAttribute('href', '/alice/repo-1');
    expect(sent?.get('page')).toBe('2');
    expect(sent?.get('limit')).toBe(String(ACTIVITIES_PER_PAGE));
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/?page=3');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/');
  });

  it('shows the empty state for a user with no activity', async () => {
    server.use(http.get(apiUrl('/users/:name/activities/feeds'), () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderRoute(() => <UserFeed login="alice" />);
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
