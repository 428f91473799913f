import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { RefSwitcher } from './ref-switcher';

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSwitcher() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <RefSwitcher
              kind="branch"
              current="main"
              branches={['main', 'feature/login', 'feature/logout', 'docs']}
              tags={['v1.0']}
              defaultBranch="main"
              hrefFor={(k, n) => `/o/r/src/${k}/${n}`}
            />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/o/r/src/branch/main'] },
  );
  render(<RouterProvider router={router} />);
}

describe('branch/tag switcher keyboard', () => {
  it('Enter in the filter opens the first match', async () => {
    renderSwitcher();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /switch branch or tag/i }));
    await user.type(screen.getByLabelText('Filter branches and tags'), 'feat{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/o/r/src/branch/feature/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('arrow keys move through the matches and Enter opens the one reached', async () => {
    renderSwitcher();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /switch branch or tag/i }));
    await user.type(screen.getByLabelText('Filter branches and tags'), 'feat');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /feature\/login/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /feature\/logout/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /feature\/logout/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByLabelText('Filter branches and tags')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/o/r/src/branch/feature/logout');
  });
});
