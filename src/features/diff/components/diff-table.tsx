// The rows of one file, drawn by React in diff2html's look: unified (old and new line numbers, then
// the code) or split (old on the left, new on the right). Annotations (review threads, composers)
// sit in rows of their own right after the line they belong to. Clicks are handled once per table.
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import type { DiffFile } from 'diff2html/lib/types';
import type { DiffSide } from '../lib/diff-model';
import { lineKey, splitRows, unifiedRows, type LineCell } from '../lib/diff-rows';

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

function AddButton({ side, line, shown }: { side: DiffSide; line: number; shown: boolean }) {
  return (
    <button type="button" className={`diff-add${shown ? ' is-shown' : ''}`} data-comment="" data-side={side} data-line={line} aria-label={`Comment on ${side} line ${line}`}>
      +
    </button>
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

function UnifiedBody({ path: _path, file, placed, selection, commenting }: DiffTableProps) {
  const rows = useMemo(() => unifiedRows(file), [file]);
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
    const side: DiffSide = c.kind === 'del' || (c.kind === 'cntx' && selection?.side === 'old' && inSelection(selection, c, 'old')) ? 'old' : 'new';
    const selected = inSelection(selection, c, side) || inSelection(selection, c, side === 'old' ? 'new' : 'old');
    const line = (side === 'old' ? oldN : newN)!;
    out.push(
      <tr key={i} className={`d2h-${c.kind}${c.change ? ' d2h-change' : ''}${selected ? ' is-selected' : ''}`}>
        <td className="diff-num" data-side={oldN === undefined ? undefined : 'old'} data-line={oldN}>
          {oldN}
        </td>
        <td className="diff-num" data-side={newN === undefined ? undefined : 'new'} data-line={newN}>
          {newN}
        </td>
        <td className="diff-code">
          {commenting && <AddButton side={side} line={line} shown={selection?.side === side && selection.end === line} />}
          <span className="diff-prefix">{c.prefix}</span>
          <Code cell={c} />
        </td>
      </tr>,
    );
    if (placed) {
      const list = [...(oldN !== undefined ? (placed.get(lineKey('old', oldN)) ?? []) : []), ...(newN !== undefined ? (placed.get(lineKey('new', newN)) ?? []) : [])];
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
  return (
    <>
      <colgroup>
        <col className="diff-num" />
        <col className="diff-num" />
        <col />
      </colgroup>
      <tbody>{out}</tbody>
    </>
  );
}

function SplitSide({ cell, side, selection, commenting }: { cell?: LineCell; side: DiffSide; selection?: LineSelection; commenting: boolean }) {
  if (!cell) {
    return (
      <>
        <td className="diff-num diff-empty" />
        <td className="diff-code diff-empty" />
      </>
    );
  }
  const n = numberOn(cell, side)!;
  const sel = inSelection(selection, cell, side) ? ' is-selected' : '';
  return (
    <>
      <td className={`diff-num d2h-${cell.kind}${sel}`} data-side={side} data-line={n}>
        {n}
      </td>
      <td className={`diff-code d2h-${cell.kind}${sel}`}>
        {commenting && <AddButton side={side} line={n} shown={selection?.side === side && selection.end === n} />}
        <span className="diff-prefix">{cell.prefix}</span>
        <Code cell={cell} />
      </td>
    </>
  );
}

function SplitBody({ file, placed, selection, commenting }: DiffTableProps) {
  const rows = useMemo(() => splitRows(file), [file]);
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
        <SplitSide cell={row.left} side="old" selection={selection} commenting={commenting} />
        <SplitSide cell={row.right} side="new" selection={selection} commenting={commenting} />
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
  return (
    <>
      <colgroup>
        <col className="diff-num" />
        <col />
        <col className="diff-num" />
        <col />
      </colgroup>
      <tbody>{out}</tbody>
    </>
  );
}

export const DiffTable = memo(function DiffTable(props: DiffTableProps) {
  const { path, commenting, onLineClick, onComment } = props;
  const onClick = (e: MouseEvent<HTMLTableElement>) => {
    if (!commenting) return;
    const target = e.target as HTMLElement;
    const add = target.closest<HTMLElement>('[data-comment]');
    const cell = add ?? target.closest<HTMLElement>('td[data-line]');
    if (!cell) return;
    const side = cell.dataset.side as DiffSide;
    const line = Number(cell.dataset.line);
    if (add) onComment(path, side, line);
    else onLineClick(path, side, line, e.shiftKey);
  };
  // Shift+click on a line number extends the selection; keep the browser from selecting text too.
  const onMouseDown = (e: MouseEvent<HTMLTableElement>) => {
    if (commenting && e.shiftKey && (e.target as HTMLElement).closest('td[data-line]')) e.preventDefault();
  };
  const split = props.style === 'split';
  return (
    <table
      className={`diff-table ${split ? 'diff-split d2h-file-side-diff' : 'diff-unified d2h-file-diff'}${commenting ? ' diff-selectable' : ''}`}
      onClick={onClick}
      onMouseDown={onMouseDown}
    >
      {split ? <SplitBody {...props} /> : <UnifiedBody {...props} />}
    </table>
  );
});
