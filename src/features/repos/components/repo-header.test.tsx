import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeRepo, fakeUser } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { RepoHeader } from './repo-header';

describe('repository header', () => {
  it('says which repository a fork was forked from, linking it, and shows the fork button it is given', () => {
    const parent = fakeRepo({ id: 1, name: 'hello' });
    const fork = fakeRepo({ id: 2, owner: fakeUser({ login: 'bob' }), name: 'hello', fork: true, parent });
    renderRoute(() => <RepoHeader repo={fork} active="code" forkButton={<span>fork button here</span>} />);
    expect(screen.getByText(/forked from/)).toHaveTextContent('forked from alice/hello');
    expect(screen.getByRole('link', { name: 'alice/hello' })).toHaveAttribute('href', '/alice/hello');
    expect(screen.getByText('fork button here')).toBeInTheDocument();
  });

  it('has no "forked from" line on a repository that is not a fork', () => {
    renderRoute(() => <RepoHeader repo={fakeRepo({ name: 'hello' })} active="code" />);
    expect(screen.queryByText(/forked from/)).not.toBeInTheDocument();
  });

  it('shows a signed-out visitor the clone URL of an empty public repository', () => {
    const repo = fakeRepo({ empty: true, permissions: { admin: false, push: false, pull: true } });
    renderRoute(() => <RepoHeader repo={repo} active="code" />);
    expect(screen.getByLabelText('Clone URL')).toHaveValue('http://localhost/alice/hello-forge.git');
  });

  it('sizes the clone URL box to the whole URL', () => {
    const repo = fakeRepo({
      name: 'a-rather-long-repository-name-for-the-box',
      clone_url: 'http://forge.example.org:3000/alice/a-rather-long-repository-name-for-the-box.git',
    });
    renderRoute(() => <RepoHeader repo={repo} active="code" />);
    expect((screen.getByLabelText('Clone URL') as HTMLInputElement).style.width).toBe(`calc(${repo.clone_url.length + 2}ch + 1rem)`);
  });
});
