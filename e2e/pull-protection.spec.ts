// A pull request under branch protection, in Chromium against the real server and the real git:
// a rule on main requires one approval and a passing ci/build; the merge box lists both unmet
// rules and keeps Merge disabled; a second user approves and a CI posts the status over the API;
// the box clears by itself (it looks again while blocked); the owner merges through the UI and
// main moves to the merge commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, apiAs, signInWithCookie } from './fixtures';

test('a pull request blocked by branch protection until approved and checked, then merged', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await createUser(request, 'keeper');
  const reviewer = await createUser(request, 'reviewer');
  const repo = rand('guarded');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'PUT', `${base}/collaborators/${reviewer.username}`, { permission: 'write' }, 204);
  await apiAs(request, owner, 'POST', `${base}/branch_protections`, {
    rule_name: 'main',
    required_approvals: 1,
    enable_status_check: true,
    status_check_contexts: ['ci/build'],
  });
  const mainBefore = (await apiAs(request, owner, 'GET', `${base}/branches/main`)).commit.id as string;

  // A topic branch pushed with the real git.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-protect-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
  git(dir, 'checkout', '--quiet', '-b', 'guard-rails');
  fs.writeFileSync(path.join(dir, 'rails.txt'), 'Keep to the rails.\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add guard rails');
  git(dir, 'push', '--quiet', 'origin', 'guard-rails');
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });

  const pull = await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Add guard rails', head: 'guard-rails', base: 'main' });
  // The server says what blocks before anyone tries.
  const answer = await apiAs(request, owner, 'GET', `${base}/pulls/${pull.number}`);
  expect(answer.merge_blockers).toHaveLength(2);

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/pulls/${pull.number}`);
  const merge = page.getByRole('region', { name: 'Merge status' });
  await expect(merge.getByRole('heading')).toHaveText('Merging is blocked by branch protection');
  const protection = merge.getByRole('listitem', { name: 'Branch protection' });
  await expect(protection).toContainText('main is protected by the rule main.');
  const unmet = protection.getByRole('list', { name: 'Unmet rules' }).getByRole('listitem');
  // One line per unmet rule, as the server words them.
  await expect(unmet).toHaveText(answer.merge_blockers);
  await expect(unmet.filter({ hasText: /approv/i })).toHaveCount(1);
  await expect(unmet.filter({ hasText: /status|check/i })).toHaveCount(1);
  const form = merge.getByRole('form', { name: 'Merge pull request' });
  // ci/build has not reported yet: merging now is disabled, scheduling it is not.
  await expect(form.getByRole('button', { name: 'Create merge commit now' })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Merge when checks succeed' })).toBeEnabled();
  // The owner is the repository's admin: Gitea's "Merge anyway" is offered (and not used here).
  await expect(form.getByRole('button', { name: 'Merge anyway' })).toBeVisible();
  await screenshots(page, 'pull-protection-blocked');

  // Another user approves and the CI reports, both over the API, while the page stays open.
  await apiAs(request, reviewer, 'POST', `${base}/pulls/${pull.number}/reviews`, { event: 'APPROVED', body: 'Looks safe.' }, 200);
  await apiAs(request, owner, 'POST', `${base}/statuses/${head}`, { state: 'success', context: 'ci/build', description: 'Build passed' });
  await expect(protection).toContainText('All branch protection rules are met', { timeout: 30_000 });
  await expect(protection.getByRole('list', { name: 'Unmet rules' })).toHaveCount(0);
  await expect(merge.getByRole('heading')).toHaveText('This pull request can be merged', { timeout: 30_000 });
  await expect(form.getByRole('button', { name: 'Merge anyway' })).toHaveCount(0);
  await screenshots(page, 'pull-protection-ready');

  await form.getByRole('button', { name: 'Create merge commit' }).click();
  await expect(merge).toContainText(`${owner.username} merged commit`);

  // main moved to the merge commit, whose parents are the old main and the pull request's head.
  const merged = await apiAs(request, owner, 'GET', `${base}/pulls/${pull.number}`);
  expect(merged.merged).toBe(true);
  const mainAfter = (await apiAs(request, owner, 'GET', `${base}/branches/main`)).commit.id as string;
  expect(mainAfter).not.toBe(mainBefore);
  expect(mainAfter).toBe(merged.merge_commit_sha);
  const commit = await apiAs(request, owner, 'GET', `${base}/git/commits/${mainAfter}?stat=false&files=false&verification=false`);
  expect(commit.parents.map((p: { sha: string }) => p.sha)).toEqual([mainBefore, head]);
});
