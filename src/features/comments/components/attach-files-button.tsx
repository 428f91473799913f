// "Attach files": a real button that opens the browser's file picker (a hidden <input type=file
// multiple>, which stays labelled so tests and assistive tools can reach it directly), with the
// server's size limit beside it when known ("Up to 10 MiB per file").
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

export function AttachFilesButton({
  onFiles,
  disabled,
  label = 'Attach files',
  hint,
  accept,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
  hint?: string | null;
  /** The types the picker offers first (the site's allowed types); any when absent. */
  accept?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <Button size="sm" variant="ghost" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hint ? hintId : undefined}>
        <svg aria-hidden viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current">
          <path d="M12.2 7.6 7.4 12.4a3 3 0 0 1-4.2-4.2l5.3-5.3a2 2 0 0 1 2.8 2.8L6 11a1 1 0 0 1-1.4-1.4l4.6-4.6-.7-.7-4.6 4.6a2 2 0 0 0 2.8 2.8l5.3-5.3a3 3 0 0 0-4.2-4.2L2.5 7.5a4 4 0 0 0 5.6 5.6l4.8-4.8z" />
        </svg>
        {label}
      </Button>
      {hint && (
        <span id={hintId} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </span>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        aria-label={`${label}: choose files`}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Reset so choosing the same file again (after a failure) fires change again.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </span>
  );
}
