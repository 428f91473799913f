import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { Component } from './repo-fork-new';

setupMswServer();

const alice = fakeUser({ login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const parent = fakeRepo({ id: 10, owner: alice, name: 'hello', description: 'Says hello', permissions: { admin: false, push: false, pull: true } });
const org = (id: number, name: string) => ({
  id,
  name,
  username: name,
  full_name: '',
  email: '',
  avatar_url: '',
  description: '',
  website: '',
  location: '',
  visibility: 'public',
  repo_admin_change_team_access: false,
});

let forkBodies: unknown[] = [];
let patched: unknown[] = [];

beforeEach(() => {
  forkBodies = [];
  patched = [];
  setSession({ token: 't', login: 'bob' });
  server.use(
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(parent)),
    http.get(apiUrl('/repos/alice/hello/forks'), () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    // bob belongs to two organizations but may create repositories only in "builders".
    http.get(apiUrl('/user/orgs'), () => HttpResponse.json([org(7, 'builders'), org(8, 'readers')])),
    http.get(apiUrl('/users/bob/orgs/:org/permissions'), ({ params }) =>
      HttpResponse.json({
        is_owner: false,
        is_admin: false,
        can_write: params.org === 'builders',
        can_read: true,
        can_create_repository: params.org === 'builders',
      }),
    ),
  );
});
afterEach(() => setSession(null));

const route = { path: '/:owner/:repo/fork', url: '/alice/hello/fork' };

describe('fork form', () => {
  it('offers yourself and the organizations you may create repositories in, and lands on the new fork', async () => {
    server.use(
      http.post(apiUrl('/repos/alice/hello/forks'), async ({ request }) => {
        forkBodies.push(await request.json());
        return HttpResponse.json(
          fakeRepo({ id: 11, owner: fakeUser({ id: 7, login: 'builders' }), name: 'hello-builders', fork: true, description: 'Says hello' }),
          { status: 202 },
        );
      }),
    );
    const { router } = renderRoute(Component, route);
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['bob', 'builders']);
    expect(screen.getByRole('textbox', { name: 'Repository name' })).toHaveValue('hello');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Says hello');

    await userEvent.selectOptions(owner, 'builders');
    const name = screen.getByRole('textbox', { name: 'Repository name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'hello-builders');
    await userEvent.click(screen.getByRole('button', { name: 'Fork repository' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/builders/hello-builders'));
    expect(forkBodies).toEqual([{ organization: 'builders', name: 'hello-builders' }]);
    // The description was left as it was, so nothing is patched afterwards.
    expect(patched).toEqual([]);
  });

  it('shows "already forked" beside the name and sets a changed description on the fork', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/repos/alice/hello/forks'), async ({ request }) => {
        forkBodies.push(await request.json());
        calls++;
        return calls === 1
          ? HttpResponse.json({ message: 'repository is already forked by user', url: '' }, { status: 409 })
          : HttpResponse.json(fakeRepo({ id: 12, owner: bob, name: 'hello2', fork: true, description: 'Says hello' }), { status: 202 });
      }),
      http.patch(apiUrl('/repos/bob/hello2'), async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json(fakeRepo({ id: 12, owner: bob, name: 'hello2', fork: true, description: 'My copy' }));
      }),
    );
    const { router } = renderRoute(Component, route);
    await userEvent.click(await screen.findByRole('button', { name: 'Fork repository' }));
    const name = screen.getByRole('textbox', { name: 'Repository name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('repository is already forked by user'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(forkBodies[0]).toEqual({ name: 'hello' });

    await userEvent.clear(name);
    await userEvent.type(name, 'hello2');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'My copy');
    await userEvent.click(screen.getByRole('button', { name: 'Fork repository' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bob/hello2'));
    expect(patched).toEqual([{ description: 'My copy' }]);
  });

  it('points to the fork you already have and offers only your organizations', async () => {
    server.use(http.get(apiUrl('/repos/alice/hello/forks'), () => HttpResponse.json([fakeRepo({ id: 13, owner: bob, name: 'hello', fork: true })])));
    renderRoute(Component, route);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('You already have a fork of this repository: bob/hello');
    expect(within(note).getByRole('link', { name: 'bob/hello' })).toHaveAttribute('href', '/bob/hello');
    expect(
      within(screen.getByRole('combobox', { name: 'Owner' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['builders']);
  });

  it('has nowhere to fork to for the owner without organizations', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(http.get(apiUrl('/user/orgs'), () => HttpResponse.json([])));
    renderRoute(Component, route);
    expect(await screen.findByRole('heading', { name: 'Nowhere to fork to' })).toBeInTheDocument();
    expect(screen.getByText(/You own this repository/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New fork' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    setSession(null);
    renderRoute(Component, route);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/user/login?redirect_to=${encodeURIComponent('/alice/hello/fork')}`);
    expect(screen.queryByRole('form', { name: 'New fork' })).not.toBeInTheDocument();
  });
});
