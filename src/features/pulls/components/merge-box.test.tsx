import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import type { components } from '@/lib/api/schema';
import { fakeBranch, fakeCommit, fakePull } from '../test/list-fixtures';
import { pullQueries } from '../api/pull-queries';
import { BLOCKED_REFRESH_MS } from '../api/use-refresh-while-blocked';
import { MergeBox, type MergeBoxProps } from './merge-box';

type Branch = components['schemas']['Branch'];

setupMswServer();

type CombinedStatus = components['schemas']['CombinedStatus'];

const HEAD = 'a'.repeat(40);
const alice = fakeUser({ id: 1, login: 'alice' });

function status(id: number, context: string, state: 'success' | 'pending' | 'failure', description: string, target_url = '') {
  return { id, status: state, context, description, target_url, url: '', creator: null, created_at: '', updated_at: '' };
}

function combined(state: CombinedStatus['state'], statuses: ReturnType<typeof status>[]): CombinedStatus {
  return { state, sha: HEAD, total_count: statuses.length, statuses, repository: null, commit_url: '', url: '' };
}

function setup(over: Partial<MergeBoxProps> = {}, base: Branch | Promise<Branch> = fakeBranch('main')) {
  server.use(http.get(apiUrl('/repos/alice/hello/branches/main'), async () => HttpResponse.json(await base)));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const props: MergeBoxProps = {
    owner: 'alice',
    repo: 'hello',
    pull: fakePull({ number: 1, title: 'Add search', user: alice, head: { label: 'feature', ref: 'feature', sha: HEAD, repo_id: 1, repo: null } }),
    repository: fakeRepo({ name: 'hello', owner: alice }),
    canMerge: true,
    canEditTitle: true,
    checks: null,
    reviews: { approvals: 0, changesRequestedBy: [] },
    scheduled: false,
    ...over,
  };
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MergeBox {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { qc, user: userEvent.setup() };
}

const box = () => screen.getByRole('region', { name: 'Merge status' });
const row = (name: string) => within(box()).getByRole('listitem', { name });

describe('merge box', () => {
  it('lists the conflicting files and offers no merge while the branches conflict', () => {
    setup({ pull: fakePull({ mergeable: false, conflicted_files: ['src/app.ts', 'README.md'] }) });
    expect(row('Conflicts')).toHaveTextContent('This branch has conflicts that must be resolved');
    const files = within(row('Conflicts')).getByRole('list', { name: 'Conflicting files' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['src/app.ts', 'README.md']);
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();
    expect(box()).toHaveTextContent('Resolve the conflicts to merge this pull request.');
    expect(within(box()).getByRole('heading')).toHaveTextContent('Merging is blocked');
  });

  it('says a pull request without blockers can be merged, once the base branch’s protection is known', async () => {
    setup({ reviews: { approvals: 1, changesRequestedBy: [] } });
    // Not before: a rule could still block it.
    expect(within(box()).getByRole('heading')).toHaveTextContent('Checking whether this pull request can be merged…');
    await waitFor(() => expect(within(box()).getByRole('heading')).toHaveTextContent('This pull request can be merged'));
    expect(row('Reviews')).toHaveTextContent('1 approval');
  });

  it('still lets a conflicting pull request be marked as manually merged when the repository allows it', async () => {
    setup({ pull: fakePull({ mergeable: false }), repository: fakeRepo({ allow_manual_merge: true }) });
    await screen.findByRole('form', { name: 'Merge pull request' });
    expect(screen.getByRole('button', { name: 'Mark as manually merged' })).toBeDisabled();
    expect(screen.getByLabelText('Merge commit ID')).toBeRequired();
  });

  it('holds the merge form until the head’s checks and the base branch’s protection are known', async () => {
    // Both decide what the button does, and rows they add would move the form under the pointer.
    let release!: (b: Branch) => void;
    setup({}, new Promise<Branch>((r) => (release = r)));
    expect(within(box()).getByRole('status')).toHaveTextContent('Loading merge options…');
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();
    release(fakeBranch('main'));
    expect(await screen.findByRole('form', { name: 'Merge pull request' })).toBeInTheDocument();
    expect(screen.queryByText('Loading merge options…')).toBeNull();
    cleanup();

    const second = setup({ checks: undefined, checksLoading: true });
    await waitFor(() => expect(second.qc.getQueryState(pullQueries.baseBranch('alice', 'hello', 'main').queryKey)?.status).toBe('success'));
    expect(row('Checks')).toHaveTextContent('Loading checks…');
    expect(within(box()).getByRole('status')).toHaveTextContent('Loading merge options…');
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();
  });

  it('says who requested changes, and counts approvals otherwise', () => {
    setup({ reviews: { approvals: 1, changesRequestedBy: ['bob', 'carol'] } });
    expect(row('Reviews')).toHaveTextContent('Changes requested');
    expect(row('Reviews')).toHaveTextContent('bob, carol requested changes.');
  });

  it('shows failing checks with each context, its description and a Details link to the CI', () => {
    setup({
      checks: combined('failure', [
        status(1, 'ci/build', 'success', 'Build passed', 'https://ci.example.com/1'),
        status(2, 'ci/test', 'failure', '3 tests failed', 'https://ci.example.com/2'),
        status(3, 'lint', 'failure', 'Bad', 'javascript:alert(1)'),
      ]),
    });
    const checks = row('Checks');
    expect(checks).toHaveTextContent('Some checks were not successful');
    expect(checks).toHaveTextContent('1 of 3 checks successful');
    const list = within(checks).getByRole('list', { name: 'Status checks' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('ci/test — Failing — 3 tests failed');
    expect(within(list).getByRole('link', { name: 'Details of ci/test' })).toHaveAttribute('href', 'https://ci.example.com/2');
    // A target that is not http(s) is not made a link.
    expect(within(list).queryByRole('link', { name: 'Details of lint' })).toBeNull();
  });

  it('offers "Remove WIP: prefix" on a draft and edits the title, instead of merging', async () => {
    let body: unknown;
    server.use(
      http.patch(apiUrl('/repos/alice/hello/pulls/1'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(fakePull({ title: 'Add search' }), { status: 201 });
      }),
    );
    // Gitea says mergeable: false for any work in progress; that alone is no conflict.
    const { user } = setup({ pull: fakePull({ title: 'WIP: Add search', draft: true, mergeable: false, conflicted_files: [] }) });
    expect(row('Work in progress')).toHaveTextContent('This pull request is marked as a work in progress');
    expect(row('Conflicts')).toHaveTextContent('This branch has no conflicts with the base branch');
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove WIP: prefix' }));
    await waitFor(() => expect(body).toEqual({ title: 'Add search' }));
  });

  it('says how far behind the branch is and updates it by merge or rebase', async () => {
    let style: string | null = null;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/update'), ({ request }) => {
        style = new URL(request.url).searchParams.get('style');
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const { user } = setup({ pull: fakePull({ commits_behind: 2 }) });
    expect(row('Branch status')).toHaveTextContent('This branch is 2 commits behind main');
    await user.click(screen.getByRole('button', { name: 'Update branch by rebase' }));
    await waitFor(() => expect(style).toBe('rebase'));
  });

  it('offers "Update branch" on a pull request from a fork to who may push to the fork, or to base writers when maintainers may edit', async () => {
    let updated = 0;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/update'), () => {
        updated++;
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const bob = fakeUser({ id: 2, login: 'bob' });
    const fork = (push: boolean) => fakeRepo({ id: 2, name: 'hello', owner: bob, fork: true, permissions: { admin: false, push, pull: true } });
    const fromFork = (push: boolean, allow_maintainer_edit: boolean) =>
      fakePull({
        number: 1,
        commits_behind: 3,
        allow_maintainer_edit,
        head: { label: 'bob:feature', ref: 'feature', sha: HEAD, repo_id: 2, repo: fork(push) },
      });
    const updateButtons = () => screen.queryAllByRole('button', { name: /^Update branch by/ });

    // A base writer, the fork not theirs, maintainers not allowed to edit: told, not offered.
    let view = setup({ canMerge: true, pull: fromFork(false, false) });
    expect(row('Branch status')).toHaveTextContent('This branch is 3 commits behind main');
    expect(updateButtons()).toHaveLength(0);
    cleanup();
    // The poster allows maintainers to edit: the base writer may update the fork's branch.
    view = setup({ canMerge: true, pull: fromFork(false, true) });
    expect(updateButtons()).toHaveLength(2);
    cleanup();
    // Someone who may push to the fork but not to the base (its owner) may update it.
    view = setup({ canMerge: false, canEditTitle: false, pull: fromFork(true, false) });
    await view.user.click(screen.getByRole('button', { name: 'Update branch by merge' }));
    await waitFor(() => expect(updated).toBe(1));
    cleanup();
    // A fork nobody here may see (head.repo null) and no maintainer edits: nothing to offer.
    setup({
      canMerge: true,
      pull: fakePull({ number: 1, commits_behind: 3, head: { label: 'gone:feature', ref: 'feature', sha: HEAD, repo_id: 3, repo: null } }),
    });
    expect(updateButtons()).toHaveLength(0);
  });

  it('offers "Update branch" on a pull request within the repository only to its writers', () => {
    setup({ canMerge: false, canEditTitle: false, pull: fakePull({ commits_behind: 2 }) });
    expect(row('Branch status')).toHaveTextContent('This branch is 2 commits behind main');
    expect(screen.queryAllByRole('button', { name: /^Update branch by/ })).toHaveLength(0);
  });

  it('offers the allowed styles with the default first, each prefilled with Gitea’s message, and merges with the chosen one', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const bob = fakeUser({ id: 2, login: 'bob', email: 'bob@example.com' });
    const commits = [
      fakeCommit('c'.repeat(40), 'First', {
        author: alice,
        commit: { ...fakeCommit('x', 'x').commit, author: { name: 'Alice', email: 'alice@example.com', date: '' } },
      }),
      fakeCommit('d'.repeat(40), 'Second', {
        author: bob,
        commit: { ...fakeCommit('x', 'x').commit, author: { name: 'Bob', email: 'bob@example.com', date: '' } },
      }),
    ];
    const { user } = setup({
      pull: fakePull({
        title: 'Add search',
        body: 'Adds a search box.',
        user: alice,
        head: { label: 'feature', ref: 'feature', sha: HEAD, repo_id: 1, repo: null },
      }),
      repository: fakeRepo({
        allow_merge_commits: true,
        allow_rebase: false,
        allow_rebase_explicit: false,
        allow_squash_merge: true,
        default_merge_style: 'squash',
        default_delete_branch_after_merge: true,
      }),
      commits,
    });
    await screen.findByRole('form', { name: 'Merge pull request' });
    const style = screen.getByLabelText('Merge style');
    expect(
      within(style)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Create squash commit', 'Create merge commit']);
    expect(screen.getByLabelText('Commit title')).toHaveValue('Add search (#1)');
    expect(screen.getByLabelText('Commit message')).toHaveValue('Adds a search box.\n\nCo-authored-by: Bob <bob@example.com>');
    expect(screen.getByLabelText('Delete branch after merge')).toBeChecked();

    await user.selectOptions(style, 'merge');
    expect(screen.getByLabelText('Commit title')).toHaveValue("Merge pull request 'Add search' (#1) from feature into main");
    expect(screen.getByLabelText('Commit message')).toHaveValue('');
    await user.type(screen.getByLabelText('Commit message'), 'Closes #4');
    await user.click(screen.getByLabelText('Delete branch after merge'));
    await user.click(screen.getByRole('button', { name: 'Create merge commit' }));
    await waitFor(() =>
      expect(body).toEqual({
        Do: 'merge',
        MergeTitleField: "Merge pull request 'Add search' (#1) from feature into main",
        MergeMessageField: 'Closes #4',
        head_commit_id: HEAD,
        delete_branch_after_merge: false,
      }),
    );
  });

  it('shows the server’s refusal beside the button and keeps what was typed', async () => {
    server.use(http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), () => HttpResponse.json({ message: 'head out of date', url: '' }, { status: 409 })));
    const { user } = setup({
      repository: fakeRepo({
        allow_rebase: false,
        allow_rebase_explicit: false,
        allow_merge_commits: false,
        allow_squash_merge: true,
        default_merge_style: 'squash',
      }),
    });
    const title = await screen.findByLabelText('Commit title');
    await user.clear(title);
    await user.type(title, 'My own title');
    await user.click(screen.getByRole('button', { name: 'Create squash commit' }));
    expect(await within(screen.getByRole('form', { name: 'Merge pull request' })).findByRole('alert')).toHaveTextContent('head out of date');
    expect(screen.getByLabelText('Commit title')).toHaveValue('My own title');
    // With one style there is nothing to choose.
    expect(screen.queryByLabelText('Merge style')).toBeNull();
  });

  it('while checks are pending, schedules the merge for when they succeed, then offers to cancel it', async () => {
    let body: Record<string, unknown> | undefined;
    let cancelled = false;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(null, { status: 201 });
      }),
      http.delete(apiUrl('/repos/alice/hello/pulls/1/merge'), () => {
        cancelled = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = setup({ checks: combined('pending', [status(1, 'ci/build', 'pending', 'Running')]) });
    expect(row('Checks')).toHaveTextContent('Some checks haven’t completed yet');
    expect(within(box()).getByRole('heading')).toHaveTextContent('Waiting for the checks to complete');
    expect(await screen.findByRole('button', { name: 'Create merge commit now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Merge when checks succeed' }));
    expect(await screen.findByRole('listitem', { name: 'Automatic merge' })).toHaveTextContent('will be merged automatically when all checks succeed');
    expect(body).toMatchObject({ Do: 'merge', merge_when_checks_succeed: true });
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel automatic merge' }));
    await waitFor(() => expect(cancelled).toBe(true));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Automatic merge' })).toBeNull());
    expect(screen.getByRole('form', { name: 'Merge pull request' })).toBeInTheDocument();
  });

  it('shows a merge scheduled earlier (from the timeline) with its cancel', () => {
    setup({ scheduled: true, checks: combined('pending', [status(1, 'ci', 'pending', '')]) });
    expect(row('Automatic merge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel automatic merge' })).toBeInTheDocument();
  });

  it('shows readers the state without any button', () => {
    setup({ canMerge: false, canEditTitle: false, pull: fakePull({ commits_behind: 1, title: 'WIP: x', draft: true }), scheduled: true });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(box()).toHaveTextContent('This pull request cannot be merged yet.');
  });

  it('after the merge, says who merged what and offers to delete the head branch', async () => {
    const onDeleteBranch = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({
      pull: fakePull({ merged: true, state: 'closed', merged_by: alice, merge_commit_sha: 'e'.repeat(40), merged_at: new Date().toISOString() }),
      headBranchExists: true,
      onDeleteBranch,
    });
    expect(box()).toHaveTextContent(`Mergedalice merged commit ${'e'.repeat(10)} into main`);
    await user.click(screen.getByRole('button', { name: 'Delete branch' }));
    expect(onDeleteBranch).toHaveBeenCalled();
  });

  it('says a closed pull request is closed', () => {
    setup({ pull: fakePull({ state: 'closed' }) });
    expect(box()).toHaveTextContent('This pull request is closed.');
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('merge box under branch protection', () => {
  const protectedMain = (over: Partial<Branch> = {}) =>
    fakeBranch('main', {
      protected: true,
      effective_branch_protection_name: 'main',
      required_approvals: 1,
      enable_status_check: true,
      status_check_contexts: ['ci/build'],
      ...over,
    });
  const writer = fakeRepo({ name: 'hello', owner: alice, permissions: { admin: false, push: true, pull: true } });
  const admin = fakeRepo({ name: 'hello', owner: alice, permissions: { admin: true, push: true, pull: true } });
  const blockedPull = (merge_blockers: string[]) => ({
    ...fakePull({ number: 1, head: { label: 'feature', ref: 'feature', sha: HEAD, repo_id: 1, repo: null } }),
    merge_blockers,
  });
  const unmet = async () => within(await within(box()).findByRole('listitem', { name: 'Branch protection' })).findByRole('list', { name: 'Unmet rules' });

  /** As the page does: the merge box draws the pull request the page's query holds, so a refetch redraws it. */
  function renderLive(over: Partial<MergeBoxProps> = {}, prime?: (qc: QueryClient) => void) {
    function Page() {
      const { data } = useQuery(pullQueries.detail('alice', 'hello', 1));
      return data ? (
        <MergeBox
          owner="alice"
          repo="hello"
          pull={data}
          repository={writer}
          canMerge
          canEditTitle
          reviews={{ approvals: 0, changesRequestedBy: [] }}
          scheduled={false}
          {...over}
        />
      ) : null;
    }
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    prime?.(qc);
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return qc;
  }

  it('lists each unmet rule the server names, says which rule protects the base, and disables Merge', async () => {
    setup(
      { repository: writer, pull: blockedPull(['Not enough approvals: 0 of 1 required approvals.', 'Required status check ci/build is missing.']) },
      protectedMain(),
    );
    const rules = await unmet();
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not enough approvals: 0 of 1 required approvals.', 'Required status check ci/build is missing.']);
    expect(await within(row('Branch protection')).findByText(/is protected by the rule/)).toHaveTextContent('main is protected by the rule main.');
    expect(within(box()).getByRole('heading')).toHaveTextContent('Merging is blocked by branch protection');
    // ci/build has not reported: scheduling stays possible, merging now does not.
    expect(screen.getByRole('button', { name: 'Merge when checks succeed' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create merge commit now' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Merge anyway' })).toBeNull();
  });

  it('disables Merge outright when nothing is left to wait for', async () => {
    setup(
      { repository: writer, pull: blockedPull(['There are requested changes.']) },
      protectedMain({ enable_status_check: false, status_check_contexts: [] }),
    );
    await unmet();
    expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Merge when checks succeed' })).toBeNull();
  });

  it('schedules the merge for when the checks succeed while the rules still block', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = setup({ repository: writer, pull: blockedPull(['Required status check ci/build is missing.']) }, protectedMain());
    await unmet();
    await user.click(screen.getByRole('button', { name: 'Merge when checks succeed' }));
    expect(await screen.findByRole('listitem', { name: 'Automatic merge' })).toBeInTheDocument();
    expect(body).toMatchObject({ Do: 'merge', merge_when_checks_succeed: true });
    expect(body).not.toHaveProperty('force_merge');
  });

  it('offers an admin Gitea’s “Merge anyway”, which sends force_merge', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl('/repos/alice/hello/branch_protections/main'), () => HttpResponse.json({ rule_name: 'main', block_admin_merge_override: false })),
      http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const { user } = setup({ repository: admin, pull: blockedPull(['There are requested changes.']) }, protectedMain({ enable_status_check: false }));
    await unmet();
    expect(row('Branch protection')).toHaveTextContent('As an administrator, you may still merge this pull request.');
    expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Merge anyway' }));
    await waitFor(() => expect(body).toMatchObject({ Do: 'merge', force_merge: true, head_commit_id: HEAD }));
  });

  it('gives an admin no “Merge anyway” when the rule blocks admin overrides', async () => {
    server.use(
      http.get(apiUrl('/repos/alice/hello/branch_protections/main'), () => HttpResponse.json({ rule_name: 'main', block_admin_merge_override: true })),
    );
    setup({ repository: admin, pull: blockedPull(['There are requested changes.']) }, protectedMain({ enable_status_check: false }));
    await unmet();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Merge anyway' })).toBeNull());
    expect(row('Branch protection')).not.toHaveTextContent('As an administrator');
    expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeDisabled();
  });

  it('says the rules are met and gives an admin no “Merge anyway” when nothing blocks', async () => {
    setup({ repository: admin, pull: blockedPull([]) }, protectedMain({ enable_status_check: false }));
    expect(await within(box()).findByRole('listitem', { name: 'Branch protection' })).toHaveTextContent('All branch protection rules are met');
    expect(screen.queryByRole('button', { name: 'Merge anyway' })).toBeNull();
    expect(within(box()).getByRole('heading')).toHaveTextContent('This pull request can be merged');
  });

  it('tells someone left out of the merge whitelist that they may not merge, without a form', async () => {
    setup({ repository: admin, pull: blockedPull(['You are not allowed to merge.']) }, protectedMain({ user_can_merge: false }));
    expect(await within(box()).findByText(/You are not allowed to merge into/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Merge pull request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge anyway' })).toBeNull();
  });

  it('against Gitea (no merge_blockers), works the unmet rules out from the branch, the approvals and the head’s status', async () => {
    setup(
      { repository: writer, reviews: { approvals: 0, changesRequestedBy: [] }, checks: combined('success', [status(1, 'lint', 'success', '')]) },
      protectedMain({ status_check_contexts: ['ci/*'] }),
    );
    const rules = await unmet();
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["This pull request doesn't have enough approvals yet. 0 of 1 approvals granted.", 'Required status checks have not reported yet: ci/*.']);
    expect(screen.getByRole('button', { name: 'Merge when checks succeed' })).toBeEnabled();
  });

  it('against Gitea, clears once the approval and the required status are in', async () => {
    setup(
      { repository: writer, reviews: { approvals: 1, changesRequestedBy: [] }, checks: combined('success', [status(1, 'ci/build', 'success', '')]) },
      protectedMain(),
    );
    expect(await within(box()).findByRole('listitem', { name: 'Branch protection' })).toHaveTextContent('All branch protection rules are met');
    expect(within(row('Branch protection')).queryByRole('list', { name: 'Unmet rules' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeEnabled();
  });

  it('shows readers the unmet rules without any button', async () => {
    setup(
      {
        canMerge: false,
        canEditTitle: false,
        repository: fakeRepo({ permissions: { admin: false, push: false, pull: true } }),
        pull: blockedPull(['Not enough approvals.']),
      },
      protectedMain(),
    );
    await unmet();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(box()).toHaveTextContent('This pull request cannot be merged yet.');
  });

  it('shows a refusal beside the button, keeps the typed title, and reads the pull request again to show what blocks now', async () => {
    let reads = 0;
    server.use(
      http.post(apiUrl('/repos/alice/hello/pulls/1/merge'), () =>
        HttpResponse.json({ message: 'Not enough approvals: 0 of 1 required approvals (rule "main")', url: '' }, { status: 405 }),
      ),
      http.get(apiUrl('/repos/alice/hello/pulls/1'), () => {
        reads++;
        return HttpResponse.json(blockedPull(['Not enough approvals: 0 of 1 required approvals.']));
      }),
    );
    const { user, qc } = setup({ repository: writer, pull: blockedPull([]) }, protectedMain({ enable_status_check: false }));
    // The page's own query of the pull request, which the refusal invalidates.
    void qc.prefetchQuery({
      queryKey: ['repos', 'alice', 'hello', 'pulls', 1, 'detail'],
      queryFn: () => fetch('http://localhost/api/v1/repos/alice/hello/pulls/1').then((r) => r.json()),
    });
    await waitFor(() => expect(reads).toBe(1));
    const title = screen.getByLabelText('Commit title');
    await user.clear(title);
    await user.type(title, 'Typed title');
    await user.click(screen.getByRole('button', { name: 'Create merge commit' }));
    expect(await within(screen.getByRole('form', { name: 'Merge pull request' })).findByRole('alert')).toHaveTextContent(
      'Not enough approvals: 0 of 1 required approvals (rule "main")',
    );
    expect(screen.getByLabelText('Commit title')).toHaveValue('Typed title');
    expect(qc.getQueryState(['repos', 'alice', 'hello', 'pulls', 1, 'detail'])?.isInvalidated).toBe(true);
  });

  it('looks again while blocked, so an approval or a status given elsewhere clears the box without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let blockers = ['Not enough approvals: 0 of 1 required approvals.'];
      server.use(
        http.get(apiUrl('/repos/alice/hello/branches/main'), () => HttpResponse.json(protectedMain({ enable_status_check: false }))),
        http.get(apiUrl('/repos/alice/hello/pulls/1'), () => HttpResponse.json(blockedPull(blockers))),
      );
      renderLive();
      await screen.findByRole('region', { name: 'Merge status' });
      await unmet();
      expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeDisabled();
      blockers = [];
      await vi.advanceTimersByTimeAsync(BLOCKED_REFRESH_MS + 100);
      await waitFor(() => expect(row('Branch protection')).toHaveTextContent('All branch protection rules are met'));
      expect(screen.getByRole('button', { name: 'Create merge commit' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('when a look again finds a new head (a push), reads the reviews and the timeline again too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let head = HEAD;
      server.use(
        http.get(apiUrl('/repos/alice/hello/branches/main'), () => HttpResponse.json(protectedMain({ enable_status_check: false }))),
        http.get(apiUrl('/repos/alice/hello/pulls/1'), () =>
          HttpResponse.json({ ...blockedPull(['Not enough approvals.']), head: { label: 'feature', ref: 'feature', sha: head, repo_id: 1, repo: null } }),
        ),
      );
      const reviewsKey = ['repos', 'alice', 'hello', 'pulls', 1, 'reviews'];
      const timelineKey = ['repos', 'alice', 'hello', 'issues', 1, 'timeline'];
      const qc = renderLive({ reviews: { approvals: 1, changesRequestedBy: [] } }, (client) => {
        client.setQueryData(reviewsKey, []);
        client.setQueryData(timelineKey, []);
      });
      await screen.findByRole('region', { name: 'Merge status' });
      await unmet();
      await vi.advanceTimersByTimeAsync(BLOCKED_REFRESH_MS + 100);
      // Same head: only the pull request, its statuses and the base branch were read again.
      expect(qc.getQueryState(reviewsKey)?.isInvalidated).toBe(false);
      head = 'f'.repeat(40);
      await vi.advanceTimersByTimeAsync(BLOCKED_REFRESH_MS + 100);
      await waitFor(() => expect(qc.getQueryState(reviewsKey)?.isInvalidated).toBe(true));
      expect(qc.getQueryState(timelineKey)?.isInvalidated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('while a merge is scheduled, looks again so the box says Merged once the server merged it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let merged = false;
      server.use(
        http.get(apiUrl('/repos/alice/hello/pulls/1'), () =>
          HttpResponse.json(
            merged ? fakePull({ number: 1, merged: true, state: 'closed', merged_by: alice, merge_commit_sha: 'e'.repeat(40) }) : blockedPull([]),
          ),
        ),
      );
      server.use(http.get(apiUrl('/repos/alice/hello/branches/main'), () => HttpResponse.json(fakeBranch('main'))));
      renderLive({ reviews: { approvals: 1, changesRequestedBy: [] }, scheduled: true });
      expect(await screen.findByRole('listitem', { name: 'Automatic merge' })).toBeInTheDocument();
      merged = true;
      await vi.advanceTimersByTimeAsync(BLOCKED_REFRESH_MS + 100);
      await waitFor(() => expect(box()).toHaveTextContent(`alice merged commit ${'e'.repeat(10)} into main`));
    } finally {
      vi.useRealTimers();
    }
  });
});
