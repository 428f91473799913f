import { describe, expect, it } from 'vitest';
import { parentPath, splitRefPath } from './ref-path';

describe('splitRefPath', () => {
  const branches = ['main', 'feature', 'feature/login', 'feature/login/v2', 'release/1.0'];

  it('takes the longest branch name that prefixes the splat', () => {
    expect(splitRefPath('branch', 'feature/login/src/app.ts', branches)).toEqual({ kind: 'branch', ref: 'feature/login', path: 'src/app.ts' });
    expect(splitRefPath('branch', 'feature/login/v2/README.md', branches)).toEqual({ kind: 'branch', ref: 'feature/login/v2', path: 'README.md' });
    expect(splitRefPath('branch', 'feature/other.txt', branches)).toEqual({ kind: 'branch', ref: 'feature', path: 'other.txt' });
  });

  it('handles a slashy branch with no path and a plain branch with a deep path', () => {
    expect(splitRefPath('branch', 'release/1.0', branches)).toEqual({ kind: 'branch', ref: 'release/1.0', path: '' });
    expect(splitRefPath('branch', 'main/docs/guide/intro.md', branches)).toEqual({ kind: 'branch', ref: 'main', path: 'docs/guide/intro.md' });
  });

  it('falls back to the first segment when no known name matches', () => {
    expect(splitRefPath('branch', 'unknown/a/b', branches)).toEqual({ kind: 'branch', ref: 'unknown', path: 'a/b' });
  });

  it('resolves tags from the tag list and takes the SHA as the first segment for commits', () => {
    expect(splitRefPath('tag', 'v1/rc/1/lib', ['v1/rc/1', 'v1'])).toEqual({ kind: 'tag', ref: 'v1/rc/1', path: 'lib' });
    expect(splitRefPath('commit', 'feature/login/x', branches)).toEqual({ kind: 'commit', ref: 'feature', path: 'login/x' });
    expect(splitRefPath('commit', 'abc123/src/a.go')).toEqual({ kind: 'commit', ref: 'abc123', path: 'src/a.go' });
  });

  it('ignores empty segments from trailing or doubled slashes', () => {
    expect(splitRefPath('branch', 'main//docs/', branches)).toEqual({ kind: 'branch', ref: 'main', path: 'docs' });
    expect(splitRefPath('branch', '', branches)).toEqual({ kind: 'branch', ref: '', path: '' });
  });
});

describe('parentPath', () => {
  it('returns the containing folder', () => {
    expect(parentPath('a/b/c.txt')).toBe('a/b');
    expect(parentPath('c.txt')).toBe('');
  });
});
