import { describe, expect, it } from 'vitest';
import { HUGE_FILE_LINES, fileHash, formatCount, parseDiff } from './diff-model';
import { buildTree, flattenTree } from './file-tree';
import { splitRows, unifiedRows } from './diff-rows';

const diff = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,3 +1,3 @@
 keep
-old line
+new line
 end
diff --git a/docs/old.md b/docs/new.md
similarity index 100%
rename from docs/old.md
rename to docs/new.md
diff --git a/img.png b/img.png
new file mode 100644
index 0000000..3333333
Binary files /dev/null and b/img.png differ
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
index 1111111..0000000
--- a/gone.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-bye
-again
diff --git a/package-lock.json b/package-lock.json
index 1111111..2222222 100644
--- a/package-lock.json
+++ b/package-lock.json
@@ -1 +1 @@
-{"a":1}
+{"a":2}
`;

describe('parseDiff', () => {
  it('names each file, its status, counts, note and whether its rows wait for a click', () => {
    const files = parseDiff(diff);
    expect(files.map((f) => [f.path, f.oldPath, f.status, f.additions, f.deletions])).toEqual([
      ['src/a.ts', undefined, 'modified', 1, 1],
      ['docs/new.md', 'docs/old.md', 'renamed', 0, 0],
      ['img.png', undefined, 'added', 0, 0],
      ['gone.txt', undefined, 'deleted', 0, 2],
      ['package-lock.json', undefined, 'modified', 1, 1],
    ]);
    expect(files.map((f) => f.note)).toEqual([undefined, 'File renamed without changes.', 'Binary file not shown.', undefined, undefined]);
    expect(files.map((f) => f.heldBack)).toEqual([undefined, undefined, undefined, undefined, 'generated']);
    // Hunk header plus every line in unified; split pairs the deletion with the insertion.
    expect([files[0]!.unifiedRows, files[0]!.splitRows]).toEqual([5, 4]);
  });

  it('knows the text length of each row in both layouts, as the rows are drawn', () => {
    const body = '@@ -1,9 +1,8 @@\n one\n-a\n-bb\n-ccc\n+dddd\n two\n+e\n+ff\n three\n-gggggg\n-h\n+i\n four\n-j\n';
    const [m] = parseDiff(`diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n${body}`);
    const len = (c?: { text: string }) => c?.text.length ?? 0;
    expect([...m!.unifiedLengths]).toEqual(unifiedRows(m!.file).map((r) => (r.kind === 'hunk' ? 0 : len(r.cell))));
    expect([...m!.splitLengths]).toEqual(splitRows(m!.file).map((r) => (r.kind === 'hunk' ? 0 : Math.max(len(r.left), len(r.right)))));
  });

  it('holds back a file with more changed lines than the limit', () => {
    const n = HUGE_FILE_LINES + 1;
    const big = `diff --git a/big.txt b/big.txt\nnew file mode 100644\n--- /dev/null\n+++ b/big.txt\n@@ -0,0 +1,${n} @@\n${Array.from({ length: n }, (_, i) => `+${i}`).join('\n')}\n`;
    expect(parseDiff(big)[0]!.heldBack).toBe('large');
  });

  it('hashes a file by its own diff: the same text gives the same hash, any change another', () => {
    const [a1] = parseDiff(diff);
    const [a2] = parseDiff(diff);
    const [changed] = parseDiff(diff.replace('+new line', '+newer line'));
    expect(fileHash(a1!)).toMatch(/^[0-9a-z]+$/);
    expect(fileHash(a2!)).toBe(fileHash(a1!));
    expect(fileHash(changed!)).not.toBe(fileHash(a1!));
    // Other files keep theirs.
    expect(fileHash(parseDiff(diff.replace('+new line', '+newer line'))[3]!)).toBe(fileHash(parseDiff(diff)[3]!));
    // The anchor depends on the path only.
    expect(changed!.id).toBe(a1!.id);
    expect(a1!.id).toMatch(/^diff-[0-9a-z]+$/);
  });

  it('writes counts with thousands separators', () => {
    expect([formatCount(7), formatCount(1500), formatCount(100000), formatCount(1234567)]).toEqual(['7', '1,500', '100,000', '1,234,567']);
  });

  it('finds nothing in an empty diff', () => {
    expect(parseDiff('')).toEqual([]);
  });
});

describe('file tree', () => {
  it('keeps the diff’s order and joins single-child folder chains', () => {
    // git's order: byte order of the full paths, a folder's files together.
    const files = parseDiff(
      ['README.md', 'docs/x.md', 'src/features/diff/a.ts', 'src/features/diff/lib/b.ts', 'src/z.ts']
        .map((p) => `diff --git a/${p} b/${p}\nindex 1..2 100644\n--- a/${p}\n+++ b/${p}\n@@ -1 +1 @@\n-a\n+b\n`)
        .join(''),
    );
    const rows = flattenTree(buildTree(files), new Set());
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.node.name}`)).toEqual([
      'README.md',
      'docs',
      '  x.md',
      'src',
      '  features/diff',
      '    a.ts',
      '    lib',
      '      b.ts',
      '  z.ts',
    ]);
    // The files read in the tree's order are the diff's.
    expect(rows.filter((r) => r.node.kind === 'file').map((r) => (r.node.kind === 'file' ? r.node.model.path : ''))).toEqual(files.map((f) => f.path));
    // A closed folder hides what it holds.
    expect(flattenTree(buildTree(files), new Set(['src/features/diff'])).map((r) => r.node.name)).toEqual([
      'README.md',
      'docs',
      'x.md',
      'src',
      'features/diff',
      'z.ts',
    ]);
  });
});
