import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { ForkButton } from './fork-button';

setupMswServer();
afterEach(() => setSession(null));

const repo = fakeRepo({ name: 'hello', forks_count: 2, permissions: { admin: false, push: false, pull: true } });
const Button = () => <ForkButton repo={repo} />;

describe('fork button', () => {
  it('shows only the count, linked to the forks list, to a signed-out visitor', async () => {
    renderRoute(Button);
    expect(screen.getByRole('link', { name: '2 forks, see forks' })).toHaveAttribute('href', '/alice/hello/forks');
    expect(screen.queryByRole('link', { name: 'Fork' })).not.toBeInTheDocument();
  });

  it('opens the fork form for a signed-in reader without a fork', async () => {
    setSession({ token: 't', login: 'bob' });
    server.use(
      http.get(apiUrl('/repos/alice/hello/forks'), () =>
        HttpResponse.json([fakeRepo({ id: 5, owner: fakeUser({ login: 'carol' }), name: 'hello', fork: true })]),
      ),
    );
    renderRoute(Button);
    expect(await screen.findByRole('link', { name: 'Fork' })).toHaveAttribute('href', '/alice/hello/fork');
  });

  it('offers your existing fork first, and a new fork after it', async () => {
    setSession({ token: 't', login: 'bob' });
    server.use(
      http.get(apiUrl('/repos/alice/hello/forks'), () =>
        HttpResponse.json([fakeRepo({ id: 6, owner: fakeUser({ login: 'bob' }), name: 'hello-mine', fork: true })]),
      ),
    );
    renderRoute(Button);
    const button = await screen.findByRole('button', { name: 'Fork' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getAllByRole('link').filter((l) => !l.textContent?.match(/^\d+$/));
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['bob/hello-mine', '/bob/hello-mine'],
      ['Create a new fork', '/alice/hello/fork'],
    ]);
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(within(document.body).queryByText('Your existing fork')).not.toBeInTheDocument();
  });
});
