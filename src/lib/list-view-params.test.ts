import { describe, expect, it } from 'vitest';
import { clearedListSearch, commaParam, hasListFilters, listViewSearch, sortParam, stateParam } from './list-view-params';

const qs = (s: string) => new URLSearchParams(s);

interface View {
  state: 'open' | 'closed';
  labels: number[];
  poster: string;
  sort: 'newest' | 'oldest';
  page: number;
}

describe('reading a list view', () => {
  it('reads the state as open unless it says closed', () => {
    expect(stateParam(qs('state=closed'))).toBe('closed');
    expect(stateParam(qs('state=all'))).toBe('open');
    expect(stateParam(qs(''))).toBe('open');
  });

  it('takes a known sort and falls back to newest for anything else', () => {
    const sorts = [{ value: 'newest' }, { value: 'oldest' }] as const;
    expect(sortParam(qs('sort=oldest'), sorts)).toBe('oldest');
    expect(sortParam(qs('sort=bogus'), sorts)).toBe('newest');
    expect(sortParam(qs(''), sorts)).toBe('newest');
  });

  it('splits a comma list, dropping blanks', () => {
    expect(commaParam(qs('labels=bug,%20ui%20,,'), 'labels')).toEqual(['bug', 'ui']);
    expect(commaParam(qs(''), 'labels')).toEqual([]);
  });

  it('counts only non-empty lists and strings as filters', () => {
    const view: View = { state: 'closed', labels: [], poster: '', sort: 'oldest', page: 3 };
    expect(hasListFilters(view, ['labels', 'poster'])).toBe(false);
    expect(hasListFilters({ ...view, labels: [4] }, ['labels', 'poster'])).toBe(true);
    expect(hasListFilters({ ...view, poster: 'alice' }, ['labels', 'poster'])).toBe(true);
  });
});

describe('writing a list view', () => {
  it('sets what changed, drops the defaults and starts again at page 1', () => {
    expect(listViewSearch<View>(qs('poster=bob&page=3'), { labels: [3, 5], sort: 'oldest' })).toBe('?poster=bob&labels=3%2C5&sort=oldest');
    expect(listViewSearch<View>(qs('state=closed&sort=oldest&page=2'), { state: 'open', sort: 'newest' })).toBe('?');
    expect(listViewSearch<View>(qs('poster=bob'), { poster: '' })).toBe('?');
  });

  it('keeps the page only when the page is what changed, leaving page 1 out', () => {
    expect(listViewSearch<View>(qs('state=closed'), { page: 4 })).toBe('?state=closed&page=4');
    expect(listViewSearch<View>(qs('state=closed&page=4'), { page: 1 })).toBe('?state=closed');
  });

  it('clears every filter but keeps state and sort', () => {
    expect(clearedListSearch(qs('state=closed&labels=1&poster=bob&sort=oldest&page=2'))).toBe('?state=closed&sort=oldest');
    expect(clearedListSearch(qs('labels=1'))).toBe('?');
  });
});
