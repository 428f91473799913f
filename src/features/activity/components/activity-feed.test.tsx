import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeRepo, fakeUser } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import type { Activity } from '../api/activity-queries';
import { ActivityFeed } from './activity-feed';

const alice = fakeUser();
const repo = fakeRepo();

function act(id: number, op_type: string, over: Partial<Activity> = {}): Activity {
  return {
    id,
    user_id: 1,
    op_type,
    act_user_id: 1,
    act_user: alice,
    repo_id: repo.id,
    repo,
    comment_id: 0,
    ref_name: '',
    is_private: false,
    content: '',
    created: new Date().toISOString(),
    ...over,
  };
}

/** The feed's own records, not the commit lists nested in them. */
function records() {
  const list = screen.getByRole('list', { name: 'Activity' });
  return within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);
}

const push = JSON.stringify({
  Commits: [
    { Sha1: 'a'.repeat(40), Message: 'Add the parser\n\nWith tests.' },
    { Sha1: 'b'.repeat(40), Message: 'Fix typo' },
    { Sha1: 'c'.repeat(40), Message: 'Three' },
    { Sha1: 'd'.repeat(40), Message: 'Four' },
  ],
  Len: 5,
});

describe('ActivityFeed naming the repository (dashboard)', () => {
  it('reads each record as a sentence with links', () => {
    renderRoute(() => (
      <ActivityFeed
        activities={[
          act(3, 'commit_repo', { ref_name: 'refs/heads/main', content: push }),
          act(2, 'delete_branch', { ref_name: 'refs/heads/topic/x' }),
          act(1, 'create_repo'),
          act(4, 'rename_repo', { content: 'old-name', repo: null }),
          act(5, 'push_tag', { ref_name: 'refs/tags/v1.0' }),
        ]}
      />
    ));
    const items = records();
    expect(items[0]).toHaveTextContent(/^alice pushed to main at alice\/hello-forge/);
    expect(within(items[0]).getByRole('link', { name: 'main' })).toHaveAttribute('href', '/alice/hello-forge/src/branch/main');
    expect(within(items[0]).getByRole('link', { name: 'alice/hello-forge' })).toHaveAttribute('href', '/alice/hello-forge');
    expect(within(items[0]).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/alice');
    // Up to three commits, first lines only, then how many more.
    expect(within(items[0]).getByRole('link', { name: 'aaaaaaaaaa' })).toHaveAttribute('href', `/alice/hello-forge/commit/${'a'.repeat(40)}`);
    expect(items[0]).toHaveTextContent('Add the parser');
    expect(items[0]).toHaveTextContent('Three');
    expect(items[0]).not.toHaveTextContent('With tests.');
    expect(items[0]).not.toHaveTextContent('Four');
    expect(items[0]).toHaveTextContent('and 2 more');
    expect(items[1]).toHaveTextContent(/^alice deleted branch topic\/x at alice\/hello-forge/);
    expect(items[2]).toHaveTextContent(/^alice created repository alice\/hello-forge/);
    expect(items[3]).toHaveTextContent(/^alice renamed repository from old-name to a deleted repository/);
    expect(within(items[3]).queryByRole('link', { name: /deleted/ })).not.toBeInTheDocument();
    expect(items[4]).toHaveTextContent(/^alice pushed tag v1\.0 to alice\/hello-forge/);
    expect(within(items[4]).getByRole('link', { name: 'v1.0' })).toHaveAttribute('href', '/alice/hello-forge/src/tag/v1.0');
  });

  it('links issues and pull requests of the record’s own repository by index, with their titles', () => {
    const other = fakeRepo({ owner: fakeUser({ login: 'bob' }), name: 'tools' });
    renderRoute(() => (
      <ActivityFeed
        activities={[act(1, 'create_issue', { content: '7|Crash on start' }), act(2, 'merge_pull_request', { repo: other, content: '12|Faster builds' })]}
      />
    ));
    const [issue, pull] = records();
    expect(issue).toHaveTextContent(/^alice opened issue alice\/hello-forge#7/);
    expect(within(issue).getByRole('link', { name: 'alice/hello-forge#7' })).toHaveAttribute('href', '/alice/hello-forge/issues/7');
    expect(issue).toHaveTextContent('Crash on start');
    expect(pull).toHaveTextContent(/^alice merged pull request bob\/tools#12/);
    expect(within(pull).getByRole('link', { name: 'bob/tools#12' })).toHaveAttribute('href', '/bob/tools/pulls/12');
    expect(pull).toHaveTextContent('Faster builds');
  });

  it('shows a comment as plain text, never raw Markdown table syntax', () => {
    const body = '7|Results:\n\n| Browser | Passes |\n| --- | ---: |\n| **Chromium** | [yes](https://x.test) |\n\n- [x] `npm test`';
    renderRoute(() => <ActivityFeed activities={[act(1, 'comment_issue', { content: body })]} />);
    const [comment] = records();
    expect(comment).toHaveTextContent('Results: Browser · Passes Chromium · yes npm test');
    expect(comment.textContent).not.toMatch(/\||---|\*\*|\[x\]|`/);
  });

  it('has an empty state', () => {
    renderRoute(() => <ActivityFeed activities={[]} emptyText="Pushes will show up here." />);
    expect(screen.getByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.getByText('Pushes will show up here.')).toBeInTheDocument();
  });
});

describe('ActivityFeed on a repository’s own page', () => {
  it('leaves the repository unnamed but keeps every link', () => {
    renderRoute(() => (
      <ActivityFeed
        showRepo={false}
        activities={[
          act(1, 'commit_repo', { ref_name: 'refs/heads/feature/x', content: push }),
          act(2, 'create_issue', { content: '7|Crash on start' }),
          act(3, 'rename_repo', { content: 'old-name' }),
          act(4, 'create_repo'),
        ]}
      />
    ));
    const [pushed, issue, renamed, created] = records();
    expect(pushed).toHaveTextContent(/^alice pushed to feature\/x/);
    expect(pushed).not.toHaveTextContent('alice/hello-forge');
    expect(within(pushed).getByRole('link', { name: 'feature/x' })).toHaveAttribute('href', '/alice/hello-forge/src/branch/feature/x');
    expect(within(pushed).getByRole('link', { name: 'aaaaaaaaaa' })).toHaveAttribute('href', `/alice/hello-forge/commit/${'a'.repeat(40)}`);
    expect(within(issue).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/alice/hello-forge/issues/7');
    expect(issue).toHaveTextContent(/^alice opened issue #7/);
    expect(renamed).toHaveTextContent(/^alice renamed the repository from old-name/);
    expect(created).toHaveTextContent(/^alice created the repository/);
  });

  it('says what is empty', () => {
    renderRoute(() => (
      <ActivityFeed activities={[]} showRepo={false} emptyTitle="No activity" emptyText="Nothing happened in this repository on 2026-11-03." />
    ));
    expect(screen.getByRole('heading', { name: 'No activity' })).toBeInTheDocument();
    expect(screen.getByText('Nothing happened in this repository on 2026-11-03.')).toBeInTheDocument();
  });
});
