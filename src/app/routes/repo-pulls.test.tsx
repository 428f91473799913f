import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeLabel } from '@/features/issues/test/fixtures';
import { fakeReview } from '@/features/reviews/test/fixtures';
import { fakePull } from '@/features/pulls/test/list-fixtures';
import type { components } from '@/lib/api/schema';
import { Component } from './repo-pulls';

type PullRequest = components['schemas']['PullRequest'];

setupMswServer();

/** Every query string the list endpoint was called with (not the one-item count requests). */
let listCalls: URLSearchParams[] = [];

function servePulls(byState: { open: PullRequest[]; closed: PullRequest[] }) {
  server.use(
    http.get(apiUrl('/repos/alice/hello/pulls'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const state = (q.get('state') ?? 'open') as 'open' | 'closed';
      let rows = byState[state];
      const labels = q.getAll('labels').map(Number);
      if (labels.length) rows = rows.filter((p) => labels.every((id) => p.labels.some((l) => l.id === id)));
      if (q.get('base_branch')) rows = rows.filter((p) => p.base.ref === q.get('base_branch'));
      const headers = { 'X-Total-Count': String(rows.length) };
      if (q.get('limit') === '1') return HttpResponse.json(rows.slice(0, 1), { headers });
      listCalls.push(q);
      return HttpResponse.json(rows, { headers });
    }),
  );
}

beforeEach(() => {
  listCalls = [];
  setSession({ token: 't', login: 'alice' });
  server.use(
    http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ name: 'hello' }))),
    http.get(apiUrl('/repos/alice/hello/labels'), () =>
      HttpResponse.json([fakeLabel({ id: 5, name: 'bug' }), fakeLabel({ id: 6, name: 'docs', color: '0075ca' })]),
    ),
    http.get(apiUrl('/repos/alice/hello/milestones'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/pulls/pinned'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/branches'), () => HttpResponse.json([{ name: 'main' }, { name: 'release/1.x' }])),
    http.get(apiUrl('/repos/alice/hello/pulls/:index/reviews'), () => HttpResponse.json([])),
    http.get(apiUrl('/repos/alice/hello/commits/:ref/status'), ({ params }) =>
      HttpResponse.json({ state: '', sha: params.ref, total_count: 0, statuses: [], repository: null, commit_url: '', url: '' }),
    ),
  );
});
afterEach(() => setSession(null));

const route = { path: '/:owner/:repo/pulls', url: '/alice/hello/pulls' };

