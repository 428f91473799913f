import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from './fuzzy';

describe('fuzzyMatch', () => {
  it('matches characters in order, case-insensitively, and reports where', () => {
    const m = fuzzyMatch('rdm', 'docs/README.md');
    expect(m?.indices.map((i) => 'docs/README.md'[i]).join('')).toBe('RDm');
    expect(fuzzyMatch('xyz', 'docs/README.md')).toBeNull();
    expect(fuzzyMatch('mr', 'README.md')).toBeNull();
  });

  it('keeps consecutive characters together', () => {
    const m = fuzzyMatch('util', 'src/lib/utils.ts')!;
    expect(m.indices).toEqual([8, 9, 10, 11]);
  });

  it('an empty query matches everything with no highlight', () => {
    expect(fuzzyMatch('  ', 'a/b.ts')).toEqual({ path: 'a/b.ts', score: 0, indices: [] });
  });
});

describe('fuzzyFilter', () => {
  const files = ['src/app/router.tsx', 'src/features/code/components/file-view.tsx', 'README.md', 'server/src/routes/archive.ts', 'src/lib/paths.ts'];

  it('puts a file-name match before a scattered one', () => {
    expect(fuzzyFilter('fileview', files).map((m) => m.path)[0]).toBe('src/features/code/components/file-view.tsx');
    expect(fuzzyFilter('paths', files).map((m) => m.path)[0]).toBe('src/lib/paths.ts');
  });

  it('drops paths that do not match and respects the limit', () => {
    expect(fuzzyFilter('archive', files).map((m) => m.path)).toEqual(['server/src/routes/archive.ts']);
    expect(fuzzyFilter('', files, 2)).toHaveLength(2);
  });
});
