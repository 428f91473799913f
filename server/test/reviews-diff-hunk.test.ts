import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { changedRanges, cutDiffAroundLine, fileDiff, mapLine, unquote } from '../src/git/diff-hunk.ts';

const forge = await createTestForge();

// The cases of Gitea's TestCutDiffAroundLine.
const example = [
  'diff --git a/README.md b/README.md',
  '--- a/README.md',
  '+++ b/README.md',
  '@@ -1,3 +1,6 @@',
  ' # gitea-github-migrator',
  '+',
  '+ Build Status',
  '- Latest Release',
  ' Docker Pulls',
  '+ cut off',
  '+ cut off',
].join('\n');

const breaking = [
  'diff --git a/aaa.sql b/aaa.sql',
  'index d8e4c92..19dc8ad 100644',
  '--- a/aaa.sql',
  '+++ b/aaa.sql',
  '@@ -1,9 +1,10 @@',
  ' --some comment',
  '--- some comment 5',
  '+--some coment 2',
  '+-- some comment 3',
  ' create or replace procedure test(p1 varchar2)',
  ' is',
  ' begin',
  '---new comment',
  ' dbms_output.put_line(p1);',
  '+--some other comment',
  ' end;',
  ' /',
  '',
].join('\n');

describe('cutDiffAroundLine', () => {
  it('keeps the headers and the last lines up to the commented one, with a recomputed hunk header', () => {
    const cut = cutDiffAroundLine(example, 4, false, 3);
    expect(cut.split('\n')).toEqual([
      'diff --git a/README.md b/README.md',
      '--- a/README.md',
      '+++ b/README.md',
      '@@ -2,2 +3,2 @@',
      '+ Build Status',
      '- Latest Release',
      ' Docker Pulls',
    ]);
    // Old line 3 is new line 4.
    expect(cutDiffAroundLine(example, 3, true, 3)).toBe(cut);
  });

  it('returns the whole hunk when it is short, nothing for no line or a line outside every hunk', () => {
    expect(cutDiffAroundLine(example, 6, false, 300)).toBe(example);
    expect(cutDiffAroundLine(example, 6, false, 0)).toBe('');
    expect(cutDiffAroundLine(example, 434, false, 4)).toBe('');
    expect(cutDiffAroundLine(example, 0, false, 4)).toBe('');
  });

  it('does not take removed lines that look like file headers for headers', () => {
    expect(cutDiffAroundLine(breaking, 2, false, 4)).toBe(
      [
        'diff --git a/aaa.sql b/aaa.sql',
        '--- a/aaa.sql',
        '+++ b/aaa.sql',
        '@@ -1,9 +1,10 @@',
        ' --some comment',
        '--- some comment 5',
        '+--some coment 2',
      ].join('\n'),
    );
    expect(cutDiffAroundLine(breaking, 3, false, 4).split('\n').at(-1)).toBe('+-- some comment 3');
    // Old line 6 ("--new comment") is cut from the hunk with its header worked back.
    expect(cutDiffAroundLine(breaking, 6, true, 4).split('\n').slice(3)).toEqual([
      '@@ -3,4 +4,3 @@',
      ' create or replace procedure test(p1 varchar2)',
      ' is',
      ' begin',
      '---new comment',
    ]);
  });

  it('picks the hunk that holds the line among several, and skips "no newline" markers when counting', () => {
    const diff = [
      'diff --git a/x b/x',
      '--- a/x',
      '+++ b/x',
      '@@ -1,2 +1,2 @@',
      '-a',
      '+A',
      ' b',
      '@@ -9,2 +9,2 @@ ctx',
      ' i',
      '-j',
      '\\ No newline at end of file',
      '+J',
      '\\ No newline at end of file',
    ].join('\n');
    expect(cutDiffAroundLine(diff, 10, false, 4).split('\n').slice(3)).toEqual(['@@ -9,2 +9,2 @@ ctx', ' i', '-j', '\\ No newline at end of file', '+J']);
    expect(cutDiffAroundLine(diff, 10, false, 2).split('\n').slice(3)).toEqual(['@@ -10,1 +10,1 @@', '-j', '\\ No newline at end of file', '+J']);
    expect(cutDiffAroundLine(diff, 1, true, 4).split('\n').slice(3)).toEqual(['@@ -1,2 +1,2 @@', '-a']);
  });
});

