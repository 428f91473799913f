import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeOrg } from '@/features/orgs/test-fixtures';
import { Component } from './org-settings';

setupMswServer();
afterEach(() => setSession(null));

const perms = (owner: boolean) =>
  http.get(apiUrl('/users/alice/orgs/acme/permissions'), () =>
    HttpResponse.json({ is_owner: owner, is_admin: owner, can_write: owner, can_read: true, can_create_repository: owner }),
  );

describe('organization settings', () => {
  it('saves the edited fields for an owner', async () => {
    setSession({ token: 't', login: 'alice' });
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg({ full_name: 'Acme' }))),
      perms(true),
      http.get(apiUrl('/orgs/acme/members/alice'), () => new HttpResponse(null, { status: 204 })),
      http.patch(apiUrl('/orgs/acme'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(fakeOrg({ full_name: 'Acme Rockets' }));
      }),
    );
    renderRoute(Component, { path: '/org/:org/settings', url: '/org/acme/settings' });
    const user = userEvent.setup();
    const full = await screen.findByLabelText('Full name');
    await user.clear(full);
    await user.type(full, 'Acme Rockets');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ full_name: 'Acme Rockets', visibility: 'public' }));
    expect(sent).not.toHaveProperty('username');
  });

  it('is the 404 page for a member who is not an owner', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(
      http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg())),
      perms(false),
      http.get(apiUrl('/orgs/acme/members/alice'), () => new HttpResponse(null, { status: 204 })),
    );
    renderRoute(Component, { path: '/org/:org/settings', url: '/org/acme/settings' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});
