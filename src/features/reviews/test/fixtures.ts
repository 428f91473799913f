// Gitea-shaped reviews and review comments for the reviews feature's tests.
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];
type PullReview = components['schemas']['PullReview'];
type PullReviewComment = components['schemas']['PullReviewComment'];

export const T0 = '2026-01-01T00:00:00Z';
export const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export function fakeReview(id: number, user: User | null, over: Partial<PullReview> = {}): PullReview {
  return {
    id,
    user,
    team: null,
    state: 'COMMENT',
    body: '',
    commit_id: 'c0ffee',
    stale: false,
    official: false,
    dismissed: false,
    comments_count: 0,
    submitted_at: T0,
    updated_at: T0,
    html_url: '',
    pull_request_url: '',
    ...over,
  };
}

export function fakeReviewComment(id: number, reviewId: number, user: User | null, over: Partial<PullReviewComment> = {}): PullReviewComment {
  return {
    id,
    body: `comment ${id}`,
    user,
    resolver: null,
    pull_request_review_id: reviewId,
    created_at: T0,
    updated_at: T0,
    path: 'src/app.ts',
    commit_id: 'c0ffee',
    original_commit_id: 'c0ffee',
    diff_hunk: '@@ -1,3 +1,3 @@\n line one\n-old two\n+new two',
    position: 2,
    original_position: 0,
    html_url: '',
    pull_request_url: '',
    outdated: false,
    ...over,
  };
}