describe('mapLine and unquote', () => {
  it('follows an unchanged line through insertions and deletions above it', () => {
    const h = (oldStart: number, oldCount: number, newStart: number, newCount: number) => ({ oldStart, oldCount, newStart, newCount });
    expect(mapLine([], 7)).toBe(7);
    expect(mapLine([h(0, 0, 1, 2)], 5)).toBe(7);
    expect(mapLine([h(2, 3, 1, 0)], 10)).toBe(7);
    expect(mapLine([h(5, 1, 5, 1)], 5)).toBeNull();
    expect(mapLine([h(5, 0, 6, 3)], 5)).toBe(5);
    expect(mapLine([h(5, 0, 6, 3)], 6)).toBe(9);
    expect(mapLine([h(20, 1, 20, 1)], 5)).toBe(5);
    expect(mapLine('all', 5)).toBeNull();
  });

  it('undoes git path quoting', () => {
    expect(unquote('"a/caf\\303\\251 \\"x\\"\\t"')).toBe('a/café "x"\t');
    expect(unquote('a/plain')).toBe('a/plain');
  });
});

describe('git diffs for review comments', () => {
  it('finds the changed ranges of many files at once, also for names git quotes and files that went away', async () => {
    const owner = await forge.user('owner');
    const odd = 'dir/we"ird\tname.txt';
    const { dir, shas } = await createFixtureRepo(forge.deps, owner, 'hunks', [
      { id: 'a', message: 'a', files: { 'x.txt': '1\n2\n3\n4\n', [odd]: 'a\nb\n', 'gone.txt': 'g\n', 'same.txt': 's\n', 'bin.dat': 'a\0b' } },
      { id: 'b', message: 'b', files: { 'x.txt': '0\n1\n2\nthree\n4\n', [odd]: 'a\nB\n', 'gone.txt': null, 'bin.dat': 'a\0c' } },
    ]);
    const ranges = await changedRanges(dir, shas.a!, shas.b!, ['x.txt', odd, 'gone.txt', 'same.txt', 'bin.dat', '*.txt']);
    expect(ranges.get('x.txt')).toEqual([
      { oldStart: 0, oldCount: 0, newStart: 1, newCount: 1 },
      { oldStart: 3, oldCount: 1, newStart: 4, newCount: 1 },
    ]);
    expect(ranges.get(odd)).toEqual([{ oldStart: 2, oldCount: 1, newStart: 2, newCount: 1 }]);
    expect(ranges.get('gone.txt')).toEqual([{ oldStart: 1, oldCount: 1, newStart: 0, newCount: 0 }]);
    expect(ranges.get('bin.dat')).toBe('all');
    // Unchanged, and a pathspec is taken literally (no glob).
    expect(ranges.has('same.txt')).toBe(false);
    expect([...ranges.keys()].sort()).toEqual(['bin.dat', odd, 'gone.txt', 'x.txt'].sort());
    expect(mapLine(ranges.get('x.txt')!, 2)).toBe(3);
    expect(mapLine(ranges.get('x.txt')!, 3)).toBeNull();

    const diff = await fileDiff(dir, shas.a!, shas.b!, 'x.txt');
    expect(cutDiffAroundLine(diff, 4, false).split('\n').slice(0, 4)).toEqual(['diff --git a/x.txt b/x.txt', '--- a/x.txt', '+++ b/x.txt', '@@ -1,3 +2,3 @@']);
    expect(await fileDiff(dir, shas.a!, shas.b!, 'same.txt')).toBe('');
  });
});
