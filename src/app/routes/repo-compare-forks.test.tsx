// The compare page across a fork network: repository pickers, owner:branch heads, and the pull
// request posted to the base repository with the fork's head.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeCommit, fakeCompare, fakePull } from '@/features/pulls/test/list-fixtures';
import { queryClient } from '../query-client';
import { Component, loader } from './repo-compare';

setupMswServer();

const alice = fakeUser({ login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const parent = fakeRepo({ id: 1, owner: alice, name: 'hello', forks_count: 1, permissions: { admin: false, push: false, pull: true } });
const fork = fakeRepo({ id: 2, owner: bob, name: 'hello', fork: true, parent, description: 'Bob tries things' });

let compared: string[] = [];

beforeEach(() => {
  compared = [];
  setSession({ token: 't', login: 'bob' });
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(bob)),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(parent)),
    http.get(apiUrl('/repos/bob/hello'), () => HttpResponse.json(fork)),
    http.get(apiUrl('/repos/alice/hello/forks'), () => HttpResponse.json([fork], { headers: { 'X-Total-Count': '1' } })),
    http.get(apiUrl('/repos/alice/hello/tags'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([{ name: 'main' }])),
    http.get(apiUrl('/repos/bob/hello/tags'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/bob/hello/branches'), () => HttpResponse.json([{ name: 'main' }, { name: 'feature' }])),
    http.get(apiUrl('/repos/alice/hello/labels'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/milestones'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/pulls/:base/:head'), () => HttpResponse.json({ message: 'pull request does not exist', url: '' }, { status: 404 })),
    // Where the pickers navigate to: the fork's own compare page.
    http.get(apiUrl('/repos/bob/hello/pulls/:base/:head'), () => HttpResponse.json({ message: 'pull request does not exist', url: '' }, { status: 404 })),
    http.get(apiUrl('/repos/bob/hello/compare/*'), () => HttpResponse.json(fakeCompare())),
    http.get(apiUrl('/repos/alice/hello/compare/*'), ({ request }) => {
      const url = new URL(request.url);
      compared.push(decodeURIComponent(url.pathname.split('/compare/')[1]!));
      return HttpResponse.json(fakeCompare({ commits: [fakeCommit('d'.repeat(40), 'Greet in French')] }));
    }),
  );
});
afterEach(() => {
  setSession(null);
  queryClient.clear();
});

const route = (url: string) => ({ path: '/:owner/:repo/compare/*', url, extra: [{ path: '/:owner/:repo/compare', element: <Component /> }] });

describe('compare across forks', () => {
  it("compares the parent's branch with a fork's branch and opens the pull request in the parent with head owner:branch", async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(fakePull({ number: 4 }), { status: 201 });
      }),
    );
    renderRoute(Component, route('/alice/hello/compare/main...bob:feature'));
    const group = await screen.findByRole('group', { name: 'Branches to compare' });
    await waitFor(() => expect(within(group).getByRole('combobox', { name: 'head repository:' })).toHaveDisplayValue('bob/hello'));
    expect(within(group).getByRole('combobox', { name: 'base repository:' })).toHaveDisplayValue('alice/hello');
    expect(group).toHaveTextContent('compare:feature');
    await waitFor(() => expect(compared).toContain('main...bob:feature'));

    // The compare picker lists the fork's branches, not the parent's.
    await userEvent.click(within(group).getByRole('button', { name: /compare:/ }));
    const list = await screen.findByRole('list', { name: 'compare branches' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['main', '✓feature']);
    await userEvent.keyboard('{Escape}');

    expect(await screen.findByLabelText('Title')).toHaveValue('Greet in French');
    await userEvent.click(screen.getByRole('button', { name: 'Create pull request' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/alice/hello/pulls/4');
    expect(posted[0]).toMatchObject({ head: 'bob:feature', base: 'main', title: 'Greet in French' });
  });

  it('moves to another base or head repository and keeps the other side', async () => {
    const { router } = renderRoute(Component, route('/alice/hello/compare/main...bob:feature'));
    const group = await screen.findByRole('group', { name: 'Branches to compare' });
    const headRepo = await within(group).findByRole('combobox', { name: 'head repository:' });
    await waitFor(() => expect(headRepo).toHaveDisplayValue('bob/hello'));
    expect(
      within(headRepo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['alice/hello', 'bob/hello']);

    // Head repository → the parent itself: a plain branch head, the new repository's default branch.
    await userEvent.selectOptions(headRepo, 'alice/hello');
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice/hello/compare/main...main'));
    // Base repository → the fork: the fork's page, the head (still the parent) named owner:branch.
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'base repository:' }), 'bob/hello');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bob/hello/compare/main...alice:main'));
  });

  it('swaps base and head across repositories', async () => {
    const { router } = renderRoute(Component, route('/alice/hello/compare/main...bob:feature'));
    const group = await screen.findByRole('group', { name: 'Branches to compare' });
    await waitFor(() => expect(within(group).getByRole('combobox', { name: 'head repository:' })).toHaveDisplayValue('bob/hello'));
    await userEvent.click(within(group).getByRole('button', { name: 'Swap base and compare branches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bob/hello/compare/feature...alice:main'));
  });

  it("opens a fork's compare page on its parent, with the fork's default branch as the head", async () => {
    const args = { params: { owner: 'bob', repo: 'hello', '*': '' }, request: new Request('http://localhost/bob/hello/compare'), context: undefined };
    const thrown = await loader(args as never).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/alice/hello/compare/main...bob:main');
  });

  it('shows no repository pickers outside a fork network', async () => {
    server.use(http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json({ ...parent, forks_count: 0 })));
    renderRoute(Component, route('/alice/hello/compare/main...main'));
    const group = await screen.findByRole('group', { name: 'Branches to compare' });
    expect(within(group).queryByRole('combobox')).not.toBeInTheDocument();
  });
});
