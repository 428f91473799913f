// "Remove this person?" for a list of people (collaborators, organization members): the name being
// removed, the red Remove, the failed attempt's error; closing clears that error for the next try.
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface RemoveMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (name: string, options: { onSuccess: () => void }) => void;
}

export function ConfirmRemoveDialog({
  name,
  title,
  remove,
  onDone,
  children,
}: {
  /** Who is being removed; null keeps the dialog closed. */
  name: string | null;
  title: string;
  remove: RemoveMutation;
  /** Closed, removed or cancelled: the caller forgets `name`. */
  onDone: () => void;
  /** What the removal costs them. */
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={name !== null}
      title={title}
      confirmLabel="Remove"
      pendingLabel="Removing…"
      danger
      pending={remove.isPending}
      error={remove.error}
      onClose={() => {
        onDone();
        remove.reset();
      }}
      onConfirm={() => name && remove.mutate(name, { onSuccess: onDone })}
    >
      {children}
    </ConfirmDialog>
  );
}
