import { describe, expect, it } from 'vitest';
import { parseDiff } from './diff-model';
import { unifiedRows } from './diff-rows';
import { escapeHtml, highlightFile, markRange, piecesOf } from './highlight-diff';

const diff = (path: string, body: string[]) =>
  [`diff --git a/${path} b/${path}`, 'index 1111111..2222222 100644', `--- a/${path}`, `+++ b/${path}`, ...body, ''].join('\n');

const tsDiff = diff('src/app.ts', [
  '@@ -1,4 +1,6 @@',
  ' const a = 1;',
  '-let b = "old";',
  '+/* a comment',
  '+   across lines */',
  '+let b = "new";',
  ' export function f() {',
  '   return a;',
]);

/** The text a browser shows for an HTML fragment. */
const textOf = (html: string) => {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el.textContent;
};

describe('highlightFile', () => {
  it('colours a comment on every line it spans, and each side from its own text', async () => {
    const [m] = parseDiff(tsDiff);
    const h = (await highlightFile(m!.file, m!.path))!;
    expect(h.new.get(2)).toContain('<span class="hljs-comment">/* a comment</span>');
    expect(h.new.get(3)).toContain('<span class="hljs-comment">   across lines */</span>');
    // The line after the comment is code again.
    expect(h.new.get(4)).toContain('<span class="hljs-keyword">let</span>');
    expect(h.new.get(4)).toContain('<span class="hljs-string">&quot;new&quot;</span>');
    expect(h.old.get(2)).toContain('<span class="hljs-string">&quot;old&quot;</span>');
    // Context lines on both sides, by their own numbers.
    expect(h.old.get(3)).toContain('<span class="hljs-keyword">export</span>');
    expect(h.new.get(5)).toContain('<span class="hljs-keyword">export</span>');
    expect(textOf(h.new.get(6)!)).toBe('  return a;');
  });

  it('leaves a file without a known grammar plain', async () => {
    const [m] = parseDiff(diff('notes/data.unknownext', ['@@ -1 +1 @@', '-const a = 1;', '+const a = 2;']));
    expect(await highlightFile(m!.file, m!.path)).toBeNull();
  });

  it('escapes the code it highlights', async () => {
    const [m] = parseDiff(diff('a.js', ['@@ -1 +1 @@', '-x', '+const s = "<img src=x onerror=alert(1)>";']));
    const line = (await highlightFile(m!.file, m!.path))!.new.get(1)!;
    expect(line).not.toContain('<img');
    expect(textOf(line)).toBe('const s = "<img src=x onerror=alert(1)>";');
  });

  it('cuts a long added file into pieces, so no slice highlights thousands of lines at once', () => {
    const lines = Array.from({ length: 450 }, (_, i) => `+const v${i} = ${i};`);
    const [m] = parseDiff(
      ['diff --git a/big.ts b/big.ts', 'new file mode 100644', '--- /dev/null', '+++ b/big.ts', '@@ -0,0 +1,450 @@', ...lines, ''].join('\n'),
    );
    expect(piecesOf(m!.file).map((p) => [p.side, p.numbers.length, p.numbers[0]])).toEqual([
      ['new', 200, 1],
      ['new', 200, 201],
      ['new', 50, 401],
    ]);
  });
});

describe('markRange', () => {
  it('keeps the word-diff mark of a paired line over highlighted tokens, well nested', async () => {
    const [m] = parseDiff(diff('a.ts', ['@@ -1 +1 @@', '-let total = "old";', '+let total = "new";']));
    const h = (await highlightFile(m!.file, m!.path))!;
    const cells = unifiedRows(m!.file).flatMap((r) => (r.kind === 'line' ? [r.cell] : []));
    const added = cells.find((c) => c.kind === 'ins')!;
    // The changed word inside the string token: the mark sits inside the string's colour.
    expect(added.hl).toEqual([13, 16]);
    const html = markRange(h.new.get(1)!, added.hl!, 'ins');
    expect(html).toBe(
      '<span class="hljs-keyword">let</span> total = <span class="hljs-string">&quot;</span><ins><span class="hljs-string">new</span></ins><span class="hljs-string">&quot;</span>;',
    );
    expect(textOf(html)).toBe('let total = "new";');
  });

  it('counts an entity as one character and marks up to the end of the line', () => {
    expect(markRange(escapeHtml('a < b'), [2, 5], 'del')).toBe('a <del>&lt; b</del>');
    expect(markRange('<span class="x">ab</span>', [0, 2], 'ins')).toBe('<ins><span class="x">ab</span></ins>');
    expect(markRange('ab', [2, 2], 'ins')).toBe('ab');
  });
});
