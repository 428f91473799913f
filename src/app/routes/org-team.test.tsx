import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeOrg, fakeTeam } from '@/features/orgs/test-fixtures';
import { Component } from './org-team';

setupMswServer();
afterEach(() => setSession(null));

const acme = fakeUser({ id: 100, login: 'acme' });

function teamApi({ owner }: { owner: boolean }) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    calls.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  server.use(
    http.get(apiUrl('/orgs/acme/teams'), () => HttpResponse.json([fakeTeam({ id: 1, name: 'Owners', permission: 'owner', units_map: {} }), fakeTeam()])),
    http.get(apiUrl('/teams/:id/members'), () => HttpResponse.json([fakeUser({ id: 2, login: 'bob' })])),
    http.get(apiUrl('/teams/:id/repos'), () => HttpResponse.json([fakeRepo({ id: 3, name: 'secret', private: true, owner: acme })])),
    http.get(apiUrl('/orgs/acme/repos'), () =>
      HttpResponse.json([fakeRepo({ id: 3, name: 'secret', owner: acme }), fakeRepo({ id: 4, name: 'site', owner: acme })]),
    ),
    http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg())),
    http.get(apiUrl('/users/alice/orgs/acme/permissions'), () =>
      HttpResponse.json({ is_owner: owner, is_admin: owner, can_write: owner, can_read: true, can_create_repository: owner }),
    ),
    http.get(apiUrl('/orgs/acme/members/alice'), () => new HttpResponse(null, { status: 204 })),
    http.get(apiUrl('/users/search'), () => HttpResponse.json({ ok: true, data: [fakeUser({ id: 8, login: 'carol' })] })),
    http.put(apiUrl('/teams/5/members/:user'), async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 }))),
    http.delete(apiUrl('/teams/5/members/:user'), async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 }))),
    http.put(apiUrl('/teams/5/repos/acme/:repo'), async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 }))),
    http.patch(apiUrl('/teams/5'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(fakeTeam());
    }),
  );
  return calls;
}

const open = (team = 'triage') => renderRoute(Component, { path: '/org/:org/teams/:team', url: `/org/acme/teams/${team}` });

describe('team page', () => {
  it('shows members, repositories and the grant; no controls for a member who is not an owner', async () => {
    setSession({ token: 't', login: 'alice' });
    teamApi({ owner: false });
    open();
    expect(await screen.findByRole('heading', { name: 'triage' })).toBeInTheDocument();
    expect(screen.getByText('Code: read · Issues: write')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Members of triage' })).getByRole('link', { name: 'bob' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Repositories of triage' })).getByRole('link', { name: 'acme/secret' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete team' })).not.toBeInTheDocument();
  });

  it('lets an owner add a member and a repository, and saves the units table as units_map', async () => {
    setSession({ token: 't', login: 'alice' });
    const calls = teamApi({ owner: true });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a member' }));
    await user.type(screen.getByLabelText('Add a member'), 'car');
    await user.click(await within(screen.getByRole('list', { name: 'Matching users' })).findByRole('button', { name: 'carol' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: '/api/v1/teams/5/members/carol', body: undefined }));

    await user.selectOptions(await screen.findByLabelText('Add a repository'), 'site');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: '/api/v1/teams/5/repos/acme/site', body: undefined }));

    await user.click(screen.getByRole('button', { name: 'Edit team' }));
    expect(screen.getByRole('radio', { name: 'Code: read' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Issues: write' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Pull requests: read' }));
    await user.click(screen.getByRole('checkbox', { name: /All repositories/ }));
    await user.click(screen.getByRole('button', { name: 'Save team' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'triage',
      permission: 'write',
      includes_all_repositories: true,
      units: ['repo.code', 'repo.issues', 'repo.pulls'],
      units_map: { 'repo.code': 'read', 'repo.issues': 'write', 'repo.pulls': 'read', 'repo.releases': 'none', 'repo.wiki': 'none' },
    });
  });

  it('offers no edit or delete for the Owners team', async () => {
    setSession({ token: 't', login: 'alice' });
    teamApi({ owner: true });
    open('Owners');
    expect(await screen.findByRole('heading', { name: 'Owners' })).toBeInTheDocument();
    expect(screen.getByText('Owner: everything, including settings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete team' })).not.toBeInTheDocument();
  });
});
