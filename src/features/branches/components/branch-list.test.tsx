import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import type { Branch } from '../api/branch-queries';
import { BranchList } from './branch-list';

setupMswServer();
afterEach(cleanup);

const branch = (name: string, over: Partial<Branch> = {}): Branch =>
  ({
    name,
    commit: { id: 'a'.repeat(40), message: 'work', timestamp: '2026-01-01T00:00:00Z' },
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: true,
    user_can_merge: true,
    effective_branch_protection_name: '',
    ...over,
  }) as Branch;

function renderList(branches: Branch[], can = { push: true, admin: false }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const [main, ...others] = branches;
  const router = createMemoryRouter(
    [{ path: '*', element: <BranchList owner="alice" repo="app" defaultBranch="main" defaultBranchInfo={main!} branches={others} tags={[]} can={can} /> }],
    { initialEntries: ['/alice/app/branches'] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('branch list protection', () => {
  it('badges protected branches with their rule and disables what the viewer may not do, saying why', () => {
    renderList([
      branch('main', { protected: true, effective_branch_protection_name: 'main', user_can_push: false }),
      branch('release/1.0', { protected: true, effective_branch_protection_name: 'release/*', user_can_push: false }),
      branch('release/2.0', { protected: true, effective_branch_protection_name: 'release/*', user_can_push: true }),
      branch('feature'),
    ]);
    const release = row('release/1.0');
    // Seen as "Protected" with the rule in its tooltip; read out with the rule.
    const badge = within(release).getByTitle('Protected by rule release/*');
    expect(badge).toHaveTextContent('Protected by rule release/*');
    expect(within(release).getByRole('button', { name: 'Delete branch release/1.0' })).toBeDisabled();
    expect(within(release).getByRole('button', { name: 'Rename branch release/1.0' })).toBeDisabled();
    expect(release).toHaveTextContent('Protected by rule release/*: you may not push to it, so you cannot rename or delete it.');

    // Protected, but this viewer is on the push whitelist.
    const release2 = row('release/2.0');
    expect(within(release2).getByTitle('Protected by rule release/*')).toBeInTheDocument();
    expect(release2).not.toHaveTextContent('you may not push');
    expect(within(release2).getByRole('button', { name: 'Delete branch release/2.0' })).toBeEnabled();

    const feature = row('feature');
    expect(feature).not.toHaveTextContent('Protected');
    expect(within(feature).getByRole('button', { name: 'Delete branch feature' })).toBeEnabled();
  });

  it('lets an admin rename a protected branch they may not push to, but not delete it', () => {
    renderList([branch('main'), branch('stable', { protected: true, effective_branch_protection_name: 'stable', user_can_push: false })], {
      push: true,
      admin: true,
    });
    const stable = row('stable');
    expect(within(stable).getByRole('button', { name: 'Rename branch stable' })).toBeEnabled();
    expect(within(stable).getByRole('button', { name: 'Delete branch stable' })).toBeDisabled();
    expect(stable).toHaveTextContent('Protected by rule stable: you may not push to it, so you cannot delete it.');
  });

  it("shows the server's message when it refuses a delete", async () => {
    server.use(
      http.delete(apiUrl('/repos/alice/app/branches/release%2F2.0'), () =>
        HttpResponse.json({ message: 'branch release/2.0 is protected by rule release/*', url: '' }, { status: 403 }),
      ),
    );
    renderList([branch('main'), branch('release/2.0', { protected: true, effective_branch_protection_name: 'release/*' })]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete branch release/2.0' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete branch' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('branch release/2.0 is protected by rule release/*');
  });

  it("shows the server's message when it refuses a rename", async () => {
    server.use(
      http.patch(apiUrl('/repos/alice/app/branches/stable'), () =>
        HttpResponse.json({ message: 'Branch is protected by rule stable', url: '' }, { status: 403 }),
      ),
    );
    renderList([branch('main'), branch('stable', { protected: true, effective_branch_protection_name: 'stable' })]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename branch stable' }));
    const name = screen.getByLabelText('New name');
    await user.clear(name);
    await user.type(name, 'stable-2');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Branch is protected by rule stable');
    expect(name).toHaveValue('stable-2');
  });
});
