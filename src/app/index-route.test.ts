import { describe, expect, it } from 'vitest';
import { fakeRepo, fakeUser } from '@/test/msw';
import { canWriteRepo, indexRouteParams } from './index-route';

describe('issue and pull request routes', () => {
  it('read owner, repo and a positive whole index', () => {
    expect(indexRouteParams({ owner: 'alice', repo: 'hello', index: '7' })).toEqual({ owner: 'alice', repo: 'hello', index: 7 });
  });

  it('answer 404 for any other index', () => {
    for (const index of ['0', '-1', '1.5', 'abc', '', undefined]) {
      let thrown: unknown;
      try {
        indexRouteParams({ owner: 'alice', repo: 'hello', index });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, String(index)).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it('offer changes to writers, repository admins and site admins, never to the signed-out', () => {
    const reader = fakeRepo({ permissions: { admin: false, push: false, pull: true } });
    expect(canWriteRepo(fakeUser(), reader)).toBe(false);
    expect(canWriteRepo(fakeUser(), fakeRepo({ permissions: { admin: false, push: true, pull: true } }))).toBe(true);
    expect(canWriteRepo(fakeUser(), fakeRepo({ permissions: { admin: true, push: false, pull: true } }))).toBe(true);
    expect(canWriteRepo(fakeUser({ is_admin: true }), reader)).toBe(true);
    expect(canWriteRepo(null, fakeRepo({ permissions: { admin: true, push: true, pull: true } }))).toBe(false);
    expect(canWriteRepo(fakeUser(), undefined)).toBe(false);
  });
});
