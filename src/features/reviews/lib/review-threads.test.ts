import { describe, expect, it } from 'vitest';
import { fakeUser } from '@/test/msw';
import { at, fakeReview, fakeReviewComment } from '../test/fixtures';
import { commentPlace, countReviewComments, groupThreads, pendingReviewOf, threadsByPath } from './review-threads';

const bob = fakeUser({ id: 2, login: 'bob' });
const carol = fakeUser({ id: 3, login: 'carol' });

describe('groupThreads', () => {
  it('puts replies (same path, side and line) in one thread, oldest first, across reviews', () => {
    const reviews = [fakeReview(1, bob, { state: 'REQUEST_CHANGES' }), fakeReview(2, carol, { state: 'PENDING' })];
    const comments = [
      fakeReviewComment(12, 2, carol, { body: 'reply', created_at: at(5) }),
      fakeReviewComment(11, 1, bob, { body: 'first', created_at: at(1) }),
    ];
    const threads = groupThreads(reviews, comments);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ path: 'src/app.ts', side: 'new', line: 2, outdated: false });
    expect(threads[0].comments.map((c) => c.body)).toEqual(['first', 'reply']);
    expect(threads[0].comments[1].review?.state).toBe('PENDING');
  });

  it('keeps apart other lines, other files, the old side at the same number, and outdated comments', () => {
    const reviews = [fakeReview(1, bob)];
    const threads = groupThreads(reviews, [
      fakeReviewComment(1, 1, bob, { position: 2 }),
      fakeReviewComment(2, 1, bob, { position: 0, original_position: 2 }),
      fakeReviewComment(3, 1, bob, { position: 7 }),
      fakeReviewComment(4, 1, bob, { position: 2, path: 'README.md' }),
      fakeReviewComment(5, 1, bob, { position: 2, outdated: true }),
    ]);
    expect(threads.map((t) => [t.path, t.side, t.line, t.outdated, t.comments[0].id])).toEqual([
      ['README.md', 'new', 2, false, 4],
      ['src/app.ts', 'old', 2, false, 2],
      ['src/app.ts', 'new', 2, false, 1],
      ['src/app.ts', 'new', 2, true, 5],
      ['src/app.ts', 'new', 7, false, 3],
    ]);
    expect([...threadsByPath(threads).keys()]).toEqual(['README.md', 'src/app.ts']);
    expect(threadsByPath(threads).get('src/app.ts')).toHaveLength(4);
  });

  it('reads the line from position (new file) or original_position (old file)', () => {
    expect(commentPlace({ position: 4, original_position: 0 })).toEqual({ side: 'new', line: 4 });
    expect(commentPlace({ position: 0, original_position: 9 })).toEqual({ side: 'old', line: 9 });
  });
});

describe('pending review', () => {
  it("finds only the viewer's own pending review and counts its comments", () => {
    const reviews = [fakeReview(1, bob, { state: 'PENDING' }), fakeReview(2, carol, { state: 'COMMENT' }), fakeReview(3, carol, { state: 'PENDING' })];
    expect(pendingReviewOf(reviews, carol.id)?.id).toBe(3);
    expect(pendingReviewOf(reviews, 99)).toBeNull();
    expect(pendingReviewOf(reviews, undefined)).toBeNull();
    const threads = groupThreads(reviews, [fakeReviewComment(1, 3, carol), fakeReviewComment(2, 3, carol, { position: 5 }), fakeReviewComment(3, 2, carol)]);
    expect(countReviewComments(threads, 3)).toBe(2);
  });
});
