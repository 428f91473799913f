// Branch protection journey against the real server: an admin adds a rule through the settings
// form (the preview shows which branches it will protect), the branch list badges them, and a
// push to a protected branch through the real git CLI is refused with the rule's reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, apiAs, signInWithCookie } from './fixtures';

test('a rule made in the form protects the branches its preview shows, and git push is refused with its reason', async ({ page, request, baseURL }) => {
  const owner = await createUser(request, 'prot');
  const name = rand('guarded');
  await createRepo(request, owner, { name, auto_init: true });
  for (const b of ['release/1.0', 'release/2.0', 'feature/login']) {
    await apiAs(request, owner, 'POST', `/repos/${owner.username}/${name}/branches`, { new_branch_name: b });
  }
  // A status on main's head, so the form can offer its context.
  const main = await apiAs<{ commit: { id: string } }>(request, owner, 'GET', `/repos/${owner.username}/${name}/branches/main`);
  await apiAs(request, owner, 'POST', `/repos/${owner.username}/${name}/statuses/${main.commit.id}`, {
    state: 'success',
    context: 'ci/build',
    description: 'green',
  });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${name}/settings`);
  await screenshots(page, 'branch-protection-settings-nav');
  // The settings row's "Branches" (Gitea's name), not the repository tab of the same name.
  await page.getByRole('link', { name: 'Branches', exact: true }).and(page.locator('[href$="/settings/branches"]')).click();
  await expect(page.getByRole('heading', { name: 'Branch protection' })).toBeVisible();
  await expect(page.getByText('No protection rules')).toBeVisible();
  await page.getByRole('link', { name: 'Add rule' }).click();

  const ruleName = page.getByLabel('Branch name or pattern');
  await ruleName.fill('release/*');
  const preview = page.getByRole('status', { name: 'Matching branches' });
  await expect(preview).toContainText('Matches 2 existing branches');
  await expect(preview.getByRole('listitem')).toHaveText(['release/1.0', 'release/2.0']);
  await ruleName.fill('release/**');
  await expect(preview.getByRole('listitem')).toHaveText(['release/1.0', 'release/2.0']);
  await ruleName.fill('release/*');

  // Push stays disabled (the default); merges need one approval and a green ci/build.
  await expect(page.getByRole('radio', { name: /Disable push/ })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Require status checks to pass before merging' }).check();
  await page.getByRole('button', { name: 'Add context ci/build' }).click();
  await page.getByLabel('Required approvals').fill('1');
  await page.getByRole('button', { name: 'Create rule' }).click();

  const rule = page.getByRole('listitem', { name: 'Rule release/*' });
  await expect(rule).toContainText('No pushes');
  await expect(rule).toContainText('Checks: ci/build');
  await expect(rule).toContainText('1 approval');
  const saved = await apiAs(request, owner, 'GET', `/repos/${owner.username}/${name}/branch_protections/${encodeURIComponent('release/*')}`);
  expect(saved).toMatchObject({
    rule_name: 'release/*',
    enable_push: false,
    enable_status_check: true,
    status_check_contexts: ['ci/build'],
    required_approvals: 1,
  });
  await screenshots(page, 'branch-protection-list');

  await rule.getByRole('link', { name: 'Edit rule release/*' }).click();
  await expect(page.getByRole('heading', { name: 'Edit rule release/*' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Matching branches' }).getByRole('listitem')).toHaveText(['release/1.0', 'release/2.0']);
  await screenshots(page, 'branch-protection-form');

  // The branch list badges the protected branches with their rule; even the owner may not push there.
  await page.goto(`/${owner.username}/${name}/branches`);
  const release = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'release/1.0', exact: true }) });
  await expect(release.getByTitle('Protected by rule release/*', { exact: true })).toBeVisible();
  await expect(release.getByRole('button', { name: 'Delete branch release/1.0' })).toBeDisabled();
  const feature = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'feature/login', exact: true }) });
  await expect(feature.getByRole('button', { name: 'Delete branch feature/login' })).toBeEnabled();
  await expect(feature).not.toContainText('Protected');
  await screenshots(page, 'branch-protection-branches');

  // A push to release/1.0 through the real git CLI: refused, with the rule named in git's output.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-protect-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', '--branch', 'release/1.0', cloneUrl(baseURL, owner, name), 'repo');
  fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), 'A change straight to a release branch\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Sneak a change in');
  const before = await apiAs<{ commit: { id: string } }>(
    request,
    owner,
    'GET',
    `/repos/${owner.username}/${name}/branches/${encodeURIComponent('release/1.0')}`,
  );
  const push = spawnSync('git', ['push', 'origin', 'release/1.0'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: work },
  });
  expect(push.status, push.stderr).not.toBe(0);
  expect(push.stderr).toContain('Not allowed to push to protected branch release/1.0');
  expect(push.stderr).toContain('release/*');
  const after = await apiAs<{ commit: { id: string } }>(
    request,
    owner,
    'GET',
    `/repos/${owner.username}/${name}/branches/${encodeURIComponent('release/1.0')}`,
  );
  expect(after.commit.id).toBe(before.commit.id);

  // An unprotected branch still takes pushes.
  git(dir, 'push', '--quiet', 'origin', 'HEAD:feature/login');
  fs.rmSync(work, { recursive: true, force: true });
});
