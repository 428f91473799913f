import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { RootLayout } from './root-layout';

setupMswServer();
// jsdom has no matchMedia; the theme switch asks it for the system colour scheme.
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(() => setSession(null));

describe('top bar Sign in', () => {
  it('returns to the page it was pressed on, query included', () => {
    renderRoute(RootLayout, { path: '/:owner/:repo/issues', url: '/alice/hello-forge/issues?state=closed&q=bug' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/user/login?redirect_to=${encodeURIComponent('/alice/hello-forge/issues?state=closed&q=bug')}`);
  });

  it('needs no redirect from the home page', () => {
    renderRoute(RootLayout, { path: '/', url: '/' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });
});
