import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './user-settings';

setupMswServer();
afterEach(() => setSession(null));

const settings = {
  full_name: 'Alice A',
  website: '',
  description: 'Hi',
  location: 'Paris',
  language: '',
  theme: '',
  diff_view_style: '',
  hide_email: false,
  hide_activity: false,
};

describe('Profile settings', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderRoute(Component, { path: '/user/settings', url: '/user/settings' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login?redirect_to=%2Fuser%2Fsettings');
    expect(screen.queryByRole('button', { name: 'Update profile' })).toBeNull();
  });

  it('sends the fields, and shows a refusal beside its field with the input kept', async () => {
    setSession({ token: 'tok', login: 'alice' });
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/user/settings'), () => HttpResponse.json(settings)),
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ login: 'alice', visibility: 'public' }))),
      http.patch(apiUrl('/user/settings'), async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        if (!/^https?:\/\//.test(body.website!)) return HttpResponse.json({ message: '[Website]: is not a valid URL', url: '' }, { status: 422 });
        return HttpResponse.json({ ...settings, ...body });
      }),
    );
    renderRoute(Component, { path: '/user/settings', url: '/user/settings' });
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Alice A');
    await userEvent.clear(name);
    await userEvent.type(name, 'Alice Liddell');
    await userEvent.type(screen.getByRole('textbox', { name: 'Website' }), 'not a url');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'limited');
    await userEvent.click(screen.getByRole('button', { name: 'Update profile' }));

    const website = screen.getByRole('textbox', { name: 'Website' });
    expect(await screen.findByText('Is not a valid URL')).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveValue('not a url');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Alice Liddell');
    expect(sent[0]).toEqual({ full_name: 'Alice Liddell', description: 'Hi', website: 'not a url', location: 'Paris', visibility: 'limited' });

    await userEvent.clear(website);
    await userEvent.type(website, 'https://alice.example');
    await userEvent.click(screen.getByRole('button', { name: 'Update profile' }));
    await screen.findByRole('button', { name: 'Update profile' });
    await expect.poll(() => sent.length).toBe(2);
    expect(screen.queryByText('Is not a valid URL')).toBeNull();
  });

  it('uploads the chosen image as base64 and removes the avatar', async () => {
    setSession({ token: 'tok', login: 'alice' });
    const calls: string[] = [];
    server.use(
      http.get(apiUrl('/user/settings'), () => HttpResponse.json(settings)),
      http.get(apiUrl('/users/:name'), () => HttpResponse.json(fakeUser({ login: 'alice' }))),
      http.post(apiUrl('/user/avatar'), async ({ request }) => {
        calls.push(`POST ${((await request.json()) as { image: string }).image}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(apiUrl('/user/avatar'), () => {
        calls.push('DELETE');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Component, { path: '/user/settings', url: '/user/settings' });
    const input = await screen.findByLabelText('New avatar image');
    await userEvent.click(screen.getByRole('button', { name: 'Update avatar' }));
    expect(await screen.findByText('Choose an image first')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update avatar' }));
    await expect.poll(() => calls).toEqual([`POST ${btoa(String.fromCharCode(137, 80, 78, 71))}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove avatar' }));
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]).toBe('DELETE');
  });
});
