import { describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { OrgMembers } from './org-members';

setupMswServer();

function renderMembers(props: { me?: string; isOwner: boolean; isMember: boolean }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Suspense fallback={<p>Loading…</p>}>
          <OrgMembers org="acme" {...props} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function membersApi() {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/orgs/acme/members'), () => HttpResponse.json([fakeUser({ id: 1, login: 'alice' }), fakeUser({ id: 2, login: 'bob' })])),
    http.get(apiUrl('/orgs/acme/public_members'), () => HttpResponse.json([fakeUser({ id: 2, login: 'bob' })])),
    http.delete(apiUrl('/orgs/acme/members/:u'), ({ params }) => (calls.push(`remove ${params.u}`), new HttpResponse(null, { status: 204 }))),
    http.put(apiUrl('/orgs/acme/public_members/:u'), ({ params }) => (calls.push(`publicize ${params.u}`), new HttpResponse(null, { status: 204 }))),
  );
  return calls;
}

describe('OrgMembers', () => {
  it('marks public and private members for an owner, who may remove others and publicize themselves', async () => {
    const calls = membersApi();
    renderMembers({ me: 'alice', isOwner: true, isMember: true });
    const list = await screen.findByRole('list', { name: 'Members of acme' });
    const [alice, bob] = within(list).getAllByRole('listitem');
    expect(await within(alice!).findByText('Private')).toBeInTheDocument();
    expect(within(bob!).getByText('Public')).toBeInTheDocument();
    expect(within(alice!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(alice!).getByRole('button', { name: 'Make public' }));
    await waitFor(() => expect(calls).toContain('publicize alice'));
    await user.click(within(bob!).getByRole('button', { name: 'Remove bob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls).toContain('remove bob'));
  });

  it('shows a stranger the names only', async () => {
    membersApi();
    renderMembers({ isOwner: false, isMember: false });
    expect(await screen.findByRole('link', { name: 'bob' })).toBeInTheDocument();
    expect(screen.queryByText('Public')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
