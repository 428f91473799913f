// One file of the diff: its header (collapse, status, path, counts, link, Viewed) and its body — the
// rows, a note when there are none (binary, pure rename), or "Load diff" for a huge or generated file.
// Annotations whose line is no longer in the diff (outdated) are drawn at the top of the body.
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatCount, type DiffSide, type FileModel, type FileStatus } from '../lib/diff-model';
import { lineKey, shownLines } from '../lib/diff-rows';
import { DiffTable, type DiffAnnotation, type LineSelection } from './diff-table';

export interface DiffFileProps {
  model: FileModel;
  style: 'unified' | 'split';
  collapsed: boolean;
  /** Rows to draw in the first slice (those down to the viewport's bottom); read when the rows are first drawn. */
  firstRows?: number;
  /** A held-back file whose rows were asked for. */
  loaded: boolean;
  /** Undefined: no Viewed checkbox. */
  viewed?: boolean;
  selection?: LineSelection;
  annotations?: DiffAnnotation[];
  commenting: boolean;
  fileHref?: string;
  onToggleCollapse: (path: string, collapsed: boolean) => void;
  onToggleViewed: (path: string, viewed: boolean) => void;
  onLoad: (path: string) => void;
  onLineClick: (path: string, side: DiffSide, line: number, extend: boolean) => void;
  onComment: (path: string, side: DiffSide, line: number) => void;
}

const TAG: Record<FileStatus, string> = { added: 'd2h-added', deleted: 'd2h-deleted', renamed: 'd2h-moved', copied: 'd2h-moved', modified: 'd2h-changed' };

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden className={`transition-transform ${open ? 'rotate-90' : ''}`} fill="currentColor">
      <path d="M6.22 3.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L9.94 8 6.22 4.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/** Splits a file's annotations into those placed after a shown line and the outdated rest. */
function placeAnnotations(model: FileModel, list: DiffAnnotation[] | undefined) {
  if (!list?.length) return { placed: undefined, outdated: [] as DiffAnnotation[] };
  const shown = shownLines(model.file);
  const placed = new Map<string, DiffAnnotation[]>();
  const outdated: DiffAnnotation[] = [];
  for (const a of list) {
    const key = lineKey(a.side, a.line);
    if (!shown.has(key)) outdated.push(a);
    else placed.set(key, [...(placed.get(key) ?? []), a]);
  }
  return { placed, outdated };
}

/** Props equal but for `firstRows`: it changes with every scroll, and only matters when rows are first drawn. */
const sameProps = (a: DiffFileProps, b: DiffFileProps) =>
  (Object.keys(a) as (keyof DiffFileProps)[]).every((k) => k === 'firstRows' || Object.is(a[k], b[k])) && Object.keys(a).length === Object.keys(b).length;

export const DiffFileView = memo(function DiffFileView(props: DiffFileProps) {
  const {
    model,
    style,
    collapsed,
    firstRows,
    loaded,
    viewed,
    selection,
    annotations,
    commenting,
    fileHref,
    onToggleCollapse,
    onToggleViewed,
    onLoad,
    onLineClick,
    onComment,
  } = props;
  const { path } = model;
  const { placed, outdated } = useMemo(() => placeAnnotations(model, annotations), [model, annotations]);
  const headingId = `${model.id}-name`;
  const held = model.heldBack && !loaded;
  return (
    <section
      id={model.id}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-file-index={model.index}
      className={`d2h-file-wrapper${collapsed ? ' diff-file-collapsed' : ''}`}
    >
      <div className="diff-file-header">
        <button
          type="button"
          className="-ml-1 rounded p-0.5 text-gray-600 hover:bg-black/5 dark:text-gray-300 dark:hover:bg-white/10"
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${path}`}
          onClick={() => onToggleCollapse(path, !collapsed)}
        >
          <Chevron open={!collapsed} />
        </button>
        <span className={`d2h-tag ${TAG[model.status]}`}>{model.status}</span>
        <h3 id={headingId} className="min-w-0 flex-1 basis-48 break-all font-mono text-xs font-semibold">
          {model.oldPath ? (
            <>
              {model.oldPath} <span aria-label="renamed to">→</span> {path}
            </>
          ) : (
            path
          )}
        </h3>
        <span className="shrink-0 font-mono text-xs" aria-label={`${model.additions} additions, ${model.deletions} deletions`}>
          <span className="d2h-lines-added">+{model.additions}</span> <span className="d2h-lines-deleted">−{model.deletions}</span>
        </span>
        {fileHref && (
          <Link to={fileHref} className="shrink-0 text-xs text-indigo-700 hover:underline dark:text-indigo-400" aria-label={`View file ${path}`}>
            View file
          </Link>
        )}
        {viewed !== undefined && (
          <label
            className={`flex shrink-0 cursor-pointer items-center gap-1.5 rounded border px-2 py-0.5 text-xs ${viewed ? 'border-indigo-300 bg-indigo-50 dark:border-indigo-700 dark:bg-indigo-950' : 'border-gray-300 dark:border-gray-700'}`}
          >
            <input type="checkbox" checked={viewed} onChange={(e) => onToggleViewed(path, e.target.checked)} aria-label={`Viewed ${path}`} />
            Viewed
          </label>
        )}
      </div>
      {!collapsed && (
        <>
          {outdated.length > 0 && (
            <div className="diff-outdated" aria-label="Outdated comments">
              {outdated.map((a) => (
                <div key={a.key} data-annotation={a.key} tabIndex={-1} className="outline-none">
                  {a.node}
                </div>
              ))}
            </div>
          )}
          {held ? (
            <div className="diff-note flex flex-col items-center gap-2">
              <p>
                {model.heldBack === 'large'
                  ? `Large diff not shown (${formatCount(model.additions + model.deletions)} changed lines).`
                  : 'Generated file not shown.'}
              </p>
              <Button size="sm" onClick={() => onLoad(path)} aria-label={`Load diff of ${path}`}>
                Load diff
              </Button>
            </div>
          ) : model.note ? (
            <p className="diff-note">{model.note}</p>
          ) : (
            <div className="overflow-hidden rounded-b-[5px]">
              <DiffTable
                path={path}
                file={model.file}
                style={style}
                firstRows={firstRows}
                placed={placed}
                selection={selection}
                commenting={commenting}
                onLineClick={onLineClick}
                onComment={onComment}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}, sameProps);
