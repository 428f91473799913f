import { describe, expect, it } from 'vitest';
import { compileGlob, isPlainPattern, matchingBranches, ruleMatcher } from './glob';

const branches = ['main', 'Main-old', 'release/1.0', 'release/1.0/hotfix', 'release', 'feature/a', 'feature/b', 'dev'];

describe('rule name matching (gobwas with / as separator)', () => {
  it('a plain name matches that one branch, ignoring case', () => {
    expect(isPlainPattern('main')).toBe(true);
    expect(matchingBranches('MAIN', branches)).toEqual(['main']);
    expect(matchingBranches('release/1.0', branches)).toEqual(['release/1.0']);
  });

  it('* stops at a slash and ** crosses it', () => {
    expect(matchingBranches('release/*', branches)).toEqual(['release/1.0']);
    expect(matchingBranches('release/**', branches)).toEqual(['release/1.0', 'release/1.0/hotfix']);
    expect(matchingBranches('**', branches)).toEqual(branches);
    expect(matchingBranches('*', branches)).toEqual(['main', 'Main-old', 'release', 'dev']);
  });

  it('? is one character but a slash; classes and alternatives work', () => {
    expect(matchingBranches('de?', branches)).toEqual(['dev']);
    expect(ruleMatcher('a?b')!('a/b')).toBe(false);
    expect(matchingBranches('feature/[a]', branches)).toEqual(['feature/a']);
    expect(matchingBranches('feature/[!a]', branches)).toEqual(['feature/b']);
    expect(matchingBranches('{main,dev}', branches)).toEqual(['main', 'dev']);
    expect(matchingBranches('{release,feature}/*', branches)).toEqual(['release/1.0', 'feature/a', 'feature/b']);
  });

  it('a glob is case-sensitive; a backslash makes a character literal', () => {
    expect(matchingBranches('Main*', branches)).toEqual(['Main-old']);
    expect(ruleMatcher('a\\*')!('a*')).toBe(true);
    expect(ruleMatcher('a\\*')!('ab')).toBe(false);
    // Regex characters in names are literal.
    expect(ruleMatcher('v1.*')!('v1x2')).toBe(false);
    expect(ruleMatcher('v1.*')!('v1.2')).toBe(true);
  });

  it('an invalid glob compiles to nothing and matches no branch', () => {
    for (const bad of ['release/[', 'feat/{a,b', 'x\\', 'a]b', '[]']) expect(compileGlob(bad)).toBeNull();
    expect(ruleMatcher('release/[')).toBeNull();
    expect(matchingBranches('release/[', branches)).toEqual([]);
  });
});
