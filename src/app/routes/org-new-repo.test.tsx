import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './org-new-repo';

setupMswServer();
afterEach(() => setSession(null));

const perms = (can: boolean) =>
  http.get(apiUrl('/users/alice/orgs/acme/permissions'), () =>
    HttpResponse.json({ is_owner: false, is_admin: false, can_write: can, can_read: true, can_create_repository: can }),
  );
const member = http.get(apiUrl('/orgs/acme/members/alice'), () => new HttpResponse(null, { status: 204 }));

describe('new organization repository', () => {
  it('creates the repository in the organization and opens it', async () => {
    setSession({ token: 't', login: 'alice' });
    let sent: unknown;
    server.use(
      perms(true),
      member,
      http.post(apiUrl('/orgs/acme/repos'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(fakeRepo({ name: 'engine', owner: fakeUser({ id: 100, login: 'acme' }) }), { status: 201 });
      }),
    );
    renderRoute(Component, { path: '/org/:org/repo/create', url: '/org/acme/repo/create' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Repository name'), 'engine');
    await user.click(screen.getByRole('checkbox', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Create repository' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/acme/engine'));
    expect(sent).toMatchObject({ name: 'engine', private: true, auto_init: true });
  });

  it('is the 404 page for a member who may not create repositories', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(perms(false), member);
    renderRoute(Component, { path: '/org/:org/repo/create', url: '/org/acme/repo/create' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
