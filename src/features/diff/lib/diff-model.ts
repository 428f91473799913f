// What the engine knows about each file of a diff, derived once per diff text with diff2html's
// parser: names, status, counts, why a body is held back, a hash of the file's own diff (a
// "viewed" mark is forgotten when it changes) and the numbers the size estimates need.
import { parse } from 'diff2html';
import type { DiffFile } from 'diff2html/lib/types';

export type DiffSide = 'old' | 'new';
export type FileStatus = 'added' | 'deleted' | 'renamed' | 'copied' | 'modified';

/** Files with more changed lines than this wait behind "Load diff". */
export const HUGE_FILE_LINES = 1500;

export interface FileModel {
  index: number;
  file: DiffFile;
  /** The new path; the old one for a deleted file. What annotations and viewed marks are keyed by. */
  path: string;
  /** The path before a rename or copy. */
  oldPath?: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  /** Table rows each layout draws (hunk headers included), for size estimates. */
  unifiedRows: number;
  splitRows: number;
  /** Text length of each row of each layout (the longer side of a split row; 0 for a hunk header), for wrapped-line estimates. */
  unifiedLengths: Uint16Array;
  splitLengths: Uint16Array;
  /** Element id, stable across reloads: `diff-` + a hash of the path. */
  id: string;
  /** Why the rows wait for a click; undefined when they are drawn as the file comes near. */
  heldBack?: 'large' | 'generated';
  /** Said in place of rows when the file has none (binary, pure rename, mode change). */
  note?: string;
}

const DEV_NULL = '/dev/null';

// Lock files and minified bundles: reviewers rarely read them, and they are often huge.
const GENERATED = [
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|composer\.lock|Gemfile\.lock|poetry\.lock|Pipfile\.lock|bun\.lockb)$/,
  /\.min\.(js|css)$/,
  /\.js\.map$/,
  /\.css\.map$/,
];

