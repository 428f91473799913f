// A bordered list of the user's credentials (access tokens, SSH keys), each row with a Delete that
// asks first. Both settings pages read alike because they are this one list; the caller supplies
// the row's text, the confirmation wording and the delete mutation.
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface DeleteMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (id: number, options: { onSuccess: () => void }) => void;
}

export function DeletableList<T extends { id: number }>({
  label,
  items,
  renderItem,
  deleteLabel,
  dialogTitle,
  confirmLabel,
  confirmBody,
  deletedMessage,
  remove,
}: {
  /** The list's accessible name, e.g. "SSH keys". */
  label: string;
  items: T[];
  renderItem: (item: T) => ReactNode;
  /** The row's Delete button's accessible name. */
  deleteLabel: (item: T) => string;
  dialogTitle: string;
  confirmLabel: string;
  confirmBody: (item: T) => ReactNode;
  /** The toast once it is gone. */
  deletedMessage: (item: T) => string;
  remove: DeleteMutation;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      <ul aria-label={label} className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
            <div className="min-w-0 space-y-0.5">{renderItem(item)}</div>
            <Button variant="danger" size="sm" onClick={() => setDeleting(item)} aria-label={deleteLabel(item)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        title={dialogTitle}
        confirmLabel={confirmLabel}
        pendingLabel="Deleting…"
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(deletedMessage(deleting));
              setDeleting(null);
            },
          })
        }
      >
        {deleting && confirmBody(deleting)}
      </ConfirmDialog>
    </>
  );
}
