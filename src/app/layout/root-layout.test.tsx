import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { RootLayout } from './root-layout';

setupMswServer();
// jsdom has no matchMedia; the theme switch asks it for the system colour scheme.
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});
afterEach(() => setSession(null));

describe('top bar Sign in', () => {
  it('returns to the page it was pressed on, query included', () => {
    renderRoute(RootLayout, { path: '/:owner/:repo/issues', url: '/alice/hello-forge/issues?state=closed&q=bug' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/user/login?redirect_to=${encodeURIComponent('/alice/hello-forge/issues?state=closed&q=bug')}`,
    );
  });

  it('needs no redirect from the home page', () => {
    renderRoute(RootLayout, { path: '/', url: '/' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });
});

describe('user menu keyboard (WAI-ARIA menu button)', () => {
  it('opens on its first item, arrows move and wrap, Escape closes back to the button', async () => {
    const user = userEvent.setup();
    server.use(http.get(apiUrl('/user'), () => HttpResponse.json({ id: 1, login: 'alice', avatar_url: '' })));
    setSession({ token: 't', login: 'alice' });
    renderRoute(RootLayout, { path: '/', url: '/' });
    const button = screen.getByRole('button', { name: 'alice — user menu' });
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Your issues' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Your profile' })).toHaveFocus();
  });
});

describe('top bar for a signed-in user', () => {
  const signedIn = () => {
    server.use(http.get(apiUrl('/user'), () => HttpResponse.json({ id: 1, login: 'alice', avatar_url: '' })));
    setSession({ token: 't', login: 'alice' });
  };

  it('links to your issues and pull requests', () => {
    signedIn();
    renderRoute(RootLayout, { path: '/', url: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Issues' })).toHaveAttribute('href', '/issues');
    expect(within(nav).getByRole('link', { name: 'Pull requests' })).toHaveAttribute('href', '/pulls');
  });

  it('has neither link when signed out', () => {
    renderRoute(RootLayout, { path: '/', url: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Issues' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create…' })).toBeNull();
  });

  it('offers a new repository or organization from the "+" menu, a menu button like the user menu', async () => {
    const user = userEvent.setup();
    signedIn();
    renderRoute(RootLayout, { path: '/', url: '/' });
    const button = screen.getByRole('button', { name: 'Create…' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Create' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => [i.textContent, i.getAttribute('href')]),
    ).toEqual([
      ['New repository', '/repo/create'],
      ['New organization', '/org/create'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'New repository' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'New organization' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'New repository' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('inside a repository, starts the "+" menu with a new issue and a new pull request there', async () => {
    const user = userEvent.setup();
    signedIn();
    renderRoute(RootLayout, { path: '/:owner/:repo/issues', url: '/bob/hello-forge/issues' });
    const button = screen.getByRole('button', { name: 'Create…' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Create' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => [i.textContent, i.getAttribute('href')]),
    ).toEqual([
      ['New issue', '/bob/hello-forge/issues/new'],
      ['New pull request', '/bob/hello-forge/compare'],
      ['New repository', '/repo/create'],
      ['New organization', '/org/create'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'New issue' })).toHaveFocus();
    await user.click(within(menu).getByRole('menuitem', { name: 'New pull request' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/bob/hello-forge/compare');
  });
});
