import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeRepo, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { fakeOrg, fakeTeam } from '@/features/orgs/test-fixtures';
import { fakeRule, fakeRuleOption } from '@/features/branch-protection/test-fixtures';
import { Component } from './repo-settings-branches';

setupMswServer();

const PATH = '/:owner/:repo/settings/branches/:action?';
const acme = fakeUser({ id: 100, login: 'acme' });
const branch = (name: string) => ({
  name,
  commit: { id: 'a'.repeat(40), message: 'm', timestamp: '2026-01-01T00:00:00Z' },
  protected: false,
  required_approvals: 0,
  enable_status_check: false,
  status_check_contexts: [],
  user_can_push: true,
  user_can_merge: true,
  effective_branch_protection_name: '',
});

/** An organization's repository with four branches, two teams, two writers and CI on main. */
function orgRepo() {
  server.use(
    http.get(apiUrl('/repos/acme/app'), () => HttpResponse.json(fakeRepo({ name: 'app', owner: acme }))),
    // release/1.0 already has a rule of its own.
    http.get(apiUrl('/repos/acme/app/branches'), () =>
      HttpResponse.json(
        ['main', 'release/1.0', 'release/2.0', 'release/2.0/fix'].map((n) =>
          n === 'release/1.0' ? { ...branch(n), protected: true, effective_branch_protection_name: 'release/1.0' } : branch(n),
        ),
      ),
    ),
    http.get(apiUrl('/orgs/acme'), () => HttpResponse.json(fakeOrg({ username: 'acme' }))),
    http.get(apiUrl('/orgs/acme/teams'), () => HttpResponse.json([fakeTeam({ id: 1, name: 'Owners' }), fakeTeam({ id: 2, name: 'release-managers' })])),
    http.get(apiUrl('/repos/acme/app/assignees'), () => HttpResponse.json([fakeUser({ id: 2, login: 'bob' }), fakeUser({ id: 3, login: 'carol' })])),
    http.get(apiUrl('/repos/acme/app/commits'), () => HttpResponse.json([{ sha: 'c1' }, { sha: 'c2' }])),
    http.get(apiUrl('/repos/acme/app/commits/c1/statuses'), () => HttpResponse.json([{ context: 'ci/build' }, { context: 'ci/lint' }])),
    http.get(apiUrl('/repos/acme/app/commits/c2/statuses'), () => HttpResponse.json([{ context: 'ci/build' }, { context: 'security/scan' }])),
  );
}

