// The rows of one file, drawn by React in diff2html's look: unified (old and new line numbers, then
// the code) or split (old on the left, new on the right). Annotations (review threads, composers)
// sit in rows of their own right after the line they belong to. Clicks are handled once per table,
// and one "+" button per file follows the pointer (or the arrow keys) instead of one per line:
// rows stay a few DOM nodes each, which keeps a large diff quick to draw while scrolling.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { DiffFile } from 'diff2html/lib/types';
import type { DiffSide } from '../lib/diff-model';
import { lineKey, splitRows, unifiedRows, type LineCell } from '../lib/diff-rows';
import { cachedHighlight, highlightInSlices, markRange, type FileHighlight } from '../lib/highlight-diff';

export interface DiffAnnotation {
  key: string;
  side: DiffSide;
  line: number;
  node: ReactNode;
}

export interface LineSelection {
  path: string;
  side: DiffSide;
  /** Where a shift+click range grows from. */
  anchor: number;
  start: number;
  end: number;
}

export interface DiffTableProps {
  path: string;
  file: DiffFile;
  style: 'unified' | 'split';
  /** Rows to draw in the first slice (default FIRST_ROWS); the rest follow a slice a task. */
  firstRows?: number;
  /** Placed annotations by `side:line`. */
  placed?: ReadonlyMap<string, DiffAnnotation[]>;
  selection?: LineSelection;
  commenting: boolean;
  onLineClick: (path: string, side: DiffSide, line: number, extend: boolean) => void;
  onComment: (path: string, side: DiffSide, line: number) => void;
}

const numberOn = (c: LineCell, side: DiffSide) => (side === 'old' ? (c.kind === 'ins' ? undefined : c.old) : c.kind === 'del' ? undefined : c.new);
const inSelection = (sel: LineSelection | undefined, c: LineCell, side: DiffSide) => {
  if (!sel || sel.side !== side) return false;
  const n = numberOn(c, side);
  return n !== undefined && n >= sel.start && n <= sel.end;
};
/** The code cell's comment target, `side:line`, read back by the "+" button. */
const at = (side: DiffSide, line: number) => `${side}:${line}`;

/** A line's highlighted HTML with its word-diff mark, or undefined while (or when) it is plain. */
function codeHtml(cell: LineCell, hl: FileHighlight | undefined): string | undefined {
  if (!hl) return undefined;
  const line = cell.kind === 'del' ? hl.old.get(cell.old!) : hl.new.get(cell.new!);
  if (line === undefined) return undefined;
  return cell.hl ? markRange(line, cell.hl, cell.kind === 'ins' ? 'ins' : 'del') : line;
}

/** The code cell's content: highlighted HTML (escaped by highlight.js) once there is some, else the plain text. */
function codeProps(cell: LineCell, hl: FileHighlight | undefined) {
  const html = codeHtml(cell, hl);
  return html === undefined ? { children: <Code cell={cell} /> } : { dangerouslySetInnerHTML: { __html: html } };
}

/**
 * The file's highlight, growing as idle slices highlight it; a file highlighted before (scrolled
 * away and back) has it at once. `version` changes whenever more lines are highlighted.
 */
