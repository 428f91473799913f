import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakeIssue, fakeLabel, fakeMilestone } from '@/features/issues/test/fixtures';
import { Component } from './repo-issues';

setupMswServer();
afterEach(() => setSession(null));

const bug = fakeLabel({ id: 1, name: 'bug', color: 'b60205' });
const ui = fakeLabel({ id: 2, name: 'ui', color: 'fbca04' });

function handlers(issues: ReturnType<typeof fakeIssue>[], totals = { open: 42, closed: 7 }, pinned: ReturnType<typeof fakeIssue>[] | 404 = []) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/repos/alice/hello/issues/pinned'), () =>
      pinned === 404 ? HttpResponse.json({ message: 'not found' }, { status: 404 }) : HttpResponse.json(pinned),
    ),
    http.get(apiUrl('/repos/alice/hello'), () => HttpResponse.json(fakeRepo({ owner: fakeUser(), name: 'hello' }))),
    http.get(apiUrl('/repos/alice/hello/labels'), () => HttpResponse.json([bug, ui], { headers: { 'X-Total-Count': '2' } })),
    http.get(apiUrl('/repos/alice/hello/milestones'), ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('state') === 'open' ? [fakeMilestone({ id: 3, title: 'v1.0' })] : []),
    ),
    http.get(apiUrl('/repos/alice/hello/issues'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const state = q.get('state') as 'open' | 'closed';
      if (q.get('limit') === '1') return HttpResponse.json(issues.slice(0, 1), { headers: { 'X-Total-Count': String(totals[state]) } });
      return HttpResponse.json(issues, { headers: { 'X-Total-Count': String(totals[state]) } });
    }),
  );
  return asked;
}

describe('issue list', () => {
  it('shows the pinned issues above the list, in their order, and nothing from a server without pins', async () => {
    handlers([fakeIssue({ number: 3, title: 'Listed' })], undefined, [
      fakeIssue({ number: 9, title: 'Read this first', pin_order: 1 }),
      fakeIssue({ number: 4, title: 'Then this', pin_order: 2, state: 'closed' }),
    ]);
    renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues' });
    const pinned = await screen.findByRole('region', { name: 'Pinned issues' });
    const links = within(pinned).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Read this first #9', '/alice/hello/issues/9'],
      ['Then this #4', '/alice/hello/issues/4'],
    ]);
    expect(within(pinned).getByText('Closed')).toBeInTheDocument();
  });

  it('shows no pinned section when the server has no pins (404)', async () => {
    handlers([fakeIssue({ number: 3, title: 'Listed' })], undefined, 404);
    renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues' });
    await screen.findByRole('link', { name: 'Listed' });
    expect(screen.queryByRole('region', { name: 'Pinned issues' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('builds its request from the URL and renders rows with coloured label chips', async () => {
    const asked = handlers(
      [
        fakeIssue({ number: 12, title: 'Crash on start', labels: [bug, ui], comments: 3, milestone: fakeMilestone({ id: 3, title: 'v1.0' }) }),
        fakeIssue({ number: 11, title: 'Typo in README' }),
      ],
      { open: 42, closed: 27 },
    );
    renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues?state=closed&labels=bug,ui&q=crash&page=2&sort=oldest&poster=bob' });

    const link = await screen.findByRole('link', { name: 'Crash on start' });
    expect(link).toHaveAttribute('href', '/alice/hello/issues/12');
    const list = asked.find((q) => q.get('limit') !== '1')!;
    expect(Object.fromEntries(list)).toEqual({
      type: 'issues',
      limit: '20',
      state: 'closed',
      labels: 'bug,ui',
      q: 'crash',
      created_by: 'bob',
      sort: 'oldest',
      page: '2',
    });

    const row = link.closest('li')!;
    const chip = within(row).getByText('bug');
    expect(chip.closest('span[style]')).toHaveStyle({ backgroundColor: '#b60205', color: '#ffffff' });
    // Yellow is light, so its text is dark.
    expect(within(row).getByText('ui').closest('span[style]')).toHaveStyle({ color: '#000000' });
    expect(within(row).getByRole('link', { name: 'Label: bug' })).toHaveAttribute('href', '/alice/hello/issues?labels=bug');
    expect(within(row).getByText(/#12/)).toHaveTextContent(/opened .* ago by alice/);
    expect(within(row).getByRole('link', { name: 'v1.0' })).toHaveAttribute('href', '/alice/hello/milestone/3');
    expect(within(row).getByRole('link', { name: '3 comments' })).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Issue state' });
    expect(await within(tabs).findByRole('link', { name: /42 Open/ })).toHaveAttribute('href', expect.stringContaining('labels=bug%2Cui'));
    expect(within(tabs).getByRole('link', { name: /27 Closed/ })).toHaveAttribute('aria-current', 'page');

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('writes a label filter and the search text to the URL, starting again at page 1', async () => {
    const asked = handlers([fakeIssue({ number: 1, title: 'One' })]);
    const { router } = renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues?page=3' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'One' });

    await user.click(screen.getByText('Labels', { selector: 'summary' }));
    await user.click(await screen.findByRole('checkbox', { name: 'ui' }));
    expect(router.state.location.search).toBe('?labels=ui');

    const box = screen.getByRole('searchbox', { name: 'Search issues' });
    await user.type(box, 'crash{Enter}');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('crash');
    expect(new URLSearchParams(router.state.location.search).get('labels')).toBe('ui');
    expect(await screen.findByRole('link', { name: 'Remove filter label: ui' })).toBeInTheDocument();
    // The open and closed counts follow the new filter too (and are answered before the test ends).
    await waitFor(() =>
      expect(
        asked
          .filter((q) => q.get('q') === 'crash' && q.get('labels') === 'ui' && q.get('limit') === '1')
          .map((q) => q.get('state'))
          .sort(),
      ).toEqual(['closed', 'open']),
    );
  });

  it('says "No results" with a clear-filters link when filters match nothing', async () => {
    handlers([], { open: 0, closed: 0 });
    renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues?labels=bug&sort=oldest' });
    expect(await screen.findByRole('heading', { name: 'No results' })).toBeInTheDocument();
    const clear = screen.getAllByRole('link', { name: 'Clear filters' })[0]!;
    expect(clear).toHaveAttribute('href', '/alice/hello/issues?sort=oldest');
  });

  it('invites a signed-in user to open the first issue of an empty repository', async () => {
    setSession({ token: 't', login: 'alice' });
    server.use(http.get(apiUrl('/user'), () => HttpResponse.json(fakeUser())));
    handlers([], { open: 0, closed: 0 });
    renderRoute(Component, { path: '/:owner/:repo/issues', url: '/alice/hello/issues' });
    expect(await screen.findByRole('heading', { name: 'No issues yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the first one' })).toHaveAttribute('href', '/alice/hello/issues/new');
    expect(screen.getByRole('link', { name: 'New issue' })).toBeInTheDocument();
  });
});
