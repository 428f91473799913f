import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './user-settings-keys';

setupMswServer();
beforeEach(() => setSession({ token: 'tok', login: 'alice' }));
afterEach(() => setSession(null));

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl alice@laptop';
const laptop = {
  id: 3,
  title: 'laptop',
  key: KEY,
  fingerprint: 'SHA256:ueRXeOIXMM4XCxq7ye+3C5NmwdO5wJkh0rX+x1RXCoo',
  created_at: '2026-01-02T00:00:00Z',
  key_type: 'ssh-ed25519',
  read_only: false,
};

describe('SSH keys settings', () => {
  it('shows why a key is refused beside it, keeps the input, then lists the added key with its fingerprint', async () => {
    let keys: (typeof laptop)[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/user/keys'), () => HttpResponse.json(keys)),
      http.post(apiUrl('/user/keys'), async ({ request }) => {
        const body = (await request.json()) as { title: string; key: string };
        sent.push(body);
        if (!body.key.startsWith('ssh-')) return HttpResponse.json({ message: 'key: invalid public key', url: '' }, { status: 422 });
        keys = [{ ...laptop, title: body.title }];
        return HttpResponse.json(keys[0], { status: 201 });
      }),
    );
    renderRoute(Component, { path: '/user/settings/keys', url: '/user/settings/keys' });
    expect(await screen.findByRole('heading', { name: 'No SSH keys yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add key' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Key is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'laptop');
    await userEvent.type(screen.getByRole('textbox', { name: 'Key' }), 'not a key');
    await userEvent.click(screen.getByRole('button', { name: 'Add key' }));
    expect(await screen.findByText('Invalid public key')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('not a key');
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('laptop');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Key' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Key' }));
    await userEvent.paste(KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Add key' }));
    const list = await screen.findByRole('list', { name: 'SSH keys' });
    expect(within(list).getByText('laptop')).toBeInTheDocument();
    expect(within(list).getByText(laptop.fingerprint)).toBeInTheDocument();
    expect(sent[1]).toEqual({ title: 'laptop', key: KEY });
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('');
  });

  it('deletes a key only after confirming', async () => {
    let keys = [laptop];
    const deleted: string[] = [];
    server.use(
      http.get(apiUrl('/user/keys'), () => HttpResponse.json(keys)),
      http.delete(apiUrl('/user/keys/:id'), ({ params }) => {
        deleted.push(String(params.id));
        keys = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Component, { path: '/user/settings/keys', url: '/user/settings/keys' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SSH key laptop' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete SSH key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete SSH key laptop' }));
    dialog = screen.getByRole('dialog', { name: 'Delete SSH key' });
    expect(dialog).toHaveTextContent(laptop.fingerprint);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByRole('heading', { name: 'No SSH keys yet' })).toBeInTheDocument();
    expect(deleted).toEqual(['3']);
  });
});
