// "N files changed" with each file's status and, when the server counted them, its +/− lines.
import type { SummaryFile } from '../lib/compare-files';

const look: Record<SummaryFile['status'], { letter: string; cls: string }> = {
  added: { letter: 'A', cls: 'text-green-700 dark:text-green-400' },
  deleted: { letter: 'D', cls: 'text-red-700 dark:text-red-400' },
  renamed: { letter: 'R', cls: 'text-blue-700 dark:text-blue-400' },
  copied: { letter: 'C', cls: 'text-blue-700 dark:text-blue-400' },
  modified: { letter: 'M', cls: 'text-amber-700 dark:text-amber-400' },
  changed: { letter: 'T', cls: 'text-amber-700 dark:text-amber-400' },
};

export function CompareFiles({ files, counted }: { files: SummaryFile[]; counted: boolean }) {
  const additions = files.reduce((n, f) => n + (f.additions ?? 0), 0);
  const deletions = files.reduce((n, f) => n + (f.deletions ?? 0), 0);
  return (
    <details open={files.length <= 50} className="rounded-lg border border-gray-200 dark:border-gray-800">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 px-3 py-2 text-sm font-medium select-none">
        <span>
          {files.length} changed {files.length === 1 ? 'file' : 'files'}
        </span>
        {counted && (
          <span className="font-mono text-xs">
            <span className="text-green-700 dark:text-green-400">+{additions.toLocaleString('en')}</span>{' '}
            <span className="text-red-700 dark:text-red-400">−{deletions.toLocaleString('en')}</span>
          </span>
        )}
      </summary>
      <ul aria-label="Changed files" className="divide-y divide-gray-100 border-t border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-800">
        {files.map((f) => {
          const s = look[f.status];
          return (
            <li key={f.filename} className="flex items-center gap-2 px-3 py-1.5">
              <span className={`w-4 shrink-0 text-center font-mono text-xs font-bold ${s.cls}`} title={f.status}>
                {s.letter}
                <span className="sr-only"> ({f.status})</span>
              </span>
              <span className="min-w-0 flex-1 truncate font-mono text-xs">{f.previous_filename ? `${f.previous_filename} → ${f.filename}` : f.filename}</span>
              {counted && (
                <span className="shrink-0 font-mono text-xs">
                  <span className="text-green-700 dark:text-green-400">+{f.additions ?? 0}</span>{' '}
                  <span className="text-red-700 dark:text-red-400">−{f.deletions ?? 0}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
