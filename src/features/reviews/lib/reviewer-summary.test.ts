import { describe, expect, it } from 'vitest';
import { fakeUser } from '@/test/msw';
import { at, fakeReview } from '../test/fixtures';
import { reviewCounts, reviewerSummary } from './reviewer-summary';

const bob = fakeUser({ id: 2, login: 'bob' });
const carol = fakeUser({ id: 3, login: 'carol' });
const dave = fakeUser({ id: 4, login: 'dave' });

describe('reviewerSummary', () => {
  it('takes each reviewer’s latest approve/request-changes; a later comment does not undo it', () => {
    const reviews = [
      fakeReview(1, bob, { state: 'REQUEST_CHANGES', submitted_at: at(1) }),
      fakeReview(2, bob, { state: 'APPROVED', submitted_at: at(5) }),
      fakeReview(3, bob, { state: 'COMMENT', submitted_at: at(9) }),
      fakeReview(4, carol, { state: 'COMMENT', submitted_at: at(2) }),
      fakeReview(5, dave, { state: 'PENDING', submitted_at: at(3) }),
    ];
    expect(reviewerSummary(reviews).map((s) => [s.user.login, s.state])).toEqual([
      ['carol', 'COMMENT'],
      ['bob', 'APPROVED'],
    ]);
  });

  it('counts approvals and change requests that still stand (dismissed ones do not)', () => {
    const reviews = [
      fakeReview(1, bob, { state: 'APPROVED', submitted_at: at(1) }),
      fakeReview(2, carol, { state: 'REQUEST_CHANGES', submitted_at: at(2), dismissed: true }),
      fakeReview(3, dave, { state: 'REQUEST_CHANGES', submitted_at: at(3) }),
    ];
    const { approvals, changesRequested, reviewers } = reviewCounts(reviews);
    expect([approvals, changesRequested]).toEqual([1, 1]);
    expect(reviewers.find((s) => s.user.login === 'carol')?.dismissed).toBe(true);
  });
});
