import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setServerKind, setSession } from '@/lib/auth-store';
import { Component as Sessions } from './user-settings-sessions';

setupMswServer();
afterEach(() => {
  setSession(null);
  setServerKind('remote');
});

const row = (id: number, browser: string, current: boolean) => ({
  id,
  browser,
  ip: '192.0.2.1',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: '2026-11-26T10:00:00Z',
  current,
});

describe('Settings → Sessions', () => {
  it('lists the sessions, signs one out, and signs out everywhere else after a confirmation', async () => {
    setServerKind('embedded');
    setSession({ login: 'alice', csrf: 'c' });
    let sessions = [row(1, 'Firefox on Linux', true), row(2, 'Chrome on Android', false), row(3, 'Safari on iOS', false)];
    const ended: string[] = [];
    server.use(
      http.get(apiUrl('/user/sessions'), () => HttpResponse.json(sessions)),
      http.delete(apiUrl('/user/sessions/:id'), ({ params, request }) => {
        ended.push(`${params.id} ${request.headers.get('X-Csrf-Token')}`);
        sessions = sessions.filter((s) => String(s.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(apiUrl('/user/sessions'), () => {
        ended.push('others');
        sessions = sessions.filter((s) => s.current);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Sessions, { path: '/user/settings/sessions', url: '/user/settings/sessions' });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Sign out of Chrome on Android/ }));
    await waitFor(() => expect(ended).toEqual(['2 c']));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(ended).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(ended).toEqual(['2 c', 'others']));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign out of this browser' })).toBeInTheDocument();
  });

  it('says the list is unavailable on another server', () => {
    setSession({ login: 'alice', token: 't' });
    renderRoute(Sessions, { path: '/user/settings/sessions', url: '/user/settings/sessions' });
    expect(screen.getByText(/does not list its web sessions/)).toBeInTheDocument();
  });
});