describe('pull request list', () => {
  it('shows the pinned pull requests above the list, in their order', async () => {
    servePulls({ open: [fakePull({ number: 7, title: 'Faster startup' })], closed: [] });
    server.use(
      http.get(apiUrl('/repos/alice/hello/pulls/pinned'), () =>
        HttpResponse.json([
          fakePull({ number: 9, title: 'Release 2.0', pin_order: 1 }),
          fakePull({ number: 4, title: 'Old API', pin_order: 2, state: 'closed' }),
        ]),
      ),
    );
    renderRoute(Component, route);
    const pinned = await screen.findByRole('region', { name: 'Pinned pull requests' });
    expect(
      within(pinned)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Release 2.0 #9', '/alice/hello/pulls/9'],
      ['Old API #4', '/alice/hello/pulls/4'],
    ]);
  });

  it('shows each open pull request with its labels, branches, comments, review and check state', async () => {
    const bob = fakeUser({ id: 2, login: 'bob' });
    const approved = fakePull({ number: 7, title: 'Faster startup', labels: [fakeLabel({ id: 5, name: 'bug' })], comments: 3, user: bob });
    const draft = fakePull({
      number: 8,
      title: 'WIP: new parser',
      draft: true,
      base: { label: 'release/1.x', ref: 'release/1.x', sha: 'b'.repeat(40), repo_id: 1, repo: null },
    });
    servePulls({ open: [approved, draft], closed: [fakePull({ number: 2, state: 'closed', merged: true, merged_at: new Date().toISOString() })] });
    server.use(
      http.get(apiUrl('/repos/alice/hello/pulls/7/reviews'), () =>
        HttpResponse.json([fakeReview(1, fakeUser({ id: 3, login: 'carol' }), { state: 'APPROVED' })]),
      ),
      http.get(apiUrl('/repos/alice/hello/pulls/8/reviews'), () =>
        HttpResponse.json([fakeReview(2, fakeUser({ id: 3, login: 'carol' }), { state: 'REQUEST_CHANGES' })]),
      ),
      http.get(apiUrl(`/repos/alice/hello/commits/${approved.head.sha}/status`), () =>
        HttpResponse.json({ state: 'success', sha: approved.head.sha, total_count: 1, statuses: [], repository: null, commit_url: '', url: '' }),
      ),
      http.get(apiUrl(`/repos/alice/hello/commits/${draft.head.sha}/status`), () =>
        HttpResponse.json({ state: 'failure', sha: draft.head.sha, total_count: 1, statuses: [], repository: null, commit_url: '', url: '' }),
      ),
    );
    renderRoute(Component, route);

    const first = (await screen.findByRole('link', { name: 'Faster startup' })).closest('li')!;
    expect(first).toHaveTextContent(/#7 opened .* by bob/);
    expect(within(first).getByRole('link', { name: 'Label: bug' })).toHaveAttribute('href', '/alice/hello/pulls?labels=5');
    expect(within(first).getByLabelText('from feature-7 into main')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '3 comments' })).toBeInTheDocument();
    expect(await within(first).findByText('Approved')).toBeInTheDocument();
    expect(await within(first).findByRole('img', { name: 'All checks passed' })).toBeInTheDocument();

    const second = screen.getByRole('link', { name: 'WIP: new parser' }).closest('li')!;
    expect(within(second).getByText('Draft', { selector: 'span.sr-only' })).toBeInTheDocument();
    expect(within(second).getByLabelText('from feature-8 into release/1.x')).toBeInTheDocument();
    expect(await within(second).findByText('Changes requested')).toBeInTheDocument();
    expect(await within(second).findByRole('img', { name: 'Some checks failed' })).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Pull request state' });
    expect(within(tabs).getByRole('link', { name: /2 Open/ })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(within(tabs).getByRole('link', { name: /1 Closed/ })).toBeInTheDocument());
  });

  it('switches to closed pull requests through the URL', async () => {
    const merged = fakePull({ number: 2, title: 'Old work', state: 'closed', merged: true, merged_at: new Date(Date.now() - 60_000).toISOString() });
    servePulls({ open: [fakePull({ number: 3 })], closed: [merged] });
    const { router } = renderRoute(Component, route);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Closed/ }));
    const row = (await screen.findByRole('link', { name: 'Old work' })).closest('li')!;
    expect(router.state.location.search).toBe('?state=closed');
    expect(row).toHaveTextContent(/#2 by alice was merged/);
    expect(within(row).getByText('Merged', { selector: 'span.sr-only' })).toBeInTheDocument();
    expect(listCalls.at(-1)!.get('state')).toBe('closed');
  });

  it('keeps label, base branch and sort in the URL and sends them to the API', async () => {
    const bug = fakePull({ number: 4, title: 'Fix the crash', labels: [fakeLabel({ id: 5, name: 'bug' })] });
    servePulls({ open: [bug, fakePull({ number: 5, title: 'Docs' })], closed: [] });
    const { router } = renderRoute(Component, route);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Docs' });

    await user.click(screen.getByText('Labels', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'bug' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Docs' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?labels=5');
    expect(listCalls.at(-1)!.getAll('labels')).toEqual(['5']);
    expect(screen.getByRole('link', { name: 'Remove filter label: bug' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest');
    await waitFor(() => expect(router.state.location.search).toBe('?labels=5&sort=oldest'));
    await waitFor(() => expect(listCalls.at(-1)!.get('sort')).toBe('oldest'));

    await user.click(screen.getByText('Base', { selector: 'summary' }));
    await user.click(await screen.findByRole('button', { name: 'release/1.x' }));
    await waitFor(() => expect(router.state.location.search).toBe('?labels=5&sort=oldest&base=release%2F1.x'));
    await waitFor(() => expect(listCalls.at(-1)!.get('base_branch')).toBe('release/1.x'));
    const empty = (await screen.findByRole('heading', { name: 'No results' })).parentElement!;
    expect(empty).toHaveTextContent('No open pull requests match these filters.');

    await user.click(within(empty).getByRole('link', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Docs' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=oldest');
  });

  it('invites the first pull request when there is none, with a button to the compare page', async () => {
    servePulls({ open: [], closed: [] });
    renderRoute(Component, route);
    expect(await screen.findByRole('heading', { name: 'No pull requests yet' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Pull requests' });
    expect(within(list).getByRole('link', { name: 'New pull request' })).toHaveAttribute('href', '/alice/hello/compare');
  });

  it('says there are no open pull requests when only closed ones exist', async () => {
    servePulls({ open: [], closed: [fakePull({ number: 1, state: 'closed' })] });
    renderRoute(Component, route);
    expect(await screen.findByRole('heading', { name: 'No open pull requests' })).toBeInTheDocument();
  });
});
