// Files attached to an issue or comment: name, size, and a download link. With `onDelete` (the
// uploader and writers) each file also gets a Delete button that asks first.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { components } from '@/lib/api/schema';
import { formatBytes } from '@/lib/format';

type Attachment = components['schemas']['Attachment'];

export interface AttachmentLinksProps {
  assets: Attachment[];
  label?: string;
  onDelete?: (attachment: Attachment) => Promise<unknown>;
}

export function AttachmentLinks({ assets, label = 'Attachments', onDelete }: AttachmentLinksProps) {
  const [target, setTarget] = useState<Attachment | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!assets.length) return null;

  const remove = async () => {
    if (!target || !onDelete) return;
    setPending(true);
    setError(null);
    try {
      await onDelete(target);
      setTarget(null);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <ul aria-label={label} className="space-y-1 text-sm">
        {assets.map((a) => (
          <li key={a.id} className="flex min-w-0 items-center gap-2">
            <a href={a.browser_download_url} download={a.name} className="truncate text-indigo-600 hover:underline dark:text-indigo-400">
              {a.name}
            </a>
            <span className="shrink-0 text-xs text-gray-500 dark:text-gray-400">{formatBytes(a.size)}</span>
            {onDelete && (
              <Button size="sm" variant="ghost" className="ml-auto shrink-0" aria-label={`Delete ${a.name}`} onClick={() => (setError(null), setTarget(a))}>
                Delete
              </Button>
            )}
          </li>
        ))}
      </ul>
      {onDelete && (
        <ConfirmDialog
          open={target !== null}
          onClose={() => setTarget(null)}
          title="Delete attachment?"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          danger
          pending={pending}
          error={error}
          onConfirm={remove}
        >
          <strong className="break-all">{target?.name}</strong> will be removed for everyone, and links to it will stop working. This cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}
