import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { fakePull } from '../test/list-fixtures';
import { PullHeader, type PullHeaderProps } from './pull-header';

setupMswServer();

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const branch = (ref: string) => ({ label: ref, ref, sha: 'a'.repeat(40), repo_id: 1, repo: null });

function setup(over: Partial<PullHeaderProps> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const props: PullHeaderProps = {
    owner: 'alice',
    repo: 'hello',
    pull: fakePull({ number: 7, title: 'Add search', user: alice, base: branch('main'), head: branch('search') }),
    commits: 3,
    canEdit: false,
    ...over,
  };
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <PullHeader {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const header = () => screen.getByRole('banner');

describe('pull request header', () => {
  it('says who wants to merge how many commits from which branch into which, with links to both', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Add search #7');
    expect(header()).toHaveTextContent('Open');
    expect(header()).toHaveTextContent('alice wants to merge 3 commits into main from search');
    expect(screen.getByRole('link', { name: 'main' })).toHaveAttribute('href', '/alice/hello/src/branch/main');
    expect(screen.getByRole('link', { name: 'search' })).toHaveAttribute('href', '/alice/hello/src/branch/search');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it.each([
    [{ draft: true }, 'Draft'],
    [{ state: 'closed' as const }, 'Closed'],
    [{ state: 'closed' as const, merged: true }, 'Merged'],
  ])('shows the state %o as %s', (over, text) => {
    setup({ pull: fakePull(over) });
    expect(header()).toHaveTextContent(new RegExp(`^.*#1${text}`));
  });

  it('says who merged it once merged', () => {
    setup({
      pull: fakePull({
        state: 'closed',
        merged: true,
        merged_by: bob,
        merged_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        base: branch('main'),
        head: branch('search'),
      }),
      commits: 1,
    });
    expect(header()).toHaveTextContent(/bob merged 1 commit into main from search\s*5 minutes ago/);
  });

  it('names a deleted head branch by its label, without a link (Gitea answers ref refs/pull/N/head then)', () => {
    setup({
      pull: fakePull({ state: 'closed', merged: true, merged_by: bob, base: branch('main'), head: { ...branch('refs/pull/1/head'), label: 'search' } }),
    });
    expect(header()).toHaveTextContent('bob merged 3 commits into main from search');
    expect(screen.queryByRole('link', { name: 'search' })).toBeNull();
  });

  it('lets the poster or a writer edit the title (PATCH, Gitea answers 201)', async () => {
    let body: unknown;
    server.use(
      http.patch(apiUrl('/repos/alice/hello/pulls/7'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(fakePull({ number: 7, title: 'Add fast search' }), { status: 201 });
      }),
    );
    const user = setup({ canEdit: true });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText('Title');
    await user.clear(input);
    await user.type(input, 'Add fast search{Enter}');
    await waitFor(() => expect(body).toEqual({ title: 'Add fast search' }));
    await waitFor(() => expect(screen.queryByLabelText('Title')).toBeNull());
  });
});
