import { describe, expect, it } from 'vitest';
import { parse } from 'diff2html';
import { changedRange, linePosition, shownLines, splitRows, unifiedRows } from './diff-rows';

const [file] = parse(`diff --git a/a.ts b/a.ts
index 1..2 100644
--- a/a.ts
+++ b/a.ts
@@ -1,5 +1,6 @@ function f() {
 one
-const total = sum(a);
-two
+const total = sum(a, b);
+TWO
+three
 four
-five
`);

describe('rows', () => {
  it('unified: the hunk header, then every line in order with its numbers', () => {
    const rows = unifiedRows(file!);
    expect(rows[0]).toEqual({ kind: 'hunk', header: '@@ -1,5 +1,6 @@ function f() {' });
    expect(rows.slice(1).map((r) => (r.kind === 'line' ? [r.cell.kind, r.cell.old, r.cell.new, r.cell.prefix + r.cell.text] : r.kind))).toEqual([
      ['cntx', 1, 1, ' one'],
      ['del', 2, undefined, '-const total = sum(a);'],
      ['del', 3, undefined, '-two'],
      ['ins', undefined, 2, '+const total = sum(a, b);'],
      ['ins', undefined, 3, '+TWO'],
      ['ins', undefined, 4, '+three'],
      ['cntx', 4, 5, ' four'],
      ['del', 5, undefined, '-five'],
    ]);
  });

  it('split: deletions beside the insertions that follow them, context on both sides', () => {
    const rows = splitRows(file!);
    const side = (c?: { old?: number; new?: number; kind: string }) => (c ? `${c.kind}:${c.kind === 'ins' ? c.new : c.old}` : '-');
    expect(rows.slice(1).map((r) => (r.kind === 'pair' ? `${side(r.left)} | ${r.right ? `${r.right.kind}:${r.right.new}` : '-'}` : r.kind))).toEqual([
      'cntx:1 | cntx:1',
      'del:2 | ins:2',
      'del:3 | ins:3',
      '- | ins:4',
      'cntx:4 | cntx:5',
      'del:5 | -',
    ]);
  });

  it('marks the changed words of paired lines and marks pairs as changes', () => {
    const rows = unifiedRows(file!);
    const del = rows[2]!.kind === 'line' ? rows[2]!.cell : undefined;
    const ins = rows[4]!.kind === 'line' ? rows[4]!.cell : undefined;
    expect(del!.change && ins!.change).toBe(true);
    expect(del!.text.slice(...del!.hl!)).toBe('');
    expect(ins!.text.slice(...ins!.hl!)).toBe(', b');
    // A line with no partner is not a change pair.
    const lone = rows[6]!.kind === 'line' ? rows[6]!.cell : undefined;
    expect(lone!.change).toBeUndefined();
  });

  it('changedRange cuts back to whole words and gives up when nothing is shared', () => {
    expect(changedRange('let counter = 1;', 'let countdown = 1;')).toEqual({ a: [4, 11], b: [4, 13] });
    expect(changedRange('abc', 'xyz')).toBeUndefined();
    expect(changedRange('same', 'same')).toBeUndefined();
  });

  it('knows which lines the diff shows and where they sit', () => {
    const shown = shownLines(file!);
    expect([...shown].sort()).toEqual(['new:1', 'new:2', 'new:3', 'new:4', 'new:5', 'old:1', 'old:2', 'old:3', 'old:4', 'old:5'].sort());
    expect(linePosition(file!, 'new', 5)).toBe(6);
    expect(linePosition(file!, 'old', 5)).toBe(7);
    expect(linePosition(file!, 'new', 40)).toBe(-1);
  });
});
