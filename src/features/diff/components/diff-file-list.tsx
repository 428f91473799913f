// "N changed files" with a link to each file's block and its +/- counts.
import type { DiffFile } from 'diff2html/lib/types';
import { fileAnchor, fileName } from './diff-file-block';

function status(f: DiffFile): { letter: string; label: string; cls: string } {
  if (f.isNew) return { letter: 'A', label: 'added', cls: 'text-green-700 dark:text-green-400' };
  if (f.isDeleted) return { letter: 'D', label: 'deleted', cls: 'text-red-700 dark:text-red-400' };
  if (f.isRename) return { letter: 'R', label: 'renamed', cls: 'text-blue-700 dark:text-blue-400' };
  return { letter: 'M', label: 'modified', cls: 'text-amber-700 dark:text-amber-400' };
}

export function DiffFileList({ files }: { files: DiffFile[] }) {
  return (
    <details open={files.length <= 30} className="rounded-lg border border-gray-200 dark:border-gray-800">
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium">
        {files.length} changed {files.length === 1 ? 'file' : 'files'}
      </summary>
      <ul className="divide-y divide-gray-100 border-t border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-800">
        {files.map((f, i) => {
          const s = status(f);
          return (
            <li key={i} className="flex items-center gap-2 px-3 py-1.5">
              <span className={`w-4 shrink-0 text-center font-mono text-xs font-bold ${s.cls}`} title={s.label}>
                {s.letter}
                <span className="sr-only"> ({s.label})</span>
              </span>
              <a href={`#${fileAnchor(f, i)}`} className="min-w-0 flex-1 truncate font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-400">
                {f.isRename ? `${f.oldName} → ${f.newName}` : fileName(f)}
              </a>
              <span className="shrink-0 font-mono text-xs">
                <span className="text-green-700 dark:text-green-400">+{f.addedLines}</span>{' '}
                <span className="text-red-700 dark:text-red-400">−{f.deletedLines}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
