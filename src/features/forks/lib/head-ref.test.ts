import { describe, expect, it } from 'vitest';
import { parseHeadRef } from './head-ref';
import { headRef } from '../api/fork-queries';
import { fakeRepo, fakeUser } from '@/test/msw';

describe('parseHeadRef', () => {
  it('reads a plain branch, owner:branch and owner/repo:branch, keeping slashes in the branch', () => {
    expect(parseHeadRef('feature/login')).toEqual({ branch: 'feature/login' });
    expect(parseHeadRef('bob:feature/login')).toEqual({ owner: 'bob', branch: 'feature/login' });
    expect(parseHeadRef('bob/hello-fork:main')).toEqual({ owner: 'bob', repo: 'hello-fork', branch: 'main' });
  });

  it('names a head in another owner by owner:branch, and in the same owner by owner/repo:branch', () => {
    const base = fakeRepo({ name: 'hello' });
    expect(headRef(base, fakeRepo({ owner: fakeUser({ login: 'bob' }), name: 'hello' }), 'main')).toBe('bob:main');
    expect(headRef(base, fakeRepo({ name: 'hello-copy' }), 'main')).toBe('alice/hello-copy:main');
  });
});
