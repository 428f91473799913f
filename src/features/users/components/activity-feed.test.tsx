import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeRepo, fakeUser } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import type { Activity } from '../api/user-queries';
import { ActivityFeed } from './activity-feed';

const alice = fakeUser();
const repo = fakeRepo();

function act(id: number, op_type: string, over: Partial<Activity> = {}): Activity {
  return { id, user_id: 1, op_type, act_user_id: 1, act_user: alice, repo_id: repo.id, repo, comment_id: 0, ref_name: '', is_private: false, content: '', created: new Date().toISOString(), ...over };
}

describe('ActivityFeed', () => {
  it('reads each record as a sentence with links', () => {
    const push = JSON.stringify({
      Commits: [
        { Sha1: 'a'.repeat(40), Message: 'Add the parser\n\nWith tests.' },
        { Sha1: 'b'.repeat(40), Message: 'Fix typo' },
        { Sha1: 'c'.repeat(40), Message: 'Three' },
        { Sha1: 'd'.repeat(40), Message: 'Four' },
      ],
      Len: 5,
    });
    renderRoute(() => (
      <ActivityFeed
        activities={[
          act(3, 'commit_repo', { ref_name: 'refs/heads/main', content: push }),
          act(2, 'delete_branch', { ref_name: 'refs/heads/topic/x' }),
          act(1, 'create_repo'),
          act(4, 'rename_repo', { content: 'old-name', repo: null }),
        ]}
      />
    ));
    const items = within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Activity');
    expect(items[0]).toHaveTextContent(/^alice pushed to main at alice\/hello-forge/);
    expect(within(items[0]).getByRole('link', { name: 'main' })).toHaveAttribute('href', '/alice/hello-forge/src/branch/main');
    // Up to three commits, first lines only, then how many more.
    expect(within(items[0]).getByRole('link', { name: 'aaaaaaaaaa' })).toHaveAttribute('href', `/alice/hello-forge/commit/${'a'.repeat(40)}`);
    expect(items[0]).toHaveTextContent('Add the parser');
    expect(items[0]).not.toHaveTextContent('With tests.');
    expect(items[0]).not.toHaveTextContent('Four');
    expect(items[0]).toHaveTextContent('and 2 more');
    expect(items[1]).toHaveTextContent(/^alice deleted branch topic\/x at alice\/hello-forge/);
    expect(items[2]).toHaveTextContent(/^alice created repository alice\/hello-forge/);
    expect(items[3]).toHaveTextContent(/^alice renamed repository from old-name to a deleted repository/);
  });

  it('has an empty state', () => {
    renderRoute(() => <ActivityFeed activities={[]} />);
    expect(screen.getByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });
});
