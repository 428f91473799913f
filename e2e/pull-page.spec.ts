// The pull request page in Chromium against the real server: a branch pushed with the git CLI,
// a pull request opened over the API with a check and a comment, then its
// conversation and commits, and a squash merge through the merge box.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, apiAs, signInWithCookie } from './fixtures';

test('read a pull request, its commits, and squash-merge it', async ({ page, request, baseURL }) => {
  const owner = await createUser(request, 'puller');
  const repo = rand('search');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const base = `/repos/${owner.username}/${repo}`;

  // Two commits on a topic branch, pushed with the real git.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pull-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
  git(dir, 'checkout', '--quiet', '-b', 'add-search');
  fs.writeFileSync(path.join(dir, 'search.js'), 'export function search(items, q) {\n  return items.filter((i) => i.includes(q));\n}\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add a search function');
  fs.appendFileSync(path.join(dir, 'README.md'), '\n## Search\n\nCall `search(items, q)`.\n');
  git(dir, 'commit', '--quiet', '-am', 'Document search');
  git(dir, 'push', '--quiet', 'origin', 'add-search');
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });

  const pull = await apiAs(request, owner, 'POST', `${base}/pulls`, {
    title: 'Add a search function',
    head: 'add-search',
    base: 'main',
    body: 'Adds `search()` and documents it.\n\nFixes nothing yet.',
  });
  await apiAs(request, owner, 'POST', `${base}/statuses/${head}`, {
    state: 'success',
    context: 'ci/test',
    description: 'All 12 tests passed',
    target_url: 'https://ci.example.com/runs/1',
  });
  await apiAs(request, owner, 'POST', `${base}/issues/${pull.number}/comments`, { body: 'Ready for a look.' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/pulls/${pull.number}`);
  const title = page.getByRole('heading', { level: 1, name: /Add a search function/ });
  await expect(title).toContainText(`#${pull.number}`);
  const header = page.locator('header', { has: title });
  await expect(header).toContainText(`${owner.username} wants to merge 2 commits into main from add-search`);
  await expect(header.getByText('Open', { exact: true })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Pull request' });
  await expect(tabs.getByRole('link', { name: 'Commits 2' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Files changed 2' })).toBeVisible();

  const merge = page.getByRole('region', { name: 'Merge status' });
  await expect(merge.getByRole('listitem', { name: 'Checks' })).toContainText('All checks have passed');
  await expect(merge.getByRole('link', { name: 'Details of ci/test' })).toHaveAttribute('href', 'https://ci.example.com/runs/1');
  await expect(merge.getByRole('listitem', { name: 'Conflicts' })).toContainText('no conflicts');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Ready for a look.')).toBeVisible();
  await screenshots(page, 'pull-conversation');

  await tabs.getByRole('link', { name: /^Commits/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pulls/${pull.number}/commits$`));
  await expect(page.getByText('Add a search function', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Document search')).toBeVisible();
  await screenshots(page, 'pull-commits');

  await tabs.getByRole('link', { name: 'Conversation' }).click();
  const form = page.getByRole('form', { name: 'Merge pull request' });
  await form.getByLabel('Merge style').selectOption({ label: 'Create squash commit' });
  await expect(form.getByLabel('Commit title')).toHaveValue(`Add a search function (#${pull.number})`);
  await form.getByLabel('Delete branch after merge').check();
  await form.getByRole('button', { name: 'Create squash commit' }).click();

  await expect(header.getByText('Merged', { exact: true })).toBeVisible();
  await expect(merge).toContainText(`${owner.username} merged commit`);
  await expect(header).toContainText(`${owner.username} merged 2 commits into main from add-search`);
  // The branch went with the merge, so there is nothing left to delete.
  await expect(merge.getByRole('button', { name: 'Delete branch' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('deleted branch add-search');
  await screenshots(page, 'pull-merged');

  // What git made: one squash commit on main with the proposed title and one parent.
  const [last] = await apiAs(request, owner, 'GET', `${base}/commits?sha=main&limit=1`);
  expect(last.commit.message.split('\n')[0]).toBe(`Add a search function (#${pull.number})`);
  expect(last.parents).toHaveLength(1);
});
