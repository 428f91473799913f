import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { repoQueries } from '../api/repo-queries';
import { RepoStarButton, RepoWatchButton } from './repo-star-button';

setupMswServer();
afterEach(() => setSession(null));

// As on the repository header: the buttons get the repository the layout loaded.
function Header() {
  const { data } = useQuery(repoQueries.detail('alice', 'hello'));
  if (!data) return <p>Loading…</p>;
  return (
    <>
      <RepoWatchButton repo={data} />
      <RepoStarButton repo={data} />
    </>
  );
}

function serve(initial: { starred: boolean; watched: boolean }) {
  const state = { ...initial, stars: initial.starred ? 5 : 4, watchers: initial.watched ? 2 : 1 };
  server.use(
    http.get(apiUrl('/repos/:o/:r'), () => HttpResponse.json(fakeRepo({ name: 'hello', stars_count: state.stars, watchers_count: state.watchers }))),
    http.get(apiUrl('/user/starred/:o/:r'), () => new HttpResponse(null, { status: state.starred ? 204 : 404 })),
    http.put(apiUrl('/user/starred/:o/:r'), () => {
      state.starred = true;
      state.stars++;
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiUrl('/user/starred/:o/:r'), () => {
      state.starred = false;
      state.stars--;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/repos/:o/:r/subscription'), () =>
      state.watched ? HttpResponse.json({ subscribed: true, ignored: false }) : HttpResponse.json({ message: 'not watching', url: '' }, { status: 404 }),
    ),
    http.put(apiUrl('/repos/:o/:r/subscription'), () => {
      state.watched = true;
      state.watchers++;
      return HttpResponse.json({ subscribed: true, ignored: false });
    }),
    http.delete(apiUrl('/repos/:o/:r/subscription'), () => {
      state.watched = false;
      state.watchers--;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

describe('Star and watch buttons', () => {
  it('star and unstar change the count, which links to the stargazers', async () => {
    setSession({ token: 'tok', login: 'bob' });
    serve({ starred: false, watched: false });
    renderRoute(Header);
    await userEvent.click(await screen.findByRole('button', { name: 'Star' }));
    expect(await screen.findByRole('link', { name: '5 stars, see stargazers' })).toHaveAttribute('href', '/alice/hello/stars');
    expect(screen.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Unstar' }));
    expect(await screen.findByRole('link', { name: '4 stars, see stargazers' })).toBeInTheDocument();
  });

  it('watch and unwatch change the watcher count', async () => {
    setSession({ token: 'tok', login: 'bob' });
    serve({ starred: true, watched: true });
    renderRoute(Header);
    expect(await screen.findByText('2')).toHaveAccessibleName('2 watching');
    await userEvent.click(await screen.findByRole('button', { name: 'Unwatch' }));
    expect(await screen.findByLabelText('1 watching')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByLabelText('2 watching')).toBeInTheDocument();
  });

  // A read of "am I watching" that left before the click and answers after it must not put the old
  // state back: the button would say Watch again though the server says watching.
  function holdWatchReads(state: { watched: boolean }) {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let reads = 0;
    server.use(
      http.get(apiUrl('/repos/:o/:r/subscription'), async () => {
        const watching = state.watched;
        if (++reads > 1) await held;
        return watching ? HttpResponse.json({ subscribed: true, ignored: false }) : HttpResponse.json({ message: 'not watching', url: '' }, { status: 404 });
      }),
    );
    return { release: () => release(), reads: () => reads };
  }

  it('star then watch at once: the watch button keeps what the server said', async () => {
    setSession({ token: 'tok', login: 'bob' });
    const state = serve({ starred: false, watched: false });
    const reads = holdWatchReads(state);
    renderRoute(Header);
    await userEvent.click(await screen.findByRole('button', { name: 'Star' }));
    await screen.findByRole('button', { name: 'Unstar' });
    await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByLabelText('2 watching')).toBeInTheDocument();
    reads.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Unwatch' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a refetch begun before watching (the window regained focus) does not undo it', async () => {
    setSession({ token: 'tok', login: 'bob' });
    const state = serve({ starred: false, watched: false });
    const reads = holdWatchReads(state);
    renderRoute(Header);
    await screen.findByRole('button', { name: 'Watch' });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(reads.reads()).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByLabelText('2 watching')).toBeInTheDocument();
    reads.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Unwatch' })).toHaveAttribute('aria-pressed', 'true');
    focusManager.setFocused(undefined);
  });

  it('shows only the counts to a signed-out visitor', async () => {
    serve({ starred: false, watched: false });
    renderRoute(Header);
    expect(await screen.findByRole('link', { name: '4 stars, see stargazers' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
