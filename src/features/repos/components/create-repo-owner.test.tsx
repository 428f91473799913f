import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { CreateRepoForm } from './create-repo-form';

setupMswServer();

const org = (id: number, username: string) => ({
  id,
  username,
  full_name: '',
  avatar_url: '',
  description: '',
  website: '',
  location: '',
  visibility: 'public',
});

function withOrgs() {
  server.use(
    http.get(apiUrl('/user/orgs'), () => HttpResponse.json([org(7, 'acme'), org(8, 'readonly-org')])),
    http.get(apiUrl('/users/alice/orgs/:org/permissions'), ({ params }) =>
      HttpResponse.json({ is_owner: false, is_admin: false, can_write: false, can_read: true, can_create_repository: params.org === 'acme' }),
    ),
  );
}

describe('CreateRepoForm owner picker', () => {
  it('offers the user and the organizations where they may create repositories', async () => {
    withOrgs();
    renderRoute(() => <CreateRepoForm owner="alice" onCreated={vi.fn()} />);
    const owner = screen.getByLabelText('Owner');
    await waitFor(() =>
      expect(
        within(owner)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['alice', 'acme']),
    );
    expect(owner).toHaveValue('alice');
  });

  it('creates in the organization picked (preselected by ?org=<id>)', async () => {
    withOrgs();
    let sentTo = '';
    server.use(
      http.post(apiUrl('/orgs/:org/repos'), ({ params }) => ((sentTo = String(params.org)), HttpResponse.json(fakeRepo(), { status: 201 }))),
      http.post(apiUrl('/user/repos'), () => ((sentTo = 'user'), HttpResponse.json(fakeRepo(), { status: 201 }))),
    );
    const onCreated = vi.fn();
    renderRoute(() => <CreateRepoForm owner="alice" initialOrgId={7} onCreated={onCreated} />);
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveValue('acme'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Repository name'), 'tools');
    await user.click(screen.getByRole('button', { name: 'Create repository' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentTo).toBe('acme');

    await user.selectOptions(screen.getByLabelText('Owner'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Create repository' }));
    await waitFor(() => expect(sentTo).toBe('user'));
  });
});