describe('branch protection settings', () => {
  it('lists each rule with what it enforces, and deletes one after confirming', async () => {
    orgRepo();
    let rules = [
      fakeRule({ rule_name: 'main', priority: 2, required_approvals: 2, enable_status_check: true, status_check_contexts: ['ci/*'] }),
      fakeRule({
        rule_name: 'release/*',
        enable_push: true,
        enable_push_whitelist: true,
        push_whitelist_usernames: ['bob'],
        push_whitelist_teams: ['release-managers'],
      }),
    ];
    let deleted = '';
    server.use(
      http.get(apiUrl('/repos/acme/app/branch_protections'), () => HttpResponse.json(rules)),
      http.delete(apiUrl('/repos/acme/app/branch_protections/:name'), ({ params }) => {
        deleted = String(params.name);
        rules = rules.filter((r) => r.rule_name !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(Component, { path: PATH, url: '/acme/app/settings/branches' });
    const main = await screen.findByRole('listitem', { name: 'Rule main' });
    expect(within(main).getByText('priority 2')).toBeInTheDocument();
    expect(
      within(within(main).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No pushes', 'Checks: ci/*', '2 approvals']);
    const release = screen.getByRole('listitem', { name: 'Rule release/*' });
    expect(within(release).getByText('Push: bob, team release-managers')).toBeInTheDocument();
    expect(within(release).getByRole('link', { name: 'Edit rule release/*' })).toHaveAttribute(
      'href',
      '/acme/app/settings/branches/edit?rule_name=release%2F*',
    );

    const user = userEvent.setup();
    await user.click(within(release).getByRole('button', { name: 'Delete rule release/*' }));
    const dialog = await screen.findByRole('dialog');
    // The confirmation names the branches that lose their protection.
    expect(dialog).toHaveTextContent('release/1.0, release/2.0 will no longer be protected by it.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rule release/*' })).not.toBeInTheDocument());
    expect(deleted).toBe('release/*');
    expect(screen.getByRole('listitem', { name: 'Rule main' })).toBeInTheDocument();
  });

  it('creates a rule: the preview follows the pattern, whitelists and contexts are picked, every field is sent', async () => {
    orgRepo();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(apiUrl('/repos/acme/app/branch_protections'), () => HttpResponse.json(body ? [fakeRule(body)] : [])),
      http.post(apiUrl('/repos/acme/app/branch_protections'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(fakeRule(body), { status: 201 });
      }),
    );
    renderRoute(Component, { path: PATH, url: '/acme/app/settings/branches/edit' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Branch name or pattern');
    await user.type(name, 'release/*');
    const preview = screen.getByRole('status', { name: 'Matching branches' });
    expect(preview).toHaveTextContent('Matches 2 existing branches:');
    // A branch another rule governs says so: which rule wins is the server's call (priority).
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['release/1.0 · now under rule release/1.0', 'release/2.0']);
    await user.type(name, '*');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['release/1.0 · now under rule release/1.0', 'release/2.0', 'release/2.0/fix']);
    await user.clear(name);
    await user.type(name, 'hotfix');
    expect(screen.getByRole('status', { name: 'Matching branches' })).toHaveTextContent('Matches no existing branch.');
    await user.clear(name);
    await user.type(name, 'release/**');

    await user.click(screen.getByRole('radio', { name: /Restrict push to a whitelist/ }));
    await user.type(screen.getByLabelText('People who may push'), 'bo');
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await user.click(screen.getByRole('checkbox', { name: 'release-managers' }));

    await user.click(screen.getByRole('checkbox', { name: 'Require status checks to pass before merging' }));
    const seen = await screen.findByRole('list', { name: 'Contexts seen on recent commits' });
    expect(
      within(seen)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['+ ci/build', '+ ci/lint', '+ security/scan']);
    await user.click(within(seen).getByRole('button', { name: 'Add context ci/build' }));
    // Free text, since contexts may be globs no commit has reported yet.
    await user.type(screen.getByLabelText('Required contexts'), 'deploy/*{Enter}');
    const approvals = screen.getByLabelText('Required approvals');
    await user.clear(approvals);
    await user.type(approvals, '1');
    await user.click(screen.getByRole('checkbox', { name: /Block merge on rejected reviews/ }));
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    await screen.findByRole('listitem', { name: 'Rule release/**' });
    // Every field is sent; those not listed here are at their create defaults (see fakeRuleOption).
    expect(body).toEqual(
      fakeRuleOption({
        rule_name: 'release/**',
        enable_push: true,
        enable_push_whitelist: true,
        push_whitelist_usernames: ['bob'],
        push_whitelist_teams: ['release-managers'],
        enable_status_check: true,
        status_check_contexts: ['ci/build', 'deploy/*'],
        required_approvals: 1,
        block_on_rejected_reviews: true,
      }),
    );
  });

  it('edits a rule by sending only the fields that changed', async () => {
    orgRepo();
    const rule = fakeRule({
      rule_name: 'main',
      priority: 1,
      enable_status_check: true,
      status_check_contexts: ['ci/build'],
      required_approvals: 1,
      merge_whitelist_usernames: ['carol'],
    });
    let patch: unknown = null;
    server.use(
      http.get(apiUrl('/repos/acme/app/branch_protections/main'), () => HttpResponse.json(rule)),
      http.get(apiUrl('/repos/acme/app/branch_protections'), () => HttpResponse.json([rule])),
      http.patch(apiUrl('/repos/acme/app/branch_protections/main'), async ({ request }) => {
        patch = await request.json();
        return HttpResponse.json({ ...rule, ...(patch as object) });
      }),
    );
    renderRoute(Component, { path: PATH, url: '/acme/app/settings/branches/edit?rule_name=main' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Branch name or pattern');
    expect(name).toHaveValue('main');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('status', { name: 'Matching branches' })).toHaveTextContent('Matches 1 existing branch:main');
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save rule' })).toBeDisabled();

    const approvals = screen.getByLabelText('Required approvals');
    await user.clear(approvals);
    await user.type(approvals, '2');
    await user.click(screen.getByRole('button', { name: 'Remove context ci/build' }));
    await user.click(screen.getByRole('checkbox', { name: /Dismiss stale approvals/ }));
    // A change undone is no change.
    await user.click(screen.getByRole('checkbox', { name: /Require signed commits/ }));
    await user.click(screen.getByRole('checkbox', { name: /Require signed commits/ }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    await screen.findByRole('listitem', { name: 'Rule main' });
    expect(patch).toEqual({ status_check_contexts: [], required_approvals: 2, dismiss_stale_approvals: true });
  });

  it('checks fields before sending and puts the server’s refusal beside the field, keeping what was typed', async () => {
    orgRepo();
    let posts = 0;
    server.use(
      http.post(apiUrl('/repos/acme/app/branch_protections'), () => {
        posts++;
        return HttpResponse.json({ message: 'Branch protection already exist', url: '' }, { status: 403 });
      }),
    );
    renderRoute(Component, { path: PATH, url: '/acme/app/settings/branches/edit' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Branch name or pattern');
    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(name).toHaveAccessibleDescription('Enter a branch name or a pattern such as release/*.');

    await user.type(name, 'release/[[');
    expect(screen.getByRole('status', { name: 'Matching branches' })).toHaveTextContent('Matches no existing branch.');
    const approvals = screen.getByLabelText('Required approvals');
    await user.clear(approvals);
    await user.type(approvals, '-1');
    await user.type(screen.getByLabelText('Protected file patterns'), 'docs/**;src/[[');
    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(name).toHaveAccessibleDescription('This pattern is not a valid glob: check its brackets, braces and backslashes.');
    expect(approvals).toHaveAccessibleDescription('Required approvals is a whole number, 0 or more.');
    expect(screen.getByLabelText('Protected file patterns')).toHaveAccessibleDescription('“src/[” is not a valid pattern.');
    expect(posts).toBe(0);

    await user.clear(name);
    await user.type(name, 'main');
    await user.clear(approvals);
    await user.type(approvals, '1');
    await user.clear(screen.getByLabelText('Protected file patterns'));
    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Branch protection already exist'));
    expect(posts).toBe(1);
    expect(name).toHaveValue('main');
    expect(approvals).toHaveValue('1');
  });

  it('is a 404 page for someone who does not administer the repository', async () => {
    server.use(
      http.get(apiUrl('/repos/acme/app'), () =>
        HttpResponse.json(fakeRepo({ name: 'app', owner: acme, permissions: { admin: false, push: true, pull: true } })),
      ),
    );
    renderRoute(Component, { path: PATH, url: '/acme/app/settings/branches' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
