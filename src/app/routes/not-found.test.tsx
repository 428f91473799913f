import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setSession } from '@/lib/auth-store';
import { renderRoute } from '@/test/render-route';
import { NotFoundPage } from './not-found';

afterEach(() => setSession(null));

describe('404 page', () => {
  it('asks a signed-out visitor to sign in, and to come back here', () => {
    renderRoute(NotFoundPage, { path: '*', url: '/alice/secret/issues?state=open' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/you may need to sign in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/user/login?redirect_to=${encodeURIComponent('/alice/secret/issues?state=open')}`,
    );
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('does not ask a signed-in user to sign in', () => {
    setSession({ token: 't', login: 'alice' });
    renderRoute(NotFoundPage, { path: '*', url: '/alice/secret' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/sign in/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeInTheDocument();
  });
});
