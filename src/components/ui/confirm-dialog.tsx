// "Are you sure?" for one action: a message, the failed attempt's error, Cancel and the action.
// The caller owns the mutation; this only shows its state, so every confirmation reads alike.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorNotice } from './error-notice';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The message: what happens, and whether it can be undone. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the action while it runs, e.g. "Deleting…"; the confirm label otherwise. */
  pendingLabel?: string;
  /** A red action, for what destroys or locks away data. */
  danger?: boolean;
  pending?: boolean;
  /** The failed attempt's error, shown above the buttons. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  danger = false,
  pending = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="space-y-4">
        <div className="text-sm text-gray-700 dark:text-gray-300">{children}</div>
        <ErrorNotice error={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