/** 12345 → "12,345", without Intl (its first use costs tens of milliseconds). */
export const formatCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** cyrb53: a fast 53-bit string hash, plenty to tell two versions of one file apart. */
export function hashString(s: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const fileHashes = new WeakMap<DiffFile, string>();

/** Hash of a file's own diff, computed when first asked for (only viewed marks need it). */
export function fileHash(m: FileModel): string {
  let h = fileHashes.get(m.file);
  if (h === undefined) {
    h = hashFile(m.file);
    fileHashes.set(m.file, h);
  }
  return h;
}

function hashFile(f: DiffFile): string {
  // The names, modes and every hunk line: what a reviewer saw.
  const parts: string[] = [
    f.oldName,
    f.newName,
    String(f.oldMode ?? ''),
    String(f.newMode ?? ''),
    f.isBinary ? `bin:${String(f.checksumBefore)}:${f.checksumAfter}` : '',
  ];
  for (const b of f.blocks) {
    parts.push(b.header);
    for (const l of b.lines) parts.push(l.content);
  }
  return hashString(parts.join('\n'));
}

export const fileAnchorId = (path: string) => `diff-${hashString(path)}`;

function statusOf(f: DiffFile): FileStatus {
  if (f.isNew || f.oldName === DEV_NULL) return 'added';
  if (f.isDeleted || f.newName === DEV_NULL) return 'deleted';
  if (f.isCopy) return 'copied';
  if (f.isRename || (f.oldName && f.newName && f.oldName !== f.newName)) return 'renamed';
  return 'modified';
}

/** Rows of each layout and their text lengths: unified draws every line; split pairs a run of deletions with the insertions after it. */
function countRows(f: DiffFile): { unified: Uint16Array; split: Uint16Array } {
  const prefix = f.isCombined ? 2 : 1;
  let rows = 0;
  for (const b of f.blocks) rows += 1 + b.lines.length;
  // Typed arrays filled in place: this runs for every line of the diff before anything is drawn.
  const unified = new Uint16Array(rows);
  const split = new Uint16Array(rows);
  let u = 0;
  let sp = 0;
  for (const b of f.blocks) {
    unified[u++] = 0;
    split[sp++] = 0;
    // The pending change run: where its deletions start in `unified`, and how many of each.
    let delStart = 0;
    let dels = 0;
    let inss = 0;
    const flush = () => {
      for (let i = 0; i < Math.max(dels, inss); i++)
        split[sp++] = Math.max(i < dels ? unified[delStart + i]! : 0, i < inss ? unified[delStart + dels + i]! : 0);
      dels = inss = 0;
    };
    for (const l of b.lines) {
      const len = Math.min(l.content.length - prefix, 65535);
      if (l.type === 'delete') {
        if (inss) flush();
        if (!dels) delStart = u;
        dels++;
      } else if (l.type === 'insert') {
        if (!dels && !inss) delStart = u;
        inss++;
      } else {
        flush();
        split[sp++] = len;
      }
      unified[u++] = len;
    }
    flush();
  }
  return { unified, split: split.subarray(0, sp) };
}

function noteOf(f: DiffFile, status: FileStatus, rows: number): string | undefined {
  if (f.isBinary) return 'Binary file not shown.';
  if (rows > 0) return undefined;
  if (status === 'renamed') return 'File renamed without changes.';
  if (status === 'copied') return 'File copied without changes.';
  if (f.oldMode && f.newMode && f.oldMode !== f.newMode) return `File mode changed from ${String(f.oldMode)} to ${f.newMode}.`;
  if (status === 'added') return 'Empty file added.';
  if (status === 'deleted') return 'Empty file deleted.';
  return 'No changes to show.';
}

export function toFileModels(files: DiffFile[], offset = 0): FileModel[] {
  return files.map((file, i) => {
    const index = offset + i;
    const status = statusOf(file);
    const path = (status === 'deleted' ? file.oldName : file.newName) || file.oldName;
    const oldPath = status === 'renamed' || status === 'copied' ? file.oldName : undefined;
    const rows = file.isBinary ? { unified: new Uint16Array(), split: new Uint16Array() } : countRows(file);
    const changed = file.addedLines + file.deletedLines;
    const heldBack =
      rows.unified.length === 0
        ? undefined
        : changed > HUGE_FILE_LINES || file.isTooBig
          ? 'large'
          : GENERATED.some((re) => re.test(path))
            ? 'generated'
            : undefined;
    return {
      index,
      file,
      path,
      oldPath,
      status,
      additions: file.addedLines,
      deletions: file.deletedLines,
      unifiedRows: rows.unified.length,
      splitRows: rows.split.length,
      unifiedLengths: rows.unified,
      splitLengths: rows.split,
      id: fileAnchorId(path),
      heldBack,
      note: noteOf(file, status, rows.unified.length),
    };
  });
}

/** Parses a raw unified diff (git diff, the .diff endpoints). */
export function parseDiff(diff: string): FileModel[] {
  if (!diff.trim()) return [];
  // No line matching here: word highlights are computed per drawn file, only when it is drawn.
  return toFileModels(parse(diff, { matching: 'none' }));
}

/**
 * The diff cut into the text of each file: at every `diff --git` line (git's own file header), so
 * files can be parsed one by one. Text before the first header stays with the first file; a diff
 * without git headers (a plain unified diff) is one piece.
 */
export function splitFiles(diff: string): string[] {
  const starts: number[] = [];
  if (diff.startsWith('diff --git ')) starts.push(0);
  for (let i = diff.indexOf('\ndiff --git '); i >= 0; i = diff.indexOf('\ndiff --git ', i + 1)) starts.push(i + 1);
  if (starts.length === 0) return diff.trim() ? [diff] : [];
  starts[0] = 0;
  return starts.map((start, i) => diff.slice(start, starts[i + 1] ?? diff.length));
}

/**
 * Parses files of `pieces` (from splitFiles) from `from` on, until `budgetMs` has passed or
 * `maxRows` rows were read: the models (numbered from `offset`) and where to go on from.
 */
export function parseSome(pieces: string[], from: number, offset: number, budgetMs: number, maxRows = Infinity): { models: FileModel[]; next: number } {
  const t = performance.now();
  const models: FileModel[] = [];
  let rows = 0;
  let i = from;
  while (i < pieces.length && (i === from || (performance.now() - t < budgetMs && rows < maxRows))) {
    const parsed = toFileModels(parse(pieces[i++]!, { matching: 'none' }), offset + models.length);
    for (const m of parsed) rows += m.unifiedRows;
    models.push(...parsed);
  }
  return { models, next: i };
}

const wrappedCache = new WeakMap<Uint16Array, { perLine: number; lines: number }>();

/** Screen lines a layout's rows take when `perLine` characters fit on one (long lines wrap). */
export function wrappedLines(m: FileModel, style: 'unified' | 'split', perLine: number): number {
  const lengths = style === 'split' ? m.splitLengths : m.unifiedLengths;
  const hit = wrappedCache.get(lengths);
  if (hit?.perLine === perLine) return hit.lines;
  let lines = 0;
  for (const len of lengths) lines += len > perLine ? Math.ceil(len / perLine) : 1;
  wrappedCache.set(lengths, { perLine, lines });
  return lines;
}
