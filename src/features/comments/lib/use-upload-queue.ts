// Files on their way to an issue or comment, one entry each: waiting for the comment to exist,
// uploading, failed (with the server's message, so the person can retry), or refused before upload.
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';
import { UNKNOWN_LIMITS, type AttachmentLimits } from '@/lib/api/attachment-settings';
import { refuseReason } from './attachment-files';

export type Attachment = components['schemas']['Attachment'];
export type UploadStatus = 'queued' | 'uploading' | 'failed' | 'refused';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  error?: string;
  /** Why it was refused, in a few words ("Too large"). */
  refusal?: string;
  /** The comment the file belongs to once it exists (new comments upload after they are posted). */
  commentId?: number;
}

let seq = 0;

/** `limits`: the server's rules for attachments (GET /settings/attachment; unknown ones refuse nothing). */
export function useUploadQueue(limits: AttachmentLimits = UNKNOWN_LIMITS) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const { maxBytes, allowedTypes, maxFiles } = limits;
  // Uploads finish after renders; they patch entries by key, never from a stale list.
  const patch = useCallback((key: string, change: Partial<UploadItem> | null) => {
    setItems((list) => (change ? list.map((i) => (i.key === key ? { ...i, ...change } : i)) : list.filter((i) => i.key !== key)));
  }, []);
  /**
   * Queues files; those too large, of a type the site refuses, or past the files one comment may
   * take at once (counting those still waiting or uploading) are listed as refused. Returns the
   * accepted entries.
   */
  const add = useCallback(
    (files: File[]) => {
      let pending = items.filter((i) => i.status === 'queued' || i.status === 'uploading').length;
      const added: UploadItem[] = files.map((file) => {
        const key = `u${++seq}`;
        const refused = refuseReason(file, { maxBytes, allowedTypes });
        if (refused) return { key, file, status: 'refused', error: refused.reason, refusal: refused.short };
        if (maxFiles !== null && pending >= maxFiles) {
          const error = `At most ${maxFiles} files can be attached at once; ${file.name} was left out.`;
          return { key, file, status: 'refused', error, refusal: 'Too many files' };
        }
        pending++;
        return { key, file, status: 'queued' };
      });
      setItems((list) => [...list, ...added]);
      return added.filter((i) => i.status === 'queued');
    },
    [items, maxBytes, allowedTypes, maxFiles],
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
