// The changed files as a tree beside the diff: folders (single-child chains joined) that open and
// close, each file's status, +/− counts and viewed mark; a click brings the file into view.
import { memo, useCallback, useMemo, useState } from 'react';
import type { FileModel, FileStatus } from '../lib/diff-model';
import { buildTree, flattenTree } from '../lib/file-tree';

const STATUS: Record<FileStatus, { letter: string; cls: string }> = {
  added: { letter: 'A', cls: 'text-green-700 dark:text-green-400' },
  deleted: { letter: 'D', cls: 'text-red-700 dark:text-red-400' },
  renamed: { letter: 'R', cls: 'text-blue-700 dark:text-blue-400' },
  copied: { letter: 'C', cls: 'text-blue-700 dark:text-blue-400' },
  modified: { letter: 'M', cls: 'text-amber-700 dark:text-amber-400' },
};

function FolderIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden className="shrink-0 text-gray-500 dark:text-gray-400" fill="currentColor">
      {open ? (
        <path d="M.513 1.513A1.75 1.75 0 0 1 1.75 1h3.5c.55 0 1.07.26 1.4.7l.9 1.2a.25.25 0 0 0 .2.1H13a1 1 0 0 1 1 1v.5H2.75a.75.75 0 0 0 0 1.5h11.978a1 1 0 0 1 .994 1.117L15 13.25A1.75 1.75 0 0 1 13.25 15H1.75A1.75 1.75 0 0 1 0 13.25V2.75c0-.464.184-.91.513-1.237Z" />
      ) : (
        <path d="M1.75 1A1.75 1.75 0 0 0 0 2.75v10.5C0 14.216.784 15 1.75 15h12.5A1.75 1.75 0 0 0 16 13.25v-8.5A1.75 1.75 0 0 0 14.25 3H7.5a.25.25 0 0 1-.2-.1l-.9-1.2C6.07 1.26 5.55 1 5 1H1.75Z" />
      )}
    </svg>
  );
}

// Rows come in chunks that skip style, layout and paint while out of the tree's view, so a thousand
// files stay cheap; chunks rather than rows, because the browser checks each such element every frame.
const CHUNK_ROWS = 100;
const ROW_PX = 24;

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface DiffFileTreeProps {
  models: FileModel[];
  viewed: ReadonlySet<string>;
  currentPath?: string;
  onSelect: (index: number) => void;
}

const FolderRow = memo(function FolderRow({
  name,
  path,
  depth,
  open,
  onToggle,
}: {
  name: string;
  path: string;
  depth: number;
  open: boolean;
  onToggle: (path: string) => void;
}) {
  return (
    <div role="listitem">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => onToggle(path)}
        style={{ paddingLeft: `${depth * 12 + 6}px` }}
        className="flex w-full items-center gap-1.5 rounded py-1 pr-2 text-left text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <FolderIcon open={open} />
        <span className="min-w-0 truncate">{name}</span>
      </button>
    </div>
  );
});

// Named by its content, the file name first, so what a speech-input user sees and says is its name
// (WCAG 2.5.3); the status letter and +/− counts are spelled out for screen readers instead.
// Memoized: scrolling moves "current" from one file to the next, which re-draws those two rows only.
const FileRow = memo(function FileRow({
  model: m,
  name,
  depth,
  viewed,
  current,
  onSelect,
}: {
  model: FileModel;
  name: string;
  depth: number;
  viewed: boolean;
  current: boolean;
  onSelect: (index: number) => void;
}) {
  const s = STATUS[m.status];
  return (
    <div role="listitem">
      <button
        type="button"
        onClick={() => onSelect(m.index)}
        style={{ paddingLeft: `${depth * 12 + 6}px` }}
        title={m.path}
        aria-current={current ? 'true' : undefined}
        className={`flex w-full items-center gap-1.5 rounded py-1 pr-2 text-left hover:bg-gray-100 dark:hover:bg-gray-800 ${current ? 'bg-indigo-50 font-medium dark:bg-indigo-950' : ''}`}
      >
        <span className={`w-3 shrink-0 text-center font-mono font-bold ${s.cls}`} aria-hidden>
          {s.letter}
        </span>
        <span className={`min-w-0 flex-1 truncate font-mono ${viewed ? 'text-gray-600 dark:text-gray-400' : ''}`}>
          {name}{' '}
          <span className="sr-only">{`(${m.status}${viewed ? ', viewed' : ''}), ${count(m.additions, 'addition')}, ${count(m.deletions, 'deletion')}`}</span>
        </span>
        {viewed && (
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden className="shrink-0 text-indigo-600 dark:text-indigo-400" fill="currentColor">
            <path d="M13.78 4.22a.75.75 0 0 1 0 1.06l-7.25 7.25a.75.75 0 0 1-1.06 0L2.22 9.28a.751.751 0 0 1 .018-1.042.751.751 0 0 1 1.042-.018L6 10.94l6.72-6.72a.75.75 0 0 1 1.06 0Z" />
          </svg>
        )}
        <span className="shrink-0 font-mono text-[11px]" aria-hidden>
          <span className="text-green-700 dark:text-green-400">+{m.additions}</span> <span className="text-red-700 dark:text-red-400">−{m.deletions}</span>
        </span>
      </button>
    </div>
  );
});

export const DiffFileTree = memo(function DiffFileTree({ models, viewed, currentPath, onSelect }: DiffFileTreeProps) {
  const tree = useMemo(() => buildTree(models), [models]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => flattenTree(tree, closed), [tree, closed]);
  const toggle = useCallback(
    (path: string) =>
      setClosed((c) => {
        const next = new Set(c);
        if (!next.delete(path)) next.add(path);
        return next;
      }),
    [],
  );
  const chunks: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) chunks.push(rows.slice(i, i + CHUNK_ROWS));
  return (
    <div role="list" className="py-1 text-xs">
      {chunks.map((chunk, c) => (
        <div key={c} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${chunk.length * ROW_PX}px` }}>
          {chunk.map(({ node, depth }) =>
            node.kind === 'folder' ? (
              <FolderRow key={`d:${node.path}`} name={node.name} path={node.path} depth={depth} open={!closed.has(node.path)} onToggle={toggle} />
            ) : (
              <FileRow
                key={`f:${node.model.path}`}
                model={node.model}
                name={node.name}
                depth={depth}
                viewed={viewed.has(node.model.path)}
                current={node.model.path === currentPath}
                onSelect={onSelect}
              />
            ),
          )}
        </div>
      ))}
    </div>
  );
});
