// Syntax highlighting of one drawn file of a diff, with the file view's highlight.js setup
// (src/lib/highlight.ts, src/lib/highlight-lines.ts). Each hunk's old side (context + deletions)
// and new side (context + insertions) is highlighted as one text, so a comment or string that
// spans several lines of the hunk is coloured on each of them; a hunk that starts inside such a
// construct cannot know it (the file's text above the hunk is not in the diff), as on GitHub.
// The work is cut into slices of a few milliseconds (at most one piece of a hunk side each), run after the
// file's plain rows are painted, so highlighting never delays a first paint or makes a long task.
import type { HLJSApi } from 'highlight.js';
import type { DiffFile } from 'diff2html/lib/types';
import { grammarFor, loadLanguages, loadedHighlighter } from '@/lib/highlight';
import { languageFor, splitHtmlLines } from '@/lib/highlight-lines';
import type { DiffSide } from './diff-model';

/** Highlighted HTML of each shown line of a file, by side and line number. */
export interface FileHighlight {
  old: Map<number, string>;
  new: Map<number, string>;
}

/** The highlight.js grammar for a file of the diff, or null (plain text). */
export function diffLanguage(path: string): string | null {
  const name = languageFor(path);
  return name ? grammarFor(name) : null;
}

// Hunks with longer lines (minified code) are left plain: highlighting them costs much and tells little.
const MAX_LINE = 1_000;
// A hunk side is highlighted in pieces of at most this many lines, each a slice of its own (a
// 2,000-line added file in one go would be a task of a few hundred ms). A construct that spans
// a piece boundary is coloured from the boundary on as if it started there.
const PIECE_LINES = 200;

/** A run of one side's lines to highlight as one text. */
interface Piece {
  side: DiffSide;
  numbers: number[];
  text: string[];
}

/** The pieces of `file`'s hunks, in order: each hunk's old side, then its new side. */
export function piecesOf(file: DiffFile): Piece[] {
  const prefix = file.isCombined ? 2 : 1;
  const pieces: Piece[] = [];
  for (const block of file.blocks) {
    if (block.lines.some((l) => l.content.length - prefix > MAX_LINE)) continue;
    for (const side of ['old', 'new'] as const) {
      let piece: Piece | null = null;
      for (const line of block.lines) {
        const n = side === 'old' ? (line.type === 'insert' ? undefined : line.oldNumber) : line.type === 'delete' ? undefined : line.newNumber;
        if (n === undefined) continue;
        if (!piece || piece.numbers.length >= PIECE_LINES) pieces.push((piece = { side, numbers: [], text: [] }));
        piece.numbers.push(n);
        piece.text.push(line.content.slice(prefix));
      }
    }
  }
  return pieces;
}

function highlightPiece(hljs: HLJSApi, language: string, piece: Piece, into: FileHighlight) {
  const lines = splitHtmlLines(hljs.highlight(piece.text.join('\n'), { language, ignoreIllegals: true }).value);
  piece.numbers.forEach((n, i) => into[piece.side].set(n, lines[i] ?? ''));
}

/** The whole file highlighted at once (tests; the component goes hunk by hunk). */
export async function highlightFile(file: DiffFile, path: string): Promise<FileHighlight | null> {
  const language = diffLanguage(path);
  if (!language) return null;
  const hljs = await loadLanguages([language]);
  const out: FileHighlight = { old: new Map(), new: new Map() };
  for (const piece of piecesOf(file)) highlightPiece(hljs, language, piece, out);
  return out;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]!);

/**
 * `html` (highlight.js output for one line: spans and escaped text) with the characters
 * [start, end) of its text wrapped in `<tag>`: the word-diff mark of a paired line. Spans open at
 * a mark's edge are closed before it and reopened inside it (and again after it), so the markup
 * stays well nested and every token keeps its colour inside the mark.
 */
