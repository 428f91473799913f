// The confirmation for a permanent delete: what goes, a field where the exact name must be typed,
// the failed attempt's error, Cancel and the red action, which stays locked until the name matches.
// The caller owns the mutation; this only shows its state.
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { ErrorNotice } from './error-notice';
import { TextField } from './field';

export function TypedNameDeleteForm({
  name,
  children,
  actionLabel,
  pending,
  error,
  onDelete,
  onClose,
}: {
  /** What must be typed exactly, e.g. "owner/repo". */
  name: string;
  /** The message: what is deleted and that it cannot be undone. */
  children: ReactNode;
  actionLabel: string;
  pending: boolean;
  error: unknown;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const confirmed = typed === name;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirmed) onDelete();
      }}
    >
      <p className="text-sm">{children}</p>
      <TextField
        label={
          <>
            Type <code className="rounded bg-gray-100 px-1 font-mono dark:bg-gray-800">{name}</code> to confirm
          </>
        }
        name="confirm"
        autoComplete="off"
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <ErrorNotice error={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="danger" disabled={!confirmed || pending}>
          {pending ? 'Deleting…' : actionLabel}
        </Button>
      </div>
    </form>
  );
}
