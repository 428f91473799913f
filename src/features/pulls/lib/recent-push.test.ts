import { describe, expect, it } from 'vitest';
import { fakeUser } from '@/test/msw';
import type { components } from '@/lib/api/schema';
import { recentPush } from './recent-push';

type Activity = components['schemas']['Activity'];

const NOW = Date.parse('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function act(op_type: string, ref: string, minutes: number, login = 'alice'): Activity {
  const user = fakeUser({ login });
  return {
    id: minutes,
    user_id: 1,
    op_type,
    act_user_id: user.id,
    act_user: user,
    repo_id: 1,
    repo: null,
    comment_id: 0,
    ref_name: ref,
    is_private: false,
    content: '',
    created: minutesAgo(minutes),
  };
}

const opts = { login: 'alice', defaultBranch: 'main', openHeads: new Set<string>(), now: NOW };

describe('recentPush', () => {
  it('suggests the newest branch the user pushed to within two hours', () => {
    const feed = [act('commit_repo', 'refs/heads/main', 1), act('commit_repo', 'refs/heads/feature/login', 5), act('commit_repo', 'refs/heads/older', 30)];
    expect(recentPush(feed, opts)).toEqual({ branch: 'feature/login', at: minutesAgo(5) });
  });

  it('ignores other people, tags, the default branch and pushes older than the window', () => {
    const feed = [
      act('commit_repo', 'refs/heads/theirs', 1, 'bob'),
      act('push_tag', 'refs/tags/v1', 2),
      act('commit_repo', 'refs/heads/main', 3),
      act('commit_repo', 'refs/heads/stale', 121),
    ];
    expect(recentPush(feed, opts)).toBeNull();
  });

  it('skips a branch that already has an open pull request, and one deleted since', () => {
    const feed = [
      act('delete_branch', 'refs/heads/gone', 1),
      act('commit_repo', 'refs/heads/gone', 2),
      act('commit_repo', 'refs/heads/has-pr', 3),
      act('commit_repo', 'refs/heads/next', 4),
    ];
    expect(recentPush(feed, { ...opts, openHeads: new Set(['has-pr']) })).toEqual({ branch: 'next', at: minutesAgo(4) });
  });

  it('suggests a branch pushed again after it was deleted', () => {
    const feed = [act('commit_repo', 'refs/heads/again', 1), act('delete_branch', 'refs/heads/again', 2)];
    expect(recentPush(feed, opts)?.branch).toBe('again');
  });
});
