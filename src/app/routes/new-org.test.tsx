import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeOrg } from '@/features/orgs/test-fixtures';
import { Component } from './new-org';

setupMswServer();
afterEach(() => setSession(null));

describe('new organization page', () => {
  it('asks a signed-out visitor to sign in', () => {
    renderRoute(Component, { path: '/org/create', url: '/org/create' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login?redirect_to=%2Forg%2Fcreate');
    expect(screen.queryByLabelText('Organization name')).not.toBeInTheDocument();
  });

  it('creates the organization and opens its page; a refusal stays beside the form with the input kept', async () => {
    setSession({ token: 't', login: 'alice' });
    let attempts = 0;
    server.use(
      http.post(apiUrl('/orgs'), async ({ request }) => {
        const body = (await request.json()) as { username: string };
        attempts++;
        if (attempts === 1)
          return HttpResponse.json({ message: 'username: must be valid alpha or numeric or dash(-_) or dot characters', url: '' }, { status: 422 });
        return HttpResponse.json(fakeOrg({ name: body.username }), { status: 201 });
      }),
    );
    renderRoute(Component, { path: '/org/create', url: '/org/create' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Organization name'), 'bad name');
    await user.type(screen.getByLabelText('Full name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Use only letters, digits, dashes (-), underscores (_) and dots (.).')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization name')).toHaveValue('bad name');
    expect(screen.getByLabelText('Full name')).toHaveValue('Acme');
    await user.clear(screen.getByLabelText('Organization name'));
    await user.type(screen.getByLabelText('Organization name'), 'acme');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/acme'));
  });
});
