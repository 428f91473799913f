// The files being attached: each with its state, and Retry/Remove where they make sense.
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from '../lib/use-upload-queue';

export interface UploadListProps {
  items: UploadItem[];
  onRetry: (item: UploadItem) => void;
  onRemove: (item: UploadItem) => void;
  label?: string;
}

const statusText: Record<UploadItem['status'], string> = {
  queued: 'Attaches when you comment',
  uploading: 'Uploading…',
  failed: 'Upload failed',
  refused: 'Too large',
};

export function UploadList({ items, onRetry, onRemove, label = 'Files to attach' }: UploadListProps) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {items.map((item) => {
        const bad = item.status === 'failed' || item.status === 'refused';
        return (
          <li
            key={item.key}
            aria-label={item.file.name}
            className={`rounded-md border px-2 py-1.5 ${bad ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950' : 'border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900'}`}
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              {item.status === 'uploading' && (
                <span aria-hidden className="h-3.5 w-3.5 shrink-0 animate-spin rounded-full border-2 border-gray-300 border-t-indigo-600" />
              )}
              <span className="min-w-0 truncate font-medium text-gray-900 dark:text-gray-100">{item.file.name}</span>
              <span className="shrink-0 text-xs text-gray-700 dark:text-gray-300">{formatBytes(item.file.size)}</span>
              <span role="status" className={`text-xs ${bad ? 'text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-400'}`}>
                {item.status === 'queued' && item.commentId !== undefined
                  ? 'Waiting…'
                  : item.status === 'refused'
                    ? (item.refusal ?? statusText.refused)
                    : statusText[item.status]}
              </span>
              <span className="ml-auto flex gap-1">
                {item.status === 'failed' && (
                  <Button size="sm" onClick={() => onRetry(item)} aria-label={`Retry ${item.file.name}`}>
                    Retry
                  </Button>
                )}
                {item.status !== 'uploading' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onRemove(item)}
                    aria-label={`${item.status === 'queued' ? 'Remove' : 'Dismiss'} ${item.file.name}`}
                  >
                    {item.status === 'queued' ? 'Remove' : 'Dismiss'}
                  </Button>
                )}
              </span>
            </div>
            {item.error && (
              <p role="alert" className="mt-1 text-xs break-words text-red-700 dark:text-red-300">
                {item.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
