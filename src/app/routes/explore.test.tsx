import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { Component as Explore } from './explore';

setupMswServer();

function searchHandler(requests: URLSearchParams[], total = 2) {
  return http.get(apiUrl('/repos/search'), ({ request }) => {
    requests.push(new URL(request.url).searchParams);
    const bob = fakeUser({ id: 2, login: 'bob' });
    return HttpResponse.json(
      {
        ok: true,
        data: [
          fakeRepo({ id: 1, name: 'forge-ui', description: 'The web app', stars_count: 12, private: true }),
          fakeRepo({ id: 2, owner: bob, name: 'forge-cli', archived: true, template: true }),
        ],
      },
      { headers: { 'X-Total-Count': String(total) } },
    );
  });
}

describe('Explore page', () => {
  it('sends the URL state (q, sort, order) and shows it in the controls', async () => {
    const requests: URLSearchParams[] = [];
    server.use(searchHandler(requests, 45));
    renderRoute(Explore, { path: '/explore/repos', url: '/explore/repos?q=forge&sort=stars&order=desc&mode=source&archived=false' });

    expect(await screen.findByRole('link', { name: /forge-ui/ })).toHaveAttribute('href', '/alice/forge-ui');
    const sent = requests[0];
    expect(sent.get('q')).toBe('forge');
    expect(sent.get('sort')).toBe('stars');
    expect(sent.get('order')).toBe('desc');
    expect(sent.get('mode')).toBe('source');
    expect(sent.get('archived')).toBe('false');
    expect(sent.get('page')).toBe('1');

    expect(screen.getByRole('searchbox', { name: 'Find a repository' })).toHaveValue('forge');
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(sort).toHaveDisplayValue('Most stars');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Sources');
    expect(screen.getByRole('combobox', { name: 'Archived' })).toHaveDisplayValue('Hide archived');
    expect(screen.getByText('45 repositories matching “forge”')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // Badges on the cards.
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText('Archived', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Template')).toBeInTheDocument();
  });

  it('changing the sort updates the URL and the request, keeping the search', async () => {
    const requests: URLSearchParams[] = [];
    server.use(searchHandler(requests));
    const { router } = renderRoute(Explore, { path: '/explore/repos', url: '/explore/repos?q=forge&page=2' });
    await screen.findByRole('link', { name: /forge-ui/ });
    // No sort in the URL: most recently updated first.
    expect(requests[0].get('sort')).toBe('updated');
    expect(requests[0].get('order')).toBe('desc');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveDisplayValue('Recently updated');

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest');
    await waitFor(() => expect(router.state.location.search).toBe('?q=forge&sort=created&order=desc'));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('created'));
    expect(requests.at(-1)?.get('q')).toBe('forge');
    // A new sort starts again at the first page.
    expect(requests.at(-1)?.get('page')).toBe('1');
  });

  it('submitting the search box puts q in the URL', async () => {
    const requests: URLSearchParams[] = [];
    server.use(searchHandler(requests));
    const { router } = renderRoute(Explore, { path: '/explore/repos', url: '/explore/repos' });
    await screen.findByRole('link', { name: /forge-ui/ });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a repository' }), 'cli{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cli'));
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('cli'));
  });

  it('shows an empty state when nothing matches', async () => {
    server.use(http.get(apiUrl('/repos/search'), () => HttpResponse.json({ ok: true, data: [] }, { headers: { 'X-Total-Count': '0' } })));
    renderRoute(Explore, { path: '/explore/repos', url: '/explore/repos?q=zzz' });
    expect(await screen.findByRole('heading', { name: 'No repositories match' })).toBeInTheDocument();
  });

  it('searches by a topic from a topic link, and words typed in the box search names again', async () => {
    const requests: URLSearchParams[] = [];
    server.use(searchHandler(requests, 1));
    renderRoute(Explore, { path: '/explore/repos', url: '/explore/repos?q=cli&topic=1' });
    expect(await screen.findByText('1 repository with the topic “cli”')).toBeInTheDocument();
    expect(requests[0].get('q')).toBe('cli');
    expect(requests[0].get('topic')).toBe('true');

    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Find a repository' });
    await user.clear(box);
    await user.type(box, 'forge{Enter}');
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('forge'));
    expect(requests.at(-1)?.get('topic')).toBeNull();
    expect(await screen.findByText('1 repository matching “forge”')).toBeInTheDocument();
  });
});
