import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { getSession, setSession } from '@/lib/auth-store';
import { Component as SignIn, safeRedirect } from './sign-in';

setupMswServer();
afterEach(() => setSession(null));

describe('Sign in page', () => {
  it('shows "Wrong username or password" on 401 and keeps what was typed', async () => {
    server.use(http.post(apiUrl('/users/:username/tokens'), () => HttpResponse.json({ message: 'user or password is wrong', url: '' }, { status: 401 })));
    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'nope{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Password')).toHaveValue('nope');
    expect(getSession()).toBeNull();
  });

  it('signs in with a password through Basic auth and goes to redirect_to', async () => {
    let auth = '';
    server.use(
      http.post(apiUrl('/users/:username/tokens'), ({ request }) => {
        auth = request.headers.get('Authorization') ?? '';
        return HttpResponse.json(
          { id: 1, name: 'web', sha1: 'secret-token', token_last_eight: 'et-token', scopes: ['all'], created_at: '', last_used_at: '' },
          { status: 201 },
        );
      }),
      http.get(apiUrl('/user'), ({ request }) =>
        request.headers.get('Authorization') === 'token secret-token'
          ? HttpResponse.json(fakeUser())
          : HttpResponse.json({ message: 'bad', url: '' }, { status: 401 }),
      ),
    );
    const { router } = renderRoute(SignIn, { path: '/user/login', url: '/user/login?redirect_to=%2Falice%2Fhello' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello'));
    expect(auth).toBe(`Basic ${btoa('alice:pw')}`);
    expect(getSession()).toEqual({ token: 'secret-token', tokenId: 1, login: 'alice' });
  });

  it('says where an access token is made, with a link to the applications settings', async () => {
    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Access token' }));
    expect(screen.getByRole('link', { name: 'Settings → Applications' })).toHaveAttribute('href', '/user/settings/applications');
  });

  it('rejects a bad pasted token', async () => {
    server.use(http.get(apiUrl('/user'), () => HttpResponse.json({ message: 'invalid token', url: '' }, { status: 401 })));
    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Access token' }));
    await user.type(screen.getByLabelText('Access token'), 'abc{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This token is not valid');
    expect(screen.getByLabelText('Access token')).toHaveValue('abc');
  });

  it('shows who is signed in instead of the form', () => {
    setSession({ token: 't', login: 'carol' });
    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    expect(screen.getByText('carol')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('only redirects within the site', () => {
    expect(safeRedirect('/alice/repo?tab=1')).toBe('/alice/repo?tab=1');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
