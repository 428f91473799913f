// The rows of one file in each layout, built only when the file is drawn: unified (every line in
// order) and split (a run of deletions beside the insertions that follow it, as diff2html pairs
// them), with the changed part of a paired line marked, as diff2html's word highlight shows it.
import type { DiffFile } from 'diff2html/lib/types';
import type { DiffSide } from './diff-model';

export interface LineCell {
  kind: 'ins' | 'del' | 'cntx';
  old?: number;
  new?: number;
  prefix: string;
  text: string;
  /** The changed part [start, end) of a line paired with one on the other side. */
  hl?: [number, number];
  /** Paired with a line on the other side (diff2html's "d2h-change"). */
  change?: boolean;
}

export type UnifiedRow = { kind: 'hunk'; header: string } | { kind: 'line'; cell: LineCell };
export type SplitRow = { kind: 'hunk'; header: string } | { kind: 'pair'; left?: LineCell; right?: LineCell };

// Longer lines are not compared: the highlight would cost more than it tells.
const MAX_COMPARE = 1000;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * The changed middle of two lines: common prefix and suffix cut back to word boundaries, so a
 * renamed identifier is marked whole. Undefined when nothing is common (the whole line changed).
 */
export function changedRange(a: string, b: string): { a: [number, number]; b: [number, number] } | undefined {
  if (a.length > MAX_COMPARE || b.length > MAX_COMPARE || a === b) return undefined;
  const max = Math.min(a.length, b.length);
  let p = 0;
  while (p < max && a[p] === b[p]) p++;
  while (p > 0 && isWordChar(a[p - 1]) && (isWordChar(a[p]) || isWordChar(b[p]))) p--;
  let s = 0;
  while (s < max - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  while (s > 0 && isWordChar(a[a.length - s]) && (isWordChar(a[a.length - s - 1]) || isWordChar(b[b.length - s - 1]))) s--;
  if (p === 0 && s === 0) return undefined;
  return { a: [p, a.length - s], b: [p, b.length - s] };
}

function toCell(line: DiffFile['blocks'][number]['lines'][number], prefixLen: number): LineCell {
  const kind = line.type === 'insert' ? 'ins' : line.type === 'delete' ? 'del' : 'cntx';
  return { kind, old: line.oldNumber, new: line.newNumber, prefix: line.content.slice(0, prefixLen), text: line.content.slice(prefixLen) };
}

/** Marks the i-th deletion and the i-th insertion of a change run as a pair. */
function pairUp(dels: LineCell[], inss: LineCell[]) {
  const n = Math.min(dels.length, inss.length);
  for (let i = 0; i < n; i++) {
    const d = dels[i]!;
    const a = inss[i]!;
    d.change = a.change = true;
    const r = changedRange(d.text, a.text);
    if (r) {
      d.hl = r.a;
      a.hl = r.b;
    }
  }
}

/** Runs over a file's hunks: each hunk header, each context line, each change run (deletions, then insertions). */
function walk(file: DiffFile, onHunk: (header: string) => void, onContext: (c: LineCell) => void, onChange: (dels: LineCell[], inss: LineCell[]) => void) {
  const prefixLen = file.isCombined ? 2 : 1;
  for (const block of file.blocks) {
    onHunk(block.header);
    let dels: LineCell[] = [];
    let inss: LineCell[] = [];
    const flush = () => {
      if (dels.length || inss.length) {
        pairUp(dels, inss);
        onChange(dels, inss);
      }
      dels = [];
      inss = [];
    };
    for (const line of block.lines) {
      const cell = toCell(line, prefixLen);
      if (cell.kind === 'del') {
        if (inss.length) flush();
        dels.push(cell);
      } else if (cell.kind === 'ins') inss.push(cell);
      else {
        flush();
        onContext(cell);
      }
    }
    flush();
  }
}

export function unifiedRows(file: DiffFile): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  walk(
    file,
    (header) => rows.push({ kind: 'hunk', header }),
    (cell) => rows.push({ kind: 'line', cell }),
    (dels, inss) => {
      for (const cell of dels) rows.push({ kind: 'line', cell });
      for (const cell of inss) rows.push({ kind: 'line', cell });
    },
  );
  return rows;
}

export function splitRows(file: DiffFile): SplitRow[] {
  const rows: SplitRow[] = [];
  walk(
    file,
    (header) => rows.push({ kind: 'hunk', header }),
    (cell) => rows.push({ kind: 'pair', left: cell, right: cell }),
    (dels, inss) => {
      for (let i = 0; i < Math.max(dels.length, inss.length); i++) rows.push({ kind: 'pair', left: dels[i], right: inss[i] });
    },
  );
  return rows;
}

export const lineKey = (side: DiffSide, line: number) => `${side}:${line}`;

/** Every side:line the file's rows show: an annotation on any other line is outdated. */
export function shownLines(file: DiffFile): Set<string> {
  const keys = new Set<string>();
  for (const b of file.blocks)
    for (const l of b.lines) {
      if (l.oldNumber !== undefined) keys.add(lineKey('old', l.oldNumber));
      if (l.newNumber !== undefined) keys.add(lineKey('new', l.newNumber));
    }
  return keys;
}

/** Where a line sits among the file's lines (for ordering annotations), or -1 when it is not shown. */
export function linePosition(file: DiffFile, side: DiffSide, line: number): number {
  let pos = 0;
  for (const b of file.blocks)
    for (const l of b.lines) {
      if (side === 'old' ? l.type !== 'insert' && l.oldNumber === line : l.type !== 'delete' && l.newNumber === line) return pos;
      pos++;
    }
  return -1;
}
