import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, useNavigate } from 'react-router';
import { renderRouter } from '@/test/render-route';
import { useLatestSearchParams } from './use-latest-search';

/** A list page with a filter link and a sort button that builds on the latest URL state. */
function Page() {
  const latest = useLatestSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <Link to="?label=bug">Only bugs</Link>
      <button
        onClick={() => {
          const next = new URLSearchParams(latest);
          next.set('sort', 'oldest');
          navigate(`?${next}`);
        }}
      >
        Oldest first
      </button>
    </>
  );
}

describe('useLatestSearchParams', () => {
  it('builds a choice made while the previous one still loads on that one, so neither is lost', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          Component: Page,
          HydrateFallback: () => null,
          loader: async ({ request }) => (new URL(request.url).searchParams.has('label') ? await gate : null, null),
        },
      ],
      { initialEntries: ['/list'] },
    );
    renderRouter(router);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Only bugs' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await user.click(screen.getByRole('button', { name: 'Oldest first' }));
    open();
    await waitFor(() => expect(router.state.location.search).toBe('?label=bug&sort=oldest'));
  });
});