export function markRange(html: string, [start, end]: [number, number], tag: 'ins' | 'del'): string {
  if (end <= start) return html;
  const open: string[] = [];
  let out = '';
  let pos = 0;
  let state = 'before' as 'before' | 'in' | 'after';
  const edge = (markup: string) => '</span>'.repeat(open.length) + markup + open.join('');
  // A mark's edges go before the next opening span or character, never between a character and the span that closes it.
  const edges = () => {
    if (state === 'before' && pos === start) {
      out += edge(`<${tag}>`);
      state = 'in';
    }
    if (state === 'in' && pos === end) {
      out += edge(`</${tag}>`);
      state = 'after';
    }
  };
  const re = /(<span[^>]*>)|(<\/span>)|(&[#\w]+;|[^<&]|[<&])/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[2]) {
      open.pop();
      out += m[2];
      continue;
    }
    edges();
    if (m[1]) {
      open.push(m[1]);
      out += m[1];
    } else {
      out += m[3];
      pos++;
    }
  }
  // A mark that runs to the end of the line (every span is closed there).
  if (state === 'before') out += `<${tag}>`;
  if (state !== 'after') out += `</${tag}>`;
  return out;
}

// Highlights of recently drawn files, so a file scrolled back to is drawn highlighted at once.
// Bounded by lines (oldest out first): scrolling through a 100,000-line diff keeps memory flat.
const CACHE_LINES = 20_000;
const done = new Map<DiffFile, FileHighlight>();
let cachedLines = 0;
const linesOf = (h: FileHighlight) => h.old.size + h.new.size;

function remember(file: DiffFile, h: FileHighlight) {
  done.set(file, h);
  cachedLines += linesOf(h);
  for (const [f, old] of done) {
    if (cachedLines <= CACHE_LINES || f === file) break;
    done.delete(f);
    cachedLines -= linesOf(old);
  }
}

/** The cached highlight of a file, if it was highlighted lately (a file scrolled back to). */
export const cachedHighlight = (file: DiffFile) => done.get(file);

// Highlighting waits for the browser to be idle: during a fast scroll a file passing by is drawn
// plain and released before it is highlighted (no work spent on it); a file the reader stops at is
// highlighted in the next idle moments. The timeout bounds the wait on a page that is never idle.
const IDLE_TIMEOUT_MS = 1_000;

const idle = (fn: (deadline?: IdleDeadline) => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

// One slice's budget: well under the 50 ms that counts as a long task.
const SLICE_MS = 12;

/**
 * Highlights `file` hunk by hunk in idle slices, calling `onProgress` with the growing result
 * (the same maps, more lines each time; `complete` on the last call). Returns a cancel function
 * (the file was released or redrawn). Nothing is called for a language without a grammar.
 */
export function highlightInSlices(file: DiffFile, path: string, onProgress: (h: FileHighlight, complete: boolean) => void): () => void {
  const cached = done.get(file);
  if (cached) {
    onProgress(cached, true);
    return () => {};
  }
  const language = diffLanguage(path);
  if (!language) return () => {};
  let cancelled = false;
  let cancelNext = () => {};
  const out: FileHighlight = { old: new Map(), new: new Map() };
  const pieces = piecesOf(file);
  if (pieces.length === 0) return () => {};
  let next = 0;
  const step = (hljs: HLJSApi, deadline?: IdleDeadline) => {
    if (cancelled) return;
    const t = performance.now();
    // The idle period's own budget when there is one; a fixed slice when the timeout forced the call.
    const more = () => (deadline && !deadline.didTimeout ? deadline.timeRemaining() > 1 : performance.now() - t < SLICE_MS);
    do highlightPiece(hljs, language, pieces[next++]!, out);
    while (next < pieces.length && more());
    const complete = next >= pieces.length;
    if (complete) remember(file, out);
    onProgress(out, complete);
    if (!complete) cancelNext = idle((d) => step(hljs, d));
  };
  // Off the first paint: the plain rows are drawn first, the highlighted ones swapped in after.
  cancelNext = idle((deadline) => {
    const ready = loadedHighlighter([language]);
    if (ready) step(ready, deadline);
    else
      void loadLanguages([language]).then(
        (hljs) => {
          if (!cancelled) cancelNext = idle((d) => step(hljs, d));
        },
        () => {}, // A grammar that fails to load (offline): the rows stay plain.
      );
  });
  return () => {
    cancelled = true;
    cancelNext();
  };
}
