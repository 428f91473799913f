// Opening pull requests in Chromium against the real server and real git: push a branch, follow
// the repository page's suggestion to the compare page, create the pull request and land on it;
// and a conflicting branch shows why it cannot merge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, signIn, screenshots, rand, git, cloneUrl, type SeedUser } from './fixtures';

/** Clones the repository into a temp folder; returns its work tree and a cleanup. */
function clone(baseURL: string | undefined, user: SeedUser, repo: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pulls-'));
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, repo), 'repo');
  return { dir: path.join(work, 'repo'), done: () => fs.rmSync(work, { recursive: true, force: true }) };
}

test('push a branch, follow the suggestion to the compare page and open the pull request', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'proposer');
  const name = rand('greeter');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });

  const wt = clone(baseURL, user, name);
  git(wt.dir, 'checkout', '--quiet', '-b', 'feature/greeting');
  fs.writeFileSync(path.join(wt.dir, 'greet.ts'), 'export const greet = (name: string) => `Hello, ${name}!`;\n');
  fs.appendFileSync(path.join(wt.dir, 'README.md'), '\nNow with a greeting.\n');
  git(wt.dir, 'add', '-A');
  git(wt.dir, 'commit', '--quiet', '-m', 'Add a greeting\n\nSo visitors feel welcome.');
  git(wt.dir, 'push', '--quiet', 'origin', 'feature/greeting');
  wt.done();

  await signIn(page, user);
  await page.goto(`/${user.username}/${name}`);
  const banner = page.getByRole('region', { name: 'Recent push' });
  await expect(banner).toContainText('feature/greeting had recent pushes');
  await screenshots(page, 'push-suggestion');
  await banner.getByRole('link', { name: 'Compare & pull request' }).click();

  await expect(page).toHaveURL(new RegExp(`/${user.username}/${name}/compare/main\\.\\.\\.feature/greeting$`));
  await expect(page.getByRole('status')).toContainText('These branches can be merged.');
  await expect(page.getByRole('heading', { name: '1 commit' })).toBeVisible();
  const files = page.getByRole('list', { name: 'Changed files' });
  await expect(files.getByText('greet.ts')).toBeVisible();
  await expect(files.getByText('README.md')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Add a greeting');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('So visitors feel welcome.');

  await page.getByRole('button', { name: 'Show full diff' }).click();
  await expect(page).toHaveURL(/\?diff=full$/);
  await expect(page.getByText('export const greet').first()).toBeVisible();
  await screenshots(page, 'compare');

  await page.getByRole('textbox', { name: 'Description' }).fill('So visitors feel welcome.\n\nTry it with **your** name.');
  await page.getByRole('button', { name: 'Create pull request' }).click();
  await expect(page).toHaveURL(new RegExp(`/${user.username}/${name}/pulls/1$`));
  await expect(page.getByText('Add a greeting').first()).toBeVisible();

  // The list shows it; the repository page no longer suggests a pull request for that branch.
  await page.goto(`/${user.username}/${name}/pulls`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Add a greeting' }) });
  await expect(row).toContainText(/#1 opened .* by/);
  await expect(row.getByLabel('from feature/greeting into main')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: /Pull requests/ })).toContainText('1');
  await screenshots(page, 'pulls-list');

  // Across repositories: created by me.
  await page.goto('/pulls');
  await expect(page.getByRole('link', { name: `${user.username}/${name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a greeting' })).toHaveAttribute('href', `/${user.username}/${name}/pulls/1`);
  await screenshots(page, 'your-pulls');

  await page.goto(`/${user.username}/${name}`);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent push' })).toHaveCount(0);

  // The same pair again links to the open pull request instead of offering a second one.
  await page.goto(`/${user.username}/${name}/compare/main...feature/greeting`);
  await expect(page.getByRole('region', { name: 'Existing pull request' }).getByRole('link', { name: 'View pull request' })).toHaveAttribute('href', `/${user.username}/${name}/pulls/1`);
  await expect(page.getByRole('button', { name: 'Create pull request' })).toHaveCount(0);
});

test('a conflicting branch shows on the compare page why it cannot merge', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'clasher');
  const name = rand('clash');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });

  const wt = clone(baseURL, user, name);
  git(wt.dir, 'checkout', '--quiet', '-b', 'rewrite');
  fs.writeFileSync(path.join(wt.dir, 'README.md'), '# Rewritten on the branch\n');
  git(wt.dir, 'commit', '--quiet', '-am', 'Rewrite the README');
  git(wt.dir, 'push', '--quiet', 'origin', 'rewrite');
  git(wt.dir, 'checkout', '--quiet', 'main');
  fs.writeFileSync(path.join(wt.dir, 'README.md'), '# Rewritten on main\n');
  git(wt.dir, 'commit', '--quiet', '-am', 'Rewrite the README on main');
  git(wt.dir, 'push', '--quiet', 'origin', 'main');
  wt.done();

  await signIn(page, user);
  await page.goto(`/${user.username}/${name}/compare`);
  await expect(page.getByRole('heading', { name: 'Choose a branch to compare' })).toBeVisible();
  await page.getByRole('button', { name: /compare:/ }).click();
  await page.getByRole('button', { name: 'rewrite' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/main\\.\\.\\.rewrite$`));
  await expect(page.getByRole('status')).toContainText('Cannot be merged automatically: conflicts in README.md');
  // A conflict does not stop anyone from opening the pull request to resolve it there.
  await expect(page.getByRole('button', { name: 'Create pull request' })).toBeVisible();
  await screenshots(page, 'compare-conflict');
});
