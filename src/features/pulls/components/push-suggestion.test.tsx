import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PushSuggestion } from './push-suggestion';

afterEach(() => sessionStorage.clear());

const push = { branch: 'feature/login', at: new Date(Date.now() - 5 * 60_000).toISOString() };

function renderBanner() {
  const router = createMemoryRouter([
    { path: '*', element: <PushSuggestion push={push} scope="alice/hello" compareHref="/alice/hello/compare/main...feature/login" /> },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('PushSuggestion', () => {
  it('says which branch had pushes when, and links to its comparison', () => {
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Recent push' });
    expect(banner).toHaveTextContent('feature/login had recent pushes 5 minutes ago');
    expect(screen.getByRole('link', { name: 'Compare & pull request' })).toHaveAttribute('href', '/alice/hello/compare/main...feature/login');
  });

  it('stays dismissed for the session once dismissed', async () => {
    const { unmount } = renderBanner();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Recent push' })).not.toBeInTheDocument();
    unmount();
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Recent push' })).not.toBeInTheDocument();
  });
});
