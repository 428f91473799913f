import { describe, expect, it } from 'vitest';
import { pageParam } from './search-params';

const page = (qs: string, key?: string) => pageParam(new URLSearchParams(qs), key);

describe('pageParam', () => {
  it('reads a positive page number', () => {
    expect(page('page=1')).toBe(1);
    expect(page('q=x&page=7')).toBe(7);
  });

  it('falls back to page 1 when missing, empty, zero, negative or not a whole number', () => {
    for (const qs of ['', 'page=', 'page=0', 'page=-3', 'page=2.5', 'page=2abc', 'page=abc', 'page=1e3', 'page=99999999999999999999']) {
      expect(page(qs), qs).toBe(1);
    }
  });

  it('reads another key when asked', () => {
    expect(page('page=2&repo_page=4', 'repo_page')).toBe(4);
  });
});
