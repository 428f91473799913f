import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeRepo, fakeUser } from '@/test/msw';
import type { Activity } from '../api/activity-queries';
import { ActivityItem } from './activity-item';

afterEach(cleanup);

function activity(over: Partial<Activity>): Activity {
  return {
    id: 1,
    user_id: 1,
    op_type: 'create_repo',
    act_user_id: 1,
    act_user: fakeUser({ login: 'alice' }),
    repo_id: 1,
    repo: fakeRepo({ name: 'hello' }),
    comment_id: 0,
    ref_name: '',
    is_private: false,
    content: '',
    created: '2026-11-03T12:00:00Z',
    ...over,
  } as Activity;
}

const renderItem = (a: Activity) =>
  render(
    <MemoryRouter>
      <ul>
        <ActivityItem activity={a} owner="alice" repo="hello" />
      </ul>
    </MemoryRouter>,
  );

describe('ActivityItem', () => {
  it('describes a push with its branch and at most three commits', () => {
    const commits = ['a', 'b', 'c', 'd', 'e'].map((ch, i) => ({ Sha1: ch.repeat(40), Message: `Commit ${i + 1}\n\nbody` }));
    renderItem(activity({ op_type: 'commit_repo', ref_name: 'refs/heads/feature/x', content: JSON.stringify({ Commits: commits, Len: 5 }) }));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/alice pushed to feature\/x at alice\/hello/);
    expect(screen.getByRole('link', { name: 'feature/x' })).toHaveAttribute('href', '/alice/hello/src/branch/feature/x');
    expect(screen.getByRole('link', { name: 'aaaaaaaaaa' })).toHaveAttribute('href', `/alice/hello/commit/${'a'.repeat(40)}`);
    expect(screen.getByText('Commit 3')).toBeInTheDocument();
    expect(screen.queryByText('Commit 4')).not.toBeInTheDocument();
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
  });

  it('links an opened issue by its index', () => {
    renderItem(activity({ op_type: 'create_issue', content: '7|Crash on start' }));
    expect(screen.getByRole('link', { name: 'alice/hello#7' })).toHaveAttribute('href', '/alice/hello/issues/7');
    expect(screen.getByText('Crash on start')).toBeInTheDocument();
  });

  it('names the old name of a renamed repository', () => {
    renderItem(activity({ op_type: 'rename_repo', content: 'old-name' }));
    expect(screen.getByRole('listitem')).toHaveTextContent('alice renamed repository from old-name to alice/hello');
  });
});
