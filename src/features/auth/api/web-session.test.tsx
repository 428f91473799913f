// Issue #23: signing in and out keeps no credential where page scripts can read it. On the
// embedded server the session is an HttpOnly cookie (the app keeps only the CSRF token, in memory);
// against another server the token lives in memory and this tab's sessionStorage and is revoked.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { getServerKind, getSession, setServerKind, setSession } from '@/lib/auth-store';
import { api } from '@/lib/api/client';
import { Component as SignIn } from '@/app/routes/sign-in';
import { restoreSession } from './auth-queries';

setupMswServer();
afterEach(() => {
  setSession(null);
  setServerKind('remote');
});

/** Everything page scripts can read, as one string. */
function readable(): string {
  const all: string[] = [document.cookie];
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i++) all.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  }
  return all.join('\n');
}

async function signInThroughForm() {
  const view = renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(getSession()).not.toBeNull());
  view.unmount();
}

describe('web sessions on the embedded server', () => {
  it('restores the session from the cookie after a reload, keeping the CSRF token in memory only', async () => {
    server.use(http.get(apiUrl('/user/sessions/current'), () => HttpResponse.json({ user: fakeUser(), csrf_token: 'csrf-1' })));
    await restoreSession();
    expect(getServerKind()).toBe('embedded');
    expect(getSession()).toEqual({ login: 'alice', csrf: 'csrf-1' });
    expect(readable()).not.toContain('csrf-1');
  });

  it('takes a 404 from the session endpoint for another server', async () => {
    server.use(http.get(apiUrl('/user/sessions/current'), () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 })));
    await restoreSession();
    expect(getServerKind()).toBe('remote');
    expect(getSession()).toBeNull();
  });

  it('signs in through the session endpoint, sends the CSRF token on writes, and signs out', async () => {
    setServerKind('embedded');
    let signInBody: unknown;
    let csrfOnPost: string | null = null;
    let csrfOnGet: string | null = 'unset';
    let signedOutWith: string | null = null;
    server.use(
      http.post(apiUrl('/user/sessions'), async ({ request }) => {
        signInBody = await request.json();
        return HttpResponse.json({ user: fakeUser(), csrf_token: 'csrf-2' }, { status: 201 });
      }),
      http.get(apiUrl('/user/settings'), ({ request }) => {
        csrfOnGet = request.headers.get('X-Csrf-Token');
        return HttpResponse.json({});
      }),
      http.post(apiUrl('/user/avatar'), ({ request }) => {
        csrfOnPost = request.headers.get('X-Csrf-Token');
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(apiUrl('/user/sessions/current'), ({ request }) => {
        signedOutWith = request.headers.get('X-Csrf-Token');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signInThroughForm();
    expect(signInBody).toEqual({ username: 'alice', password: 'pw' });
    expect(getSession()).toEqual({ login: 'alice', csrf: 'csrf-2' });
    expect(readable()).not.toMatch(/csrf-2|pw|alice/);

    await api().GET('/user/settings');
    await api().POST('/user/avatar', { body: { image: 'AAAA' } });
    expect(csrfOnGet).toBeNull();
    expect(csrfOnPost).toBe('csrf-2');

    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signedOutWith).toBe('csrf-2'));
    expect(getSession()).toBeNull();
    expect(readable()).not.toMatch(/csrf-2|alice/);
  });
});

describe('token sessions against another server', () => {
  it('keeps the token in sessionStorage only, never localStorage, and revokes it at sign-out', async () => {
    let revoked = '';
    server.use(
      http.post(apiUrl('/users/:username/tokens'), () =>
        HttpResponse.json(
          { id: 7, name: 'web', sha1: 'remote-secret', token_last_eight: 'e-secret', scopes: ['all'], created_at: '', last_used_at: '' },
          { status: 201 },
        ),
      ),
      http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
      http.delete(apiUrl('/users/:username/tokens/:id'), ({ request, params }) => {
        revoked = `${params.id} ${request.headers.get('Authorization')}`;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signInThroughForm();
    expect(getSession()).toEqual({ login: 'alice', token: 'remote-secret', tokenId: 7 });
    expect(JSON.parse(sessionStorage.getItem('forge.remote-token')!)).toMatchObject({ token: 'remote-secret' });
    for (let i = 0; i < localStorage.length; i++) expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('remote-secret');

    renderRoute(SignIn, { path: '/user/login', url: '/user/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(revoked).toBe(`7 Basic ${btoa('alice:remote-secret')}`));
    expect(getSession()).toBeNull();
    expect(readable()).not.toContain('remote-secret');
  });
});