function useHighlight(file: DiffFile, path: string): { hl: FileHighlight; version: number } | undefined {
  const [state, setState] = useState<{ file: DiffFile; hl: FileHighlight; version: number } | null>(() => {
    const hl = cachedHighlight(file);
    return hl ? { file, hl, version: 0 } : null;
  });
  useEffect(() => {
    if (state?.file === file && cachedHighlight(file) === state.hl) return;
    return highlightInSlices(file, path, (hl) => setState((s) => ({ file, hl, version: (s?.version ?? 0) + 1 })));
    // `state` is read only to skip a file already drawn highlighted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, path]);
  return state?.file === file ? state : undefined;
}

function Code({ cell }: { cell: LineCell }) {
  if (!cell.hl) return <>{cell.text}</>;
  const [s, e] = cell.hl;
  const Mark = cell.kind === 'ins' ? 'ins' : 'del';
  return (
    <>
      {cell.text.slice(0, s)}
      {e > s && <Mark>{cell.text.slice(s, e)}</Mark>}
      {cell.text.slice(e)}
    </>
  );
}

function Annotations({ list }: { list: DiffAnnotation[] | undefined }) {
  if (!list?.length) return null;
  return (
    <>
      {list.map((a) => (
        <div key={a.key} data-annotation={a.key} tabIndex={-1} className="outline-none">
          {a.node}
        </div>
      ))}
    </>
  );
}

function unifiedBody(
  rows: ReturnType<typeof unifiedRows>,
  placed: DiffTableProps['placed'],
  selection: LineSelection | undefined,
  hl: FileHighlight | undefined,
) {
  const out: ReactNode[] = [];
  rows.forEach((row, i) => {
    if (row.kind === 'hunk') {
      out.push(
        <tr key={i} className="d2h-info">
          <td className="diff-num" colSpan={2} />
          <td className="diff-code">{row.header}</td>
        </tr>,
      );
      return;
    }
    const c = row.cell;
    const oldN = numberOn(c, 'old');
    const newN = numberOn(c, 'new');
    // A context line is commented on its new side unless an old-side range already covers it.
    const side: DiffSide = c.kind === 'del' || (c.kind === 'cntx' && inSelection(selection, c, 'old')) ? 'old' : 'new';
    const selected = inSelection(selection, c, 'old') || inSelection(selection, c, 'new');
    out.push(
      <tr key={i} className={`d2h-${c.kind}${c.change ? ' d2h-change' : ''}${selected ? ' is-selected' : ''}`}>
        <td className="diff-num" data-side={oldN === undefined ? undefined : 'old'} data-line={oldN}>
          {oldN}
        </td>
        <td className="diff-num" data-side={newN === undefined ? undefined : 'new'} data-line={newN}>
          {newN}
        </td>
        <td className="diff-code" data-prefix={c.prefix} data-at={at(side, (side === 'old' ? oldN : newN)!)} {...codeProps(c, hl)} />
      </tr>,
    );
    if (placed) {
      const list = [
        ...(oldN !== undefined ? (placed.get(lineKey('old', oldN)) ?? []) : []),
        ...(newN !== undefined ? (placed.get(lineKey('new', newN)) ?? []) : []),
      ];
      if (list.length)
        out.push(
          <tr key={`a${i}`} className="diff-annotation">
            <td colSpan={3}>
              <Annotations list={list} />
            </td>
          </tr>,
        );
    }
  });
  return out;
}

const UNIFIED_COLS = (
  <colgroup>
    <col className="diff-num" />
    <col className="diff-num" />
    <col />
  </colgroup>
);

function splitSide(cell: LineCell | undefined, side: DiffSide, selection: LineSelection | undefined, hl: FileHighlight | undefined) {
  if (!cell) return [<td key={`${side}n`} className="diff-num diff-empty" />, <td key={`${side}c`} className="diff-code diff-empty" />];
  const n = numberOn(cell, side)!;
  const sel = inSelection(selection, cell, side) ? ' is-selected' : '';
  return [
    <td key={`${side}n`} className={`diff-num d2h-${cell.kind}${sel}`} data-side={side} data-line={n}>
      {n}
    </td>,
    <td key={`${side}c`} className={`diff-code d2h-${cell.kind}${sel}`} data-prefix={cell.prefix} data-at={at(side, n)} {...codeProps(cell, hl)} />,
  ];
}

function splitBody(rows: ReturnType<typeof splitRows>, placed: DiffTableProps['placed'], selection: LineSelection | undefined, hl: FileHighlight | undefined) {
  const out: ReactNode[] = [];
  rows.forEach((row, i) => {
    if (row.kind === 'hunk') {
      out.push(
        <tr key={i} className="d2h-info">
          <td className="diff-num" />
          <td className="diff-code" colSpan={3}>
            {row.header}
          </td>
        </tr>,
      );
      return;
    }
    out.push(
      <tr key={i}>
        {splitSide(row.left, 'old', selection, hl)}
        {splitSide(row.right, 'new', selection, hl)}
      </tr>,
    );
    if (placed) {
      const left = row.left && row.left.kind !== 'ins' ? placed.get(lineKey('old', row.left.old!)) : undefined;
      const right = row.right && row.right.kind !== 'del' ? placed.get(lineKey('new', row.right.new!)) : undefined;
      if (left?.length || right?.length)
        out.push(
          <tr key={`a${i}`} className="diff-annotation">
            <td colSpan={2}>
              <Annotations list={left} />
            </td>
            <td colSpan={2}>
              <Annotations list={right} />
            </td>
          </tr>,
        );
    }
  });
  return out;
}

const SPLIT_COLS = (
  <colgroup>
    <col className="diff-num" />
    <col />
    <col className="diff-num" />
    <col />
  </colgroup>
);

// A long file is drawn in slices, one task each, so no single task mounts thousands of rows (a
// task over 100 ms is a stutter while scrolling). Until the rest is drawn, a spacer keeps the
// file's height near its final size, so what follows does not jump. The first slice is the rows
// down to the viewport's bottom when the list says so (at least MIN_FIRST_ROWS), else FIRST_ROWS.
const FIRST_ROWS = 250;
const MIN_FIRST_ROWS = 20;
const STEP_ROWS = 250;
const ROW_PX = 20;

interface Target {
  side: DiffSide;
  line: number;
  top: number;
  left: number;
}

/** The comment target of the code cell `cell`: its side, line and where the "+" goes. */
function targetOf(cell: HTMLElement): Target | null {
  const [side, line] = (cell.dataset.at ?? '').split(':');
  if (!side || !line) return null;
  const tr = cell.parentElement as HTMLElement;
  return { side: side as DiffSide, line: Number(line), top: tr.offsetTop, left: cell.offsetLeft };
}

/** The code cell in the same column of the next (or previous) row that has one. */
function neighbour(cell: HTMLElement, dir: 1 | -1): HTMLElement | null {
  const column = [...cell.parentElement!.children].indexOf(cell);
  for (let tr = cell.parentElement as Element | null; (tr = dir === 1 ? tr!.nextElementSibling : tr!.previousElementSibling);) {
    const candidate = tr.children[column] as HTMLElement | undefined;
    if (candidate?.dataset.at) return candidate;
  }
  return null;
}

export const DiffTable = memo(function DiffTable(props: DiffTableProps) {
  const { path, file, style, placed, selection, commenting, onLineClick, onComment } = props;
  const first = Math.min(FIRST_ROWS, Math.max(MIN_FIRST_ROWS, props.firstRows ?? FIRST_ROWS));
  const split = style === 'split';
  const rows = useMemo(() => (split ? splitRows(file) : unifiedRows(file)), [file, split]);
  // Drawn plain first; highlighted lines are swapped in as idle slices produce them (React then
  // rewrites only the cells whose HTML changed).
  const highlight = useHighlight(file, path);
  const hl = highlight?.hl;
  const hlVersion = highlight?.version;
  // The rows do not depend on where the "+" is: moving it re-draws the button only.
  const body = useMemo(
    () =>
      split
        ? splitBody(rows as ReturnType<typeof splitRows>, placed, selection, hl)
        : unifiedBody(rows as ReturnType<typeof unifiedRows>, placed, selection, hl),
    // hlVersion: the maps in `hl` grow in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, split, placed, selection, hl, hlVersion],
  );
  const [progress, setProgress] = useState({ rows, drawn: first });
  // New rows (another file version or layout) start over from the first slice.
  const drawn = progress.rows === rows ? progress.drawn : first;
  const more = drawn < body.length;
  useEffect(() => {
    if (!more) return;
    const t = setTimeout(() => setProgress({ rows, drawn: drawn + STEP_ROWS }), 0);
    return () => clearTimeout(t);
  }, [rows, drawn, more]);
  const tableRef = useRef<HTMLTableElement>(null);
  // Where the pointer (or the arrow keys) put the "+"; else it waits at the end of the selection.
  const [target, setTarget] = useState<Target | null>(null);
  const [selectionTarget, setSelectionTarget] = useState<Target | null>(null);
  const [focused, setFocused] = useState(false);
  const cellAt = (t: Pick<Target, 'side' | 'line'>) => tableRef.current?.querySelector<HTMLElement>(`td[data-at="${at(t.side, t.line)}"]`) ?? null;
  useLayoutEffect(() => {
    const cell = selection ? tableRef.current?.querySelector<HTMLElement>(`td[data-at="${at(selection.side, selection.end)}"]`) : null;
    setSelectionTarget(cell ? targetOf(cell) : null);
  }, [selection, body, drawn]);
  const shown = target ?? selectionTarget;

  const onClick = (e: MouseEvent<HTMLTableElement>) => {
    if (!commenting) return;
    const cell = (e.target as HTMLElement).closest<HTMLElement>('td[data-line]');
    if (cell) onLineClick(path, cell.dataset.side as DiffSide, Number(cell.dataset.line), e.shiftKey);
  };
  // Shift+click on a line number extends the selection; keep the browser from selecting text too.
  const onMouseDown = (e: MouseEvent<HTMLTableElement>) => {
    if (commenting && e.shiftKey && (e.target as HTMLElement).closest('td[data-line]')) e.preventDefault();
  };
  const onMouseOver = (e: MouseEvent<HTMLDivElement>) => {
    if (!commenting) return;
    const td = (e.target as HTMLElement).closest<HTMLElement>('td');
    if (!td || !tableRef.current?.contains(td)) return;
    // Over a line number: the code cell beside it.
    const cell = td.dataset.at
      ? td
      : td.dataset.line
        ? td.nextElementSibling?.hasAttribute('data-at')
          ? td.nextElementSibling
          : td.parentElement?.querySelector('td[data-at]')
        : null;
    const t = cell ? targetOf(cell as HTMLElement) : null;
    if (t && (t.side !== target?.side || t.line !== target.line)) setTarget(t);
  };
  const onMouseLeave = () => !focused && setTarget(null);

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const from = shown ? cellAt(shown) : null;
    const next = from ? neighbour(from, e.key === 'ArrowDown' ? 1 : -1) : null;
    const t = next ? targetOf(next) : null;
    if (!t || !shown) return;
    // Shift+arrows grow a range from the line the button was on.
    if (e.shiftKey) {
      if (selection?.side !== t.side) onLineClick(path, shown.side, shown.line, false);
      if (t.side === shown.side) onLineClick(path, t.side, t.line, true);
    }
    setTarget(t);
    next!.scrollIntoView?.({ block: 'nearest' });
  };
  const onButtonFocus = () => {
    setFocused(true);
    if (shown) return;
    const first = tableRef.current?.querySelector<HTMLElement>('td[data-at]');
    if (first) setTarget(targetOf(first));
  };

  return (
    // The pointer may leave the table for the "+" itself (it sits over the line numbers).
    <div className="relative" onMouseOver={onMouseOver} onMouseLeave={onMouseLeave}>
      <table
        ref={tableRef}
        className={`diff-table ${split ? 'diff-split d2h-file-side-diff' : 'diff-unified d2h-file-diff'}${commenting ? ' diff-selectable' : ''}`}
        onClick={onClick}
        onMouseDown={onMouseDown}
      >
        {split ? SPLIT_COLS : UNIFIED_COLS}
        {/* The same row elements from slice to slice: React skips the ones already drawn. */}
        <tbody>{more ? body.slice(0, drawn) : body}</tbody>
        {more && (
          <tbody aria-hidden>
            <tr style={{ height: (body.length - drawn) * ROW_PX }}>
              <td colSpan={split ? 4 : 3} />
            </tr>
          </tbody>
        )}
      </table>
      {commenting && (
        <button
          type="button"
          className={`diff-add${shown ? ' is-shown' : ''}`}
          style={shown ? { top: shown.top + 1, left: shown.left - 9 } : undefined}
          // Named with its file: every file of the diff has one (a screen reader's button list tells them apart).
          aria-label={shown ? `Comment on ${shown.side} line ${shown.line} of ${path}` : `Comment on a line of ${path}`}
          title="Comment (arrow keys move, shift+arrows select lines)"
          onClick={() => shown && onComment(path, shown.side, shown.line)}
          onKeyDown={onButtonKeyDown}
          onFocus={onButtonFocus}
          onBlur={() => setFocused(false)}
        >
          +
        </button>
      )}
    </div>
  );
});
