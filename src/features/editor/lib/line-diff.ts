// A unified diff of two texts (what a file edit changes), in git's format so the app's diff viewer
// shows it: common lines at both ends are skipped, the middle is matched by longest common
// subsequence (an edit in the browser is small; past a size the middle is shown replaced whole).
const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

const split = (text: string) => {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

function middleOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  while (i < n) ops.push({ kind: '-', line: a[i++]! });
  while (j < m) ops.push({ kind: '+', line: b[j++]! });
  return ops;
}

/** Every line of both texts as kept, removed or added. */
export function diffLines(oldText: string, newText: string): Op[] {
  const a = split(oldText);
  const b = split(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return [
    ...a.slice(0, start).map((line) => ({ kind: ' ' as const, line })),
    ...middleOps(a.slice(start, a.length - end), b.slice(start, b.length - end)),
    ...a.slice(a.length - end).map((line) => ({ kind: ' ' as const, line })),
  ];
}

/** `diff --git` text of one file's change ('' when nothing changed). Null old text: a new file. */
export function unifiedDiff(path: string, oldText: string | null, newText: string | null, oldPath = path): string {
  const ops = diffLines(oldText ?? '', newText ?? '');
  if (!ops.some((o) => o.kind !== ' ') && oldPath === path) return '';
  const header = [`diff --git a/${oldPath} b/${path}`];
  if (oldText === null) header.push('new file mode 100644', '--- /dev/null', `+++ b/${path}`);
  else if (newText === null) header.push('deleted file mode 100644', `--- a/${oldPath}`, '+++ /dev/null');
  else header.push(`--- a/${oldPath}`, `+++ b/${path}`);
  const out = [...header];
  // Hunks: runs of changes with up to CONTEXT kept lines around them, merged when close.
  const changed = ops.map((o, i) => (o.kind !== ' ' ? i : -1)).filter((i) => i >= 0);
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k]! - CONTEXT);
    let last = changed[k]!;
    while (k + 1 < changed.length && changed[k + 1]! - last <= CONTEXT * 2) last = changed[++k]!;
    const to = Math.min(ops.length, last + CONTEXT + 1);
    k++;
    let oldStart = 1;
    let newStart = 1;
    for (const o of ops.slice(0, from)) {
      if (o.kind !== '+') oldStart++;
      if (o.kind !== '-') newStart++;
    }
    const hunk = ops.slice(from, to);
    const oldCount = hunk.filter((o) => o.kind !== '+').length;
    const newCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${oldCount ? oldStart : oldStart - 1},${oldCount} +${newCount ? newStart : newStart - 1},${newCount} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
  }
  return `${out.join('\n')}\n`;
}
