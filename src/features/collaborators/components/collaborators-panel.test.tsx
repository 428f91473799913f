import { describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { CollaboratorsPanel } from './collaborators-panel';

setupMswServer();

function setup() {
  const calls: string[] = [];
  const perms: Record<string, string> = { bob: 'write' };
  server.use(
    http.get(apiUrl('/repos/alice/app/collaborators'), () => HttpResponse.json(Object.keys(perms).map((login, i) => fakeUser({ id: i + 2, login })))),
    http.get(apiUrl('/repos/alice/app/collaborators/:u/permission'), ({ params }) =>
      HttpResponse.json({ permission: perms[params.u as string], role_name: perms[params.u as string], user: fakeUser({ login: params.u as string }) }),
    ),
    http.get(apiUrl('/users/search'), () => HttpResponse.json({ ok: true, data: [fakeUser({ id: 9, login: 'carol' }), fakeUser({ id: 2, login: 'bob' })] })),
    http.put(apiUrl('/repos/alice/app/collaborators/:u'), async ({ params, request }) => {
      const { permission } = (await request.json()) as { permission: string };
      perms[params.u as string] = permission;
      calls.push(`put ${params.u} ${permission}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiUrl('/repos/alice/app/collaborators/:u'), ({ params }) => {
      delete perms[params.u as string];
      calls.push(`delete ${params.u}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Suspense fallback={<p>Loading…</p>}>
          <CollaboratorsPanel owner="alice" repo="app" />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('CollaboratorsPanel', () => {
  it('lists collaborators with their permission, adds one with the chosen permission, changes and removes', async () => {
    const calls = setup();
    expect(await screen.findByLabelText('Permission of bob')).toHaveValue('write');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Permission for new collaborators'), 'read');
    await user.click(screen.getByRole('button', { name: 'Add a collaborator' }));
    await user.type(screen.getByLabelText('Add a collaborator'), 'c');
    const matches = within(await screen.findByRole('list', { name: 'Matching users' }));
    // bob already is a collaborator, so only carol is offered.
    expect(matches.queryByRole('button', { name: 'bob' })).not.toBeInTheDocument();
    await user.click(await matches.findByRole('button', { name: 'carol' }));
    await waitFor(() => expect(calls).toContain('put carol read'));
    expect(await screen.findByLabelText('Permission of carol')).toHaveValue('read');

    await user.selectOptions(screen.getByLabelText('Permission of bob'), 'admin');
    await waitFor(() => expect(calls).toContain('put bob admin'));

    await user.click(screen.getByRole('button', { name: 'Remove carol' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls).toContain('delete carol'));
    await waitFor(() => expect(screen.queryByLabelText('Permission of carol')).not.toBeInTheDocument());
  });
});
