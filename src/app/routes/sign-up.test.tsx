import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { getSession, setServerKind, setSession } from '@/lib/auth-store';
import { Component as SignIn } from './sign-in';
import { Component as SignUp } from './sign-up';

setupMswServer();
afterEach(() => {
  setSession(null);
  setServerKind('remote');
});

const notFound = () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 });

describe('Sign-up', () => {
  it('is linked from the sign-in page only where the server allows it', async () => {
    server.use(http.get(apiUrl('/user/signup'), () => HttpResponse.json({ enabled: true })));
    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/user/sign_up');
  });

  it('has no link on Gitea (no such route) and explains on the page', async () => {
    server.use(http.get(apiUrl('/user/signup'), notFound));
    renderRoute(SignUp, { path: '/user/sign_up', url: '/user/sign_up' });
    expect(await screen.findByText(/does not let visitors create accounts/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('creates the account, shows a taken address beside its field, and signs in', async () => {
    setServerKind('embedded');
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/user/signup'), () => HttpResponse.json({ enabled: true })),
      http.post(apiUrl('/user/signup'), async ({ request }) => {
        const body = (await request.json()) as { email: string };
        sent.push(body);
        if (body.email === 'used@example.com')
          return HttpResponse.json({ message: 'e-mail already in use [email: used@example.com]', url: '' }, { status: 422 });
        return HttpResponse.json({ user: fakeUser({ login: 'newbie' }), csrf_token: 'csrf' }, { status: 201 });
      }),
    );
    renderRoute(SignUp, { path: '/user/sign_up', url: '/user/sign_up' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('E-mail address'), 'used@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a-good-passwort');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This address belongs to another account')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('newbie');
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expect.poll(() => getSession()).toEqual({ login: 'newbie', csrf: 'csrf' });
  });
});
