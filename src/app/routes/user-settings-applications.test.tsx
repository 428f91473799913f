import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './user-settings-applications';

setupMswServer();
beforeEach(() => setSession({ token: 'session-token-abcd1234', login: 'alice' }));
afterEach(() => setSession(null));

const web = {
  id: 1,
  name: 'forge-web-1',
  sha1: '',
  token_last_eight: 'abcd1234',
  scopes: ['all'],
  created_at: '2026-01-01T00:00:00Z',
  last_used_at: '2026-01-01T00:00:00Z',
};

describe('Access tokens settings', () => {
  it('asks for the password, creates a token with scopes over Basic auth, and shows its secret once', async () => {
    let tokens = [web];
    let body: unknown;
    const basicOnly = (request: Request) => request.headers.get('Authorization') === `Basic ${btoa('alice:pw')}`;
    const refuse = () => HttpResponse.json({ message: 'unauthorized', url: '' }, { status: 401 });
    server.use(
      http.get(apiUrl('/users/:name/tokens'), ({ request }) => (basicOnly(request) ? HttpResponse.json(tokens) : refuse())),
      http.post(apiUrl('/users/:name/tokens'), async ({ request }) => {
        if (!basicOnly(request)) return refuse();
        body = await request.json();
        const t = {
          id: 2,
          name: 'ci',
          sha1: '0123456789abcdef0123456789abcdef01234567',
          token_last_eight: '01234567',
          scopes: ['read:repository', 'write:issue'],
          created_at: '2026-02-01T00:00:00Z',
          last_used_at: '2026-02-01T00:00:00Z',
        };
        tokens = [...tokens, { ...t, sha1: '' }];
        return HttpResponse.json(t, { status: 201 });
      }),
    );
    renderRoute(Component, { path: '/user/settings/applications', url: '/user/settings/applications' });
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is not right')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Access tokens' })).toBeNull();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    expect(within(list).getByText('This browser')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(screen.getByText('Token name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Token name' }), 'ci');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Repositories' }), 'read');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Issues' }), 'write');
    await userEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    const secret = await screen.findByLabelText('New token');
    expect(secret).toHaveTextContent('0123456789abcdef0123456789abcdef01234567');
    expect(body).toEqual({ name: 'ci', scopes: ['read:repository', 'write:issue'] });
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(await within(screen.getByRole('list', { name: 'Access tokens' })).findByText('ci')).toBeInTheDocument();
    // The form is empty again, and the secret goes away for good once dismissed.
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('0123456789abcdef0123456789abcdef01234567')).toBeNull();
  });

  it('deletes a token after confirming', async () => {
    let tokens = [web, { ...web, id: 5, name: 'old', token_last_eight: 'ffffffff' }];
    const deleted: string[] = [];
    server.use(
      http.get(apiUrl('/users/:name/tokens'), () => HttpResponse.json(tokens)),
      http.delete(apiUrl('/users/:name/tokens/:id'), ({ params, request }) => {
        expect(request.headers.get('Authorization')).toBe(`Basic ${btoa('alice:pw')}`);
        deleted.push(`${params.name}/${params.id}`);
        tokens = tokens.filter((t) => String(t.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Component, { path: '/user/settings/applications', url: '/user/settings/applications' });
    await userEvent.type(await screen.findByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete token old' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete access token' })).getByRole('button', { name: 'Delete token' }));
    await expect.poll(() => screen.queryByRole('button', { name: 'Delete token old' })).toBeNull();
    expect(deleted).toEqual(['alice/5']);
  });
});
