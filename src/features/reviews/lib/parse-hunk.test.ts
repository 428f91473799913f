import { describe, expect, it } from 'vitest';
import { hunkExcerpt, parseHunk } from './parse-hunk';

const hunk = ['@@ -10,6 +10,7 @@ function f() {', ' a', ' b', '-c', '+C', '+D', ' e', '\\ No newline at end of file'].join('\n');

describe('parseHunk', () => {
  it('numbers old and new lines from the header', () => {
    expect(parseHunk(hunk).map((r) => [r.kind, r.oldNo, r.newNo, r.text])).toEqual([
      ['header', null, null, '@@ -10,6 +10,7 @@ function f() {'],
      ['context', 10, 10, 'a'],
      ['context', 11, 11, 'b'],
      ['del', 12, null, 'c'],
      ['add', null, 12, 'C'],
      ['add', null, 13, 'D'],
      ['context', 13, 14, 'e'],
    ]);
  });

  it('shows the commented line with the lines above it', () => {
    const rows = parseHunk(hunk);
    const onNew = hunkExcerpt(rows, 'new', 13, 2);
    expect(onNew.rows.map((r) => r.text)).toEqual(['c', 'C', 'D']);
    expect(onNew.rows[onNew.target].text).toBe('D');
    const onOld = hunkExcerpt(rows, 'old', 12, 1);
    expect(onOld.rows.map((r) => r.text)).toEqual(['b', 'c']);
    expect(onOld.target).toBe(1);
    // A line the hunk does not have: its tail, nothing marked.
    expect(hunkExcerpt(rows, 'new', 99, 1)).toMatchObject({ target: -1, rows: [{ text: 'D' }, { text: 'e' }] });
  });

  it('shows every line of a range comment, more than the usual context', () => {
    const long = ['@@ -18,2 +18,8 @@', ' x', ' y', '+l20', '+l21', '+l22', '+l23', '+l24', ' z'].join('\n');
    const rows = parseHunk(long);
    // Lines 20–24: five lines; the usual context (4 above) would start at 20 too, so ask for 2.
    const range = hunkExcerpt(rows, 'new', 24, 2, 20);
    expect(range.rows.map((r) => r.text)).toEqual(['l20', 'l21', 'l22', 'l23', 'l24']);
    expect(range).toMatchObject({ first: 0, target: 4 });
    // Without a range, the context decides.
    expect(hunkExcerpt(rows, 'new', 24, 2).rows.map((r) => r.text)).toEqual(['l22', 'l23', 'l24']);
  });
});
