// Gitea-shaped pull requests, comparisons and commits for the list and compare pages' tests.
import { fakeUser } from '@/test/msw';
import type { components } from '@/lib/api/schema';

type PullRequest = components['schemas']['PullRequest'];
type Compare = components['schemas']['Compare'];
type Commit = components['schemas']['Commit'];

export function fakePull(over: Partial<PullRequest> = {}, repo = { owner: 'alice', name: 'hello' }): PullRequest {
  const number = over.number ?? 1;
  const branch = (ref: string, sha: string) => ({ label: ref, ref, sha, repo_id: 1, repo: null });
  return {
    id: 100 + number,
    url: '',
    number,
    user: fakeUser(),
    title: `Pull ${number}`,
    body: '',
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_reviewers_teams: [],
    state: 'open',
    draft: false,
    is_locked: false,
    comments: 0,
    review_comments: 0,
    additions: 1,
    deletions: 0,
    changed_files: 1,
    html_url: `http://localhost/${repo.owner}/${repo.name}/pulls/${number}`,
    diff_url: '',
    patch_url: '',
    mergeable: true,
    merged: false,
    merged_at: null,
    merge_commit_sha: null,
    merged_by: null,
    allow_maintainer_edit: false,
    base: branch('main', 'b'.repeat(40)),
    head: branch(`feature-${number}`, `${number}`.padStart(40, 'a')),
    merge_base: 'b'.repeat(40),
    due_date: null,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: new Date().toISOString(),
    closed_at: null,
    pin_order: 0,
    ...over,
  };
}

export function fakeCommit(sha: string, message: string, over: Partial<Commit> = {}): Commit {
  const who = { name: 'Alice', email: 'alice@example.com', date: '2026-01-02T10:00:00Z' };
  return {
    url: '',
    sha,
    created: who.date,
    html_url: '',
    commit: { url: '', author: who, committer: who, message, tree: { url: '', sha: 't'.repeat(40), created: who.date } },
    author: fakeUser(),
    committer: fakeUser(),
    parents: [],
    files: [{ filename: 'a.txt', status: 'added' }],
    stats: { total: 1, additions: 1, deletions: 0 },
    ...over,
  } as Commit;
}

export function fakeCompare(over: Partial<Compare> = {}): Compare {
  const commits = over.commits ?? [fakeCommit('c'.repeat(40), 'Add a feature\n\nWhy it matters.')];
  return {
    total_commits: commits.length,
    commits,
    merge_base: 'b'.repeat(40),
    mergeable: true,
    conflicted_files: [],
    files: [{ filename: 'a.txt', status: 'added', additions: 1, deletions: 0, changes: 1 }],
    ...over,
  };
}

type Branch = components['schemas']['Branch'];

/** A branch as GET /branches/{name} answers it; unprotected unless `over` says otherwise. */
export function fakeBranch(name: string, over: Partial<Branch> = {}): Branch {
  const who = { name: 'Alice', email: 'alice@example.com', username: 'alice' };
  return {
    name,
    commit: {
      id: 'b'.repeat(40),
      message: 'Initial commit\n',
      url: '',
      author: who,
      committer: who,
      verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
      timestamp: '2026-01-02T10:00:00Z',
    },
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: true,
    user_can_merge: true,
    effective_branch_protection_name: '',
    ...over,
  } as Branch;
}
