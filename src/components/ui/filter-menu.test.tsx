import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterMenu } from './filter-menu';

function Menu() {
  return (
    <FilterMenu label="Label">
      {(close) => (
        <>
          <button type="button" onClick={close}>
            bug
          </button>
          <button type="button" disabled>
            locked
          </button>
          <button type="button">feature</button>
          <a href="/labels">Manage labels</a>
        </>
      )}
    </FilterMenu>
  );
}

describe('filter menu keyboard', () => {
  it('opens on the first choice, arrows skip disabled ones and wrap, Escape closes back to the toggle', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const toggle = screen.getByText('Label', { selector: 'summary' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'bug' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'feature' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Manage labels' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'bug' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Manage labels' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle.closest('details')).not.toHaveAttribute('open');
    expect(toggle).toHaveFocus();
  });

  it('ArrowDown on the toggle opens the menu', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const toggle = screen.getByText('Label', { selector: 'summary' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle.closest('details')).toHaveAttribute('open');
    await waitFor(() => expect(screen.getByRole('button', { name: 'bug' })).toHaveFocus());
    // Back on the open menu's toggle (its choices may have loaded late), ArrowDown goes into it.
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle.closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'bug' })).toHaveFocus();
  });
});
