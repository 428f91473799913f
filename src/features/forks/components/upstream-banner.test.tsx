import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { UpstreamBanner } from './upstream-banner';

setupMswServer();

const parent = fakeRepo({ id: 1, owner: fakeUser({ login: 'alice' }), name: 'hello', permissions: { admin: false, push: false, pull: true } });
const fork = fakeRepo({ id: 2, owner: fakeUser({ id: 2, login: 'bob' }), name: 'hello', fork: true, permissions: { admin: true, push: true, pull: true } });

const compare = (n: number) => HttpResponse.json({ total_commits: n, commits: [] });

/** Answers the two comparisons: the fork's (what the parent has that it lacks) and the parent's. */
function serveDivergence(state: { ahead: number; behind: number } | 'no-branch') {
  const seen: string[] = [];
  server.use(
    http.get(apiUrl('/repos/bob/hello/compare/*'), ({ request }) => {
      seen.push(`bob: ${decodeURIComponent(new URL(request.url).pathname.split('/compare/')[1]!)}`);
      return state === 'no-branch' ? HttpResponse.json({ message: 'not found', url: '' }, { status: 404 }) : compare(state.behind);
    }),
    http.get(apiUrl('/repos/alice/hello/compare/*'), ({ request }) => {
      seen.push(`alice: ${decodeURIComponent(new URL(request.url).pathname.split('/compare/')[1]!)}`);
      return state === 'no-branch' ? HttpResponse.json({ message: 'not found', url: '' }, { status: 404 }) : compare(state.ahead);
    }),
  );
  return seen;
}

const Banner = ({ f = fork }: { f?: typeof fork }) => <UpstreamBanner fork={f} parent={parent} branch="main" />;

let state = { ahead: 0, behind: 0 };
beforeEach(() => {
  state = { ahead: 0, behind: 0 };
});
afterEach(() => server.resetHandlers());

describe('upstream banner', () => {
  it('says how far behind the parent the branch is, syncs it and shows how', async () => {
    state = { ahead: 0, behind: 3 };
    const seen = serveDivergence(state);
    let body: unknown;
    server.use(
      http.post(apiUrl('/repos/bob/hello/merge-upstream'), async ({ request }) => {
        body = await request.json();
        state.behind = 0;
        return HttpResponse.json({ merge_type: 'fast-forward' });
      }),
    );
    renderRoute(Banner);
    const banner = await screen.findByRole('region', { name: 'Upstream' });
    expect(banner).toHaveTextContent('This branch is 3 commits behind alice/hello:main.');
    expect(seen).toEqual(expect.arrayContaining(['bob: main...alice:main', 'alice: main...bob:main']));
    expect(within(banner).getByRole('link', { name: 'alice/hello:main' })).toHaveAttribute('href', '/alice/hello/src/branch/main');
    expect(within(banner).queryByRole('link', { name: 'Contribute' })).not.toBeInTheDocument();

    await userEvent.click(within(banner).getByRole('button', { name: 'Sync with upstream' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent('Synced: main was fast-forwarded to alice/hello:main.');
    expect(body).toEqual({ branch: 'main', ff_only: false });
    await waitFor(() => expect(banner).toHaveTextContent('This branch is up to date with alice/hello:main.'));
    expect(within(banner).queryByRole('button', { name: 'Sync with upstream' })).not.toBeInTheDocument();
  });

  it('says so when the branch already had every upstream commit', async () => {
    serveDivergence({ ahead: 0, behind: 1 });
    server.use(http.post(apiUrl('/repos/bob/hello/merge-upstream'), () => HttpResponse.json({ merge_type: 'up-to-date' })));
    renderRoute(Banner);
    const banner = await screen.findByRole('region', { name: 'Upstream' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Sync with upstream' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent('main was already up to date with alice/hello:main.');
  });

  it('shows a merge commit made to sync a branch that had diverged', async () => {
    serveDivergence({ ahead: 1, behind: 1 });
    server.use(http.post(apiUrl('/repos/bob/hello/merge-upstream'), () => HttpResponse.json({ merge_type: 'merge' })));
    renderRoute(Banner);
    const banner = await screen.findByRole('region', { name: 'Upstream' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Sync with upstream' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent('Synced: alice/hello:main was merged into main with a merge commit.');
  });

  it('shows the server refusing a sync in its own words', async () => {
    serveDivergence({ ahead: 1, behind: 2 });
    server.use(
      http.post(apiUrl('/repos/bob/hello/merge-upstream'), () =>
        HttpResponse.json({ message: 'branch main is protected: pushing is not allowed', url: '' }, { status: 403 }),
      ),
    );
    renderRoute(Banner);
    const banner = await screen.findByRole('region', { name: 'Upstream' });
    expect(banner).toHaveTextContent('This branch is 1 commit ahead of, 2 commits behind alice/hello:main.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Sync with upstream' }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent('branch main is protected: pushing is not allowed');
  });

  it('offers a pull request to the parent when ahead, and no sync to someone who cannot push', async () => {
    serveDivergence({ ahead: 2, behind: 0 });
    renderRoute(() => <Banner f={{ ...fork, permissions: { admin: false, push: false, pull: true } }} />);
    const banner = await screen.findByRole('region', { name: 'Upstream' });
    expect(banner).toHaveTextContent('This branch is 2 commits ahead of alice/hello:main.');
    expect(within(banner).getByRole('link', { name: 'Contribute' })).toHaveAttribute('href', '/alice/hello/compare/main...bob:main');
    expect(within(banner).queryByRole('button', { name: 'Sync with upstream' })).not.toBeInTheDocument();
  });

  it('stays away when the parent has no branch of that name', async () => {
    const seen = serveDivergence('no-branch');
    renderRoute(Banner);
    await waitFor(() => expect(seen.length).toBe(2));
    expect(screen.queryByRole('region', { name: 'Upstream' })).not.toBeInTheDocument();
  });
});
