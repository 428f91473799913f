import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setServerKind, setSession } from '@/lib/auth-store';
import { Component as Account } from './user-settings-account';

setupMswServer();
afterEach(() => {
  setSession(null);
  setServerKind('remote');
});

const email = (address: string, primary = false) => ({ email: address, verified: true, primary, user_id: 1, username: 'alice' });

describe('Settings → Account', () => {
  it('adds an e-mail address, shows a refusal beside the field, and removes one after a confirmation', async () => {
    setSession({ login: 'alice', csrf: 'c' });
    let emails = [email('alice@example.com', true)];
    const removed: unknown[] = [];
    server.use(
      http.get(apiUrl('/user/signup'), () => HttpResponse.json({ enabled: false })),
      http.get(apiUrl('/user/emails'), () => HttpResponse.json(emails)),
      http.post(apiUrl('/user/emails'), async ({ request }) => {
        const { emails: added } = (await request.json()) as { emails: string[] };
        if (added[0] === 'taken@example.com') return HttpResponse.json({ message: 'Email address has been used: taken@example.com', url: '' }, { status: 422 });
        emails = [...emails, ...added.map((a) => email(a))];
        return HttpResponse.json(
          added.map((a) => email(a)),
          { status: 201 },
        );
      }),
      http.delete(apiUrl('/user/emails'), async ({ request }) => {
        const body = (await request.json()) as { emails: string[] };
        removed.push(body);
        emails = emails.filter((e) => !body.emails.includes(e.email));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Account, { path: '/user/settings/account', url: '/user/settings/account' });
    const list = await screen.findByRole('list', { name: 'E-mail addresses' });
    expect(within(list).getByText('Primary')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    const field = screen.getByLabelText('Add an e-mail address');
    await user.type(field, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Email address has been used: taken@example.com')).toBeInTheDocument();
    expect(field).toHaveValue('taken@example.com');

    await user.clear(field);
    await user.type(field, 'work@example.org');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(field).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Remove work@example.org' }));
    expect(removed).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([{ emails: ['work@example.org'] }]));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    // The probe answered: the password form and the danger zone are there.
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete your account' })).toBeInTheDocument();
  });

  it('shows a wrong current password beside its field', async () => {
    setSession({ login: 'alice', csrf: 'c' });
    server.use(
      http.get(apiUrl('/user/signup'), () => HttpResponse.json({ enabled: false })),
      http.get(apiUrl('/user/emails'), () => HttpResponse.json([email('alice@example.com', true)])),
      http.post(apiUrl('/user/password'), () => HttpResponse.json({ message: 'old_password: the current password is incorrect', url: '' }, { status: 422 })),
    );
    renderRoute(Account, { path: '/user/settings/account', url: '/user/settings/account' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'nope');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains on a server without the extensions (Gitea answers 404) and offers no password form', async () => {
    setSession({ login: 'alice', token: 't' });
    server.use(
      http.get(apiUrl('/user/signup'), () => HttpResponse.json({ message: 'not found', url: '' }, { status: 404 })),
      http.get(apiUrl('/user/emails'), () => HttpResponse.json([email('alice@example.com', true)])),
    );
    renderRoute(Account, { path: '/user/settings/account', url: '/user/settings/account' });
    expect(await screen.findByText(/changes passwords and deletes accounts on its own website/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete your account' })).not.toBeInTheDocument();
  });
});
