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
  /** Hash of the file's diff; empty unless asked for (only viewed marks need it). */
  hash: string;
  /** Element id, stable across reloads: `diff-` + a hash of the path. */
  id: string;
  /** Why the rows wait for a click; undefined when they are drawn as the file comes near. */
  heldBack?: 'large' | 'generated';
  /** Said in place of rows when the file has none (binary, pure rename, mode change). */
  note?: string;
}

const DEV_NULL = '/dev/null';

// Lock files and minified bundles: reviewers rarely read them, and they are often huge.
const GENERATED = [/(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|composer\.lock|Gemfile\.lock|poetry\.lock|Pipfile\.lock|bun\.lockb)$/, /\.min\.(js|css)$/, /\.js\.map$/, /\.css\.map$/];

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

function hashFile(f: DiffFile): string {
  // The names, modes and every hunk line: what a reviewer saw.
  const parts: string[] = [f.oldName, f.newName, String(f.oldMode ?? ''), String(f.newMode ?? ''), f.isBinary ? `bin:${String(f.checksumBefore)}:${f.checksumAfter}` : ''];
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

/** Rows of each layout: unified draws every line; split pairs a run of deletions with the insertions after it. */
function countRows(f: DiffFile): { unified: number; split: number } {
  let unified = 0;
  let split = 0;
  for (const b of f.blocks) {
    unified += 1 + b.lines.length;
    split += 1;
    let del = 0;
    let ins = 0;
    for (const l of b.lines) {
      if (l.type === 'delete') {
        if (ins > 0) {
          split += Math.max(del, ins);
          del = 0;
          ins = 0;
        }
        del++;
      } else if (l.type === 'insert') ins++;
      else {
        split += Math.max(del, ins) + 1;
        del = 0;
        ins = 0;
      }
    }
    split += Math.max(del, ins);
  }
  return { unified, split };
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

export function toFileModels(files: DiffFile[], withHash: boolean): FileModel[] {
  return files.map((file, index) => {
    const status = statusOf(file);
    const path = (status === 'deleted' ? file.oldName : file.newName) || file.oldName;
    const oldPath = status === 'renamed' || status === 'copied' ? file.oldName : undefined;
    const rows = file.isBinary ? { unified: 0, split: 0 } : countRows(file);
    const changed = file.addedLines + file.deletedLines;
    const heldBack = rows.unified === 0 ? undefined : changed > HUGE_FILE_LINES || file.isTooBig ? 'large' : GENERATED.some((re) => re.test(path)) ? 'generated' : undefined;
    return {
      index,
      file,
      path,
      oldPath,
      status,
      additions: file.addedLines,
      deletions: file.deletedLines,
      unifiedRows: rows.unified,
      splitRows: rows.split,
      hash: withHash ? hashFile(file) : '',
      id: fileAnchorId(path),
      heldBack,
      note: noteOf(file, status, rows.unified),
    };
  });
}

/** Parses a raw unified diff (git diff, the .diff endpoints). */
export function parseDiff(diff: string, withHash = false): FileModel[] {
  if (!diff.trim()) return [];
  // No line matching here: word highlights are computed per drawn file, only when it is drawn.
  return toFileModels(parse(diff, { matching: 'none' }), withHash);
}
