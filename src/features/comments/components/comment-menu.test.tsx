import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentMenu } from './comment-menu';

describe('comment menu keyboard (WAI-ARIA menu button)', () => {
  const actions = () => [
    { label: 'Copy link', onSelect: vi.fn() },
    { label: 'Edit', onSelect: vi.fn() },
    { label: 'Delete', onSelect: vi.fn(), danger: true },
  ];

  it('opens on the first item, moves with arrows, Home and End, and wraps', async () => {
    const user = userEvent.setup();
    render(<CommentMenu label="Comment actions" actions={actions()} />);
    await user.click(screen.getByRole('button', { name: 'Comment actions' }));
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('Escape closes it and gives focus back to the button; ArrowDown on the button opens it', async () => {
    const user = userEvent.setup();
    const list = actions();
    render(<CommentMenu label="Comment actions" actions={list} />);
    const button = screen.getByRole('button', { name: 'Comment actions' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(list[1].onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
