import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { fakeOrg, fakeTeam } from '@/features/orgs/test-fixtures';
import { Component } from './repo-access';

setupMswServer();

describe('repository access page', () => {
  it('lists who has access through which grant and flags overlapping grants', async () => {
    const acme = fakeUser({ id: 100, login: 'acme' });
    const repo = fakeRepo({ id: 3, name: 'secret', private: true, owner: acme });
    server.use(
      http.get(apiUrl('/repos/acme/secret'), () => HttpResponse.json(repo)),
      http.get(apiUrl('/repos/acme/secret/collaborators'), () => HttpResponse.json([fakeUser({ id: 2, login: 'bob' })])),
      http.get(apiUrl('/repos/acme/secret/collaborators/bob/permission'), () =>
        HttpResponse.json({ permission: 'write', role_name: 'write', user: fakeUser({ login: 'bob' }) }),
      ),
      http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg())),
      http.get(apiUrl('/orgs/acme/teams'), () =>
        HttpResponse.json([
          fakeTeam({ id: 1, name: 'Owners', permission: 'owner', includes_all_repositories: true }),
          fakeTeam({ id: 5, name: 'triage' }),
          fakeTeam({ id: 6, name: 'web' }),
        ]),
      ),
      http.get(apiUrl('/teams/1/members'), () => HttpResponse.json([fakeUser({ id: 1, login: 'alice' })])),
      http.get(apiUrl('/teams/5/members'), () => HttpResponse.json([fakeUser({ id: 2, login: 'bob' })])),
      http.get(apiUrl('/teams/6/members'), () => HttpResponse.json([fakeUser({ id: 4, login: 'dan' })])),
      http.get(apiUrl('/teams/1/repos'), () => HttpResponse.json([])),
      http.get(apiUrl('/teams/5/repos'), () => HttpResponse.json([repo])),
      // The web team has other repositories only: dan has no access here.
      http.get(apiUrl('/teams/6/repos'), () => HttpResponse.json([fakeRepo({ id: 9, name: 'site', owner: acme })])),
    );
    renderRoute(Component, { path: '/:owner/:repo/settings/access', url: '/acme/secret/settings/access' });
    const table = await screen.findByRole('table', { name: 'Who has access and through which grant' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'aliceTeam OwnersEverything, including settings (Owners team)',
      'bob2 overlapping grantsTeam triageCode: read · Issues: write',
      'CollaboratorWrite, counting every grant together',
    ]);
    expect(within(table).queryByText('dan')).not.toBeInTheDocument();
  });
});
