// Files on their way to an issue or comment, one entry each: waiting for the comment to exist,
// uploading, failed (with the server's message, so the person can retry), or refused before upload.
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';
import { refuseReason } from './attachment-files';

export type Attachment = components['schemas']['Attachment'];
export type UploadStatus = 'queued' | 'uploading' | 'failed' | 'refused';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  error?: string;
  /** The comment the file belongs to once it exists (new comments upload after they are posted). */
  commentId?: number;
}

let seq = 0;

/** `maxBytes`: the server's size limit per file (null when unknown). */
export function useUploadQueue(maxBytes: number | null = null) {
  const [items, setItems] = useState<UploadItem[]>([]);
  // Uploads finish after renders; they patch entries by key, never from a stale list.
  const patch = useCallback((key: string, change: Partial<UploadItem> | null) => {
    setItems((list) => (change ? list.map((i) => (i.key === key ? { ...i, ...change } : i)) : list.filter((i) => i.key !== key)));
  }, []);
  /** Queues files; oversized ones are listed as refused. Returns the accepted entries. */
  const add = useCallback(
    (files: File[]) => {
      const added: UploadItem[] = files.map((file) => {
        const reason = refuseReason(file, maxBytes);
        return { key: `u${++seq}`, file, status: reason ? 'refused' : 'queued', error: reason ?? undefined };
      });
      setItems((list) => [...list, ...added]);
      return added.filter((i) => i.status === 'queued');
    },
    [maxBytes],
  );

  const remove = useCallback((key: string) => patch(key, null), [patch]);

  /** Ties queued entries to the comment just posted, so they stop counting as "for the next comment". */
  const assign = useCallback((keys: string[], commentId: number) => {
    setItems((list) => list.map((i) => (keys.includes(i.key) ? { ...i, commentId } : i)));
  }, []);

  /**
   * Uploads one entry. A success drops it from the list (the attachment list shows the file from
   * then on); a failure keeps it with the message. Resolves to the attachment, or null on failure.
   */
  const upload = useCallback(
    async (item: UploadItem, send: (file: File) => Promise<Attachment>, commentId?: number): Promise<Attachment | null> => {
      patch(item.key, { status: 'uploading', error: undefined, commentId: commentId ?? item.commentId });
      try {
        const attachment = await send(item.file);
        patch(item.key, null);
        return attachment;
      } catch (e) {
        patch(item.key, { status: 'failed', error: errorMessage(e) });
        return null;
      }
    },
    [patch],
  );

  /** Waiting for the next comment to be posted. */
  const queued = items.filter((i) => i.status === 'queued' && i.commentId === undefined);
  return { items, queued, add, remove, assign, upload };
}
