// Files to attach to a release: chosen with a real file input or dropped on the zone, each listed
// with its size and, while it uploads, a progress bar. The server's size limit (when it tells it)
// shows in the zone, and a file over it is refused here at once, with the reason beside the zone.
import { useId, useState, type DragEvent } from 'react';
import { limitHint, tooLargeReason } from '@/lib/api/attachment-settings';
import { formatSize } from './release-card';

export interface QueuedAsset {
  key: string;
  file: File;
  /** 0..1 while uploading; undefined while waiting. */
  progress?: number;
  error?: string;
}

let seq = 0;
export const queueFiles = (files: File[]): QueuedAsset[] => files.map((file) => ({ key: `a${++seq}`, file }));

export function AssetDrop({
  queued,
  onAdd,
  onRemove,
  disabled,
  maxBytes = null,
}: {
  queued: QueuedAsset[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
  /** The largest file the server takes, or null when unknown. */
  maxBytes?: number | null;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const hint = limitHint(maxBytes);
  const take = (files: File[]) => {
    const reasons = files.map((f) => tooLargeReason(f, maxBytes));
    setRefused(reasons.filter((r): r is string => r !== null));
    const ok = files.filter((_, i) => reasons[i] === null);
    if (ok.length) onAdd(ok);
  };
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  return (
    <div className="space-y-2">
      <div
        data-testid="asset-drop"
        onDragOver={(e) => {
          if (!hasFiles(e) || disabled) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (!hasFiles(e) || disabled) return;
          e.preventDefault();
          setOver(false);
          take(Array.from(e.dataTransfer.files));
        }}
        className={`rounded-md border-2 border-dashed px-4 py-5 text-center text-sm ${
          over ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-gray-300 dark:border-gray-700'
        }`}
      >
        <p className="text-gray-700 dark:text-gray-300">Drop binaries here, or</p>
        <label htmlFor={id} className="mt-1 inline-block cursor-pointer font-medium text-indigo-700 underline dark:text-indigo-300">
          choose files to attach
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
            {hint}
          </p>
        )}
        <input
          id={id}
          type="file"
          multiple
          disabled={disabled}
          className="sr-only"
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            take(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>
      {refused.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {/* The same file picked twice gives the same reason twice: keyed by place. */}
          {refused.map((r, i) => (
            <p key={i}>{r}</p>
          ))}
          <button type="button" className="mt-1 text-xs font-medium underline" aria-label="Dismiss refused files" onClick={() => setRefused([])}>
            Dismiss
          </button>
        </div>
      )}
      {queued.length > 0 && (
        <ul aria-label="Files to upload" className="space-y-2 text-sm">
          {queued.map((q) => (
            <li key={q.key} className="rounded-md border border-gray-200 px-3 py-2 dark:border-gray-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-all">{q.file.name}</span>
                <span className="flex items-center gap-2 text-xs text-gray-600 dark:text-gray-400">
                  {formatSize(q.file.size)}
                  {q.progress === undefined && !disabled && (
                    <button
                      type="button"
                      className="text-red-700 hover:underline dark:text-red-400"
                      onClick={() => onRemove(q.key)}
                      aria-label={`Remove ${q.file.name}`}
                    >
                      Remove
                    </button>
                  )}
                </span>
              </div>
              {q.progress !== undefined && (
                <progress className="mt-1 h-2 w-full" max={1} value={q.progress} aria-label={`Uploading ${q.file.name}`}>
                  {Math.round(q.progress * 100)}%
                </progress>
              )}
              {q.error && (
                <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
                  {q.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
