import { describe, expect, it } from 'vitest';
import { onBase } from './pull-rows-base';
import type { PullRequest } from './pull-queries';

const pull = (number: number, base: string) =>
  ({
    id: number,
    number,
    title: `#${number}`,
    state: 'open',
    merged: false,
    draft: false,
    labels: [],
    user: { login: 'alice' },
    created_at: '2026-01-01T00:00:00Z',
    closed_at: null,
    merged_at: null,
    comments: 0,
    base: { ref: base },
    head: { ref: 'topic', label: 'topic', sha: 'a'.repeat(40) },
    milestone: null,
  }) as unknown as PullRequest;

describe('onBase', () => {
  it('keeps everything without a base and says nothing was filtered here', () => {
    const r = onBase('o', 'r', [pull(1, 'main'), pull(2, 'release')], '');
    expect(r.rows.map((x) => x.number)).toEqual([1, 2]);
    expect(r.filteredHere).toBe(false);
  });

  it('drops pull requests into other bases, as a server that ignores base_branch lists them', () => {
    const r = onBase('o', 'r', [pull(1, 'main'), pull(2, 'release')], 'release');
    expect(r.pulls.map((p) => p.number)).toEqual([2]);
    expect(r.rows[0]).toMatchObject({ number: 2, base: 'release', fullName: 'o/r' });
    expect(r.filteredHere).toBe(true);
  });

  it('filters nothing when the server already did', () => {
    expect(onBase('o', 'r', [pull(2, 'release')], 'release').filteredHere).toBe(false);
  });
});
