import { describe, expect, it } from 'vitest';
import { resolveRefPath } from './resolve-ref';

describe('resolveRefPath', () => {
  it('prefers the longest known branch name', () => {
    expect(resolveRefPath('branch', 'release/1.0/src/main.ts', ['release', 'release/1.0'])).toEqual({ ref: 'release/1.0', path: 'src/main.ts' });
    expect(resolveRefPath('branch', 'release/1.0', ['release', 'release/1.0'])).toEqual({ ref: 'release/1.0', path: '' });
  });
  it('does not match a name that only shares a prefix of a segment', () => {
    expect(resolveRefPath('branch', 'mainline/a.txt', ['main'])).toEqual({ ref: 'mainline', path: 'a.txt' });
  });
  it('takes the first segment for commits and for unknown names', () => {
    expect(resolveRefPath('commit', 'abc123/dir/file', ['abc123/dir'])).toEqual({ ref: 'abc123', path: 'dir/file' });
    expect(resolveRefPath('tag', 'v2/x', [])).toEqual({ ref: 'v2', path: 'x' });
  });
});
