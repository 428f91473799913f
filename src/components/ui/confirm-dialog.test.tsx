import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api/api-error';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog open title="Delete label" confirmLabel="Delete label" pendingLabel="Deleting…" danger onConfirm={onConfirm} onClose={onClose} {...props}>
      Delete <strong>bug</strong>? This cannot be undone.
    </ConfirmDialog>,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Delete label' }) };
}

describe('ConfirmDialog', () => {
  it('shows the message and runs the action or cancels', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose, dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Delete bug? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete label' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('disables both buttons and shows the pending label while the action runs', () => {
    const { dialog } = renderDialog({ pending: true });
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('announces why the last attempt failed', () => {
    const { dialog } = renderDialog({ error: new ApiError(403, { message: 'You may not delete labels here.' }) });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You may not delete labels here.');
  });

  it('renders nothing inside while closed', () => {
    render(
      <ConfirmDialog open={false} title="Archive" confirmLabel="Archive" onConfirm={() => {}} onClose={() => {}}>
        Archive it?
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });
});
