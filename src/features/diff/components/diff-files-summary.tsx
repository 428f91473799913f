// The line above a diff: the file count with additions and deletions (or how many files are read
// so far), the Viewed count, and the buttons for the file tree (narrow screens) and the shortcuts.
import { formatCount } from '../lib/diff-model';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export interface DiffFilesSummaryProps {
  fileTree?: boolean;
  treeOpen: boolean;
  onToggleTree: () => void;
  /** Changed files (exact once complete). */
  total: number;
  /** Files parsed so far. */
  read: number;
  complete: boolean;
  additions: number;
  deletions: number;
  /** Files marked viewed; undefined: no Viewed marks on this diff. */
  viewed?: number;
  keyboard?: boolean;
  onShowShortcuts: () => void;
}

export function DiffFilesSummary({
  fileTree,
  treeOpen,
  onToggleTree,
  total,
  read,
  complete,
  additions,
  deletions,
  viewed,
  keyboard,
  onShowShortcuts,
}: DiffFilesSummaryProps) {
  return (
    <div className="relative flex flex-wrap items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
      {fileTree && (
        <button
          type="button"
          aria-expanded={treeOpen}
          aria-controls="diff-file-tree"
          onClick={onToggleTree}
          className="rounded-md border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50 md:hidden dark:border-gray-700 dark:hover:bg-gray-800"
        >
          {treeOpen ? 'Hide files' : 'Files'}
        </button>
      )}
      <p className="min-w-0 flex-1">
        Showing <strong>{plural(total, 'changed file', 'changed files')}</strong>
        {complete ? (
          <>
            {' '}
            with <span className="text-green-700 dark:text-green-400">{plural(additions, 'addition', 'additions')}</span> and{' '}
            <span className="text-red-700 dark:text-red-400">{plural(deletions, 'deletion', 'deletions')}</span>
          </>
        ) : (
          // The counts come with the last files, read while the first ones are shown.
          <span className="text-gray-600 dark:text-gray-400">, {formatCount(read)} read so far…</span>
        )}
        {viewed !== undefined && (
          <span className="ml-2 text-xs text-gray-500 dark:text-gray-400">
            {viewed} / {total} viewed
          </span>
        )}
      </p>
      {keyboard && (
        <button
          type="button"
          onClick={onShowShortcuts}
          className="rounded-md border border-gray-300 px-2 py-1 font-mono text-xs hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
        >
          ?
        </button>
      )}
    </div>
  );
}
