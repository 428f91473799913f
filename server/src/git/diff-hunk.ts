// Diff hunks for inline review comments: the hunk a comment was made on (Gitea's CutDiffAroundLine)
// and where commented lines went after a push. Revisions are full SHAs the caller resolved; paths go
// after `--` as literal pathspecs, so no user value is read as an option or a glob.
import { git, type GitCommand } from './command.ts';
import { runGit } from './run-git.ts';

/** Lines of context kept above a commented line (Gitea's setting.UI.CodeCommentLines default). */
export const CODE_COMMENT_LINES = 4;

const literal = { GIT_LITERAL_PATHSPECS: '1' };
const diff = (): GitCommand => git('diff').config('core.quotePath', 'false').flag('--no-color', '--no-ext-diff');

/** The unified diff (3 lines of context) of one file from `from` to `to`; empty when it did not change. */
export async function fileDiff(dir: string, from: string, to: string, path: string): Promise<string> {
  return runGit(diff().flag('-M', '--end-of-options').value(from, to).paths([path]), { cwd: dir, env: literal });
}

export interface HunkRange {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function parseHunkHeader(line: string): HunkRange | null {
  const m = HUNK.exec(line);
  if (!m) return null;
  return { oldStart: Number(m[1]), oldCount: m[2] === undefined ? 1 : Number(m[2]), newStart: Number(m[3]), newCount: m[4] === undefined ? 1 : Number(m[4]) };
}

/**
 * The part of a one-file diff that leads up to `line` (of the old side when `old`): the file
 * headers (diff --git, ---, +++), a hunk header, and at most `contextLines` diff lines ending with the
 * commented one, as Gitea stores in a code comment's patch. Empty when no hunk holds the line.
 */
export function cutDiffAroundLine(diff: string, line: number, old: boolean, contextLines = CODE_COMMENT_LINES): string {
  if (line <= 0 || contextLines <= 0) return '';
  const headers: string[] = [];
  let header = '';
  const body: string[] = [];
  let found = false;
  let inHunk = false;
  // The next line number on the commented side and on the other side.
  let cur = 0;
  let other = 0;
  for (const lof of diff.split('\n')) {
    if (!found) {
      if (lof.startsWith('diff --git ')) {
        inHunk = false;
        headers.push(lof);
      } else if (!inHunk && (lof.startsWith('---') || lof.startsWith('+++'))) {
        headers.push(lof);
      } else if (lof.startsWith('@@')) {
        inHunk = true;
        const h = parseHunkHeader(lof);
        if (!h) continue;
        const [start, count, otherStart] = old ? [h.oldStart, h.oldCount, h.newStart] : [h.newStart, h.newCount, h.oldStart];
        if (start <= line && line < start + count) {
          found = true;
          header = lof;
          cur = start;
          other = otherStart;
        }
      }
      continue;
    }
    if (lof === '' || lof.startsWith('@@') || lof.startsWith('diff --git ') || cur > line) break;
    body.push(lof);
    const kind = lof[0];
    if (kind === '\\') continue;
    // A '+' line counts on the new side only, a '-' line on the old side only, context on both.
    const onCommented = kind === '+' ? !old : kind === '-' ? old : true;
    const onOther = kind === '+' ? old : kind === '-' ? !old : true;
    if (onCommented) cur++;
    if (onOther) other++;
  }
  if (!found) return '';
  if (body.filter((l) => l[0] !== '\\').length <= contextLines) return [...headers, header, ...body].join('\n');

  // Keep the last lines and work the hunk header back from where counting stopped.
  const tail: string[] = [];
  let kept = 0;
  for (let i = body.length - 1; i >= 0 && kept < contextLines; i--) {
    tail.unshift(body[i]!);
    if (body[i]![0] !== '\\') kept++;
  }
  let oldBegin = old ? cur : other;
  let newBegin = old ? other : cur;
  let oldNum = 0;
  let newNum = 0;
  for (const l of tail) {
    if (l[0] === '\\') continue;
    if (l[0] !== '-') {
      newBegin--;
      newNum++;
    }
    if (l[0] !== '+') {
      oldBegin--;
      oldNum++;
    }
  }
  return [...headers, `@@ -${oldBegin},${oldNum} +${newBegin},${newNum} @@`, ...tail].join('\n');
}

/** Changed line ranges of one file between two commits, or 'all' when every line counts as changed (binary, gone). */
export type FileChanges = HunkRange[] | 'all';

/**
 * For each path that differs from `from` to `to`: its -U0 hunks (no rename detection, so a file that
 * moved away is deleted: every line changed). Paths missing from the result did not change.
 * One git call per 200 paths.
 */
export async function changedRanges(dir: string, from: string, to: string, paths: string[]): Promise<Map<string, FileChanges>> {
  const out = new Map<string, FileChanges>();
  for (let i = 0; i < paths.length; i += 200) {
    const chunk = paths.slice(i, i + 200);
    const hunks = await runGit(diff().flag('-U0', '--no-renames', '--end-of-options').value(from, to).paths(chunk), { cwd: dir, env: literal });
    parseRangesInto(hunks, out);
  }
  return out;
}

function parseRangesInto(diff: string, out: Map<string, FileChanges>) {
  let path: string | null = null;
  let inHunk = false;
  for (const lof of diff.split('\n')) {
    if (lof.startsWith('diff --git ')) {
      path = diffGitPath(lof.slice(11));
      inHunk = false;
      if (path !== null && !out.has(path)) out.set(path, []);
    } else if (!inHunk && lof.startsWith('--- ')) {
      const p = lof.slice(4);
      if (p !== '/dev/null') {
        const name = stripPrefix(unquote(p));
        if (name !== path && path !== null) out.delete(path);
        path = name;
        if (!out.has(path)) out.set(path, []);
      }
    } else if (path !== null && !inHunk && lof.startsWith('Binary files ')) {
      out.set(path, 'all');
    } else if (path !== null && lof.startsWith('@@')) {
      inHunk = true;
      const h = parseHunkHeader(lof);
      const cur = out.get(path);
      if (h && Array.isArray(cur)) cur.push(h);
    }
  }
}

/** "a/x b/x" (no renames: both sides are the same path) → x; quoted names are unquoted. */
function diffGitPath(rest: string): string | null {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest);
    return end < 0 ? null : stripPrefix(unquote(rest.slice(0, end + 1)));
  }
  const len = (rest.length - 5) / 2;
  if (!Number.isInteger(len) || len <= 0) return null;
  return rest.slice(2, 2 + len);
}

function closingQuote(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return -1;
}

const stripPrefix = (p: string) => (p.startsWith('a/') || p.startsWith('b/') ? p.slice(2) : p);

/** Undoes git's C-style quoting of a path ("a/caf\303\251" → a/café). */
export function unquote(s: string): string {
  if (!s.startsWith('"') || !s.endsWith('"') || s.length < 2) return s;
  const bytes: number[] = [];
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, '"': 34 };
  const inner = s.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = inner[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(inner.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(esc[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Where line `n` of the old side of a -U0 diff is on the new side, or null when that line itself
 * changed (or the whole file did).
 */
export function mapLine(changes: FileChanges, n: number): number | null {
  if (changes === 'all') return null;
  let shift = 0;
  for (const h of changes) {
    if (h.oldCount === 0) {
      // A pure insertion after old line oldStart.
      if (h.oldStart < n) shift += h.newCount;
      continue;
    }
    if (n >= h.oldStart && n < h.oldStart + h.oldCount) return null;
    if (h.oldStart + h.oldCount <= n) shift += h.newCount - h.oldCount;
  }
  return n + shift;
}
