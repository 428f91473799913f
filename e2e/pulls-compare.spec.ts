// Opening pull requests in Chromium against the real server and real git: push a branch, follow
// the repository page's suggestion to the compare page, create the pull request and land on it;
// and a conflicting branch shows why it cannot merge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, type SeedUser, signInWithCookie } from './fixtures';

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

  await signInWithCookie(page, user);
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
  await expect(page.getByRole('region', { name: 'Existing pull request' }).getByRole('link', { name: 'View pull request' })).toHaveAttribute(
    'href',
    `/${user.username}/${name}/pulls/1`,
  );
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

  await signInWithCookie(page, user);
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

/** A repository whose main has: the README, v1.0 (tagged), a changelog commit, v2.0 (annotated), and a fix. */
async function taggedRepo(request: Parameters<typeof createUser>[0], baseURL: string | undefined, prefix: string) {
  const user = await createUser(request, prefix);
  const name = rand('tagged');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });
  const wt = clone(baseURL, user, name);
  git(wt.dir, 'tag', 'v1.0');
  fs.writeFileSync(path.join(wt.dir, 'CHANGELOG.md'), '# Changelog\n\n## 2.0\n- Greets in French.\n');
  git(wt.dir, 'add', '-A');
  git(wt.dir, 'commit', '--quiet', '-m', 'Write the changelog for 2.0');
  git(wt.dir, 'tag', '-a', 'v2.0', '-m', 'Version 2.0');
  fs.appendFileSync(path.join(wt.dir, 'CHANGELOG.md'), '- Fixes a typo.\n');
  git(wt.dir, 'commit', '--quiet', '-am', 'Fix a typo in the changelog');
  git(wt.dir, 'push', '--quiet', '--follow-tags', 'origin', 'main');
  git(wt.dir, 'push', '--quiet', 'origin', 'v1.0');
  const shas = git(wt.dir, 'log', '--format=%H', 'main').trim().split('\n');
  wt.done();
  // Newest first: the fix, the changelog, the initial commit.
  return { user, name, fix: shas[0]!, changelog: shas[1]!, initial: shas[2]! };
}

test('compare two tags: from the tags page, the tag picker, and no pull request form', async ({ page, request, baseURL }) => {
  const { user, name } = await taggedRepo(request, baseURL, 'tagger');
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/tags`);
  await expect(page.getByRole('link', { name: 'Compare v2.0 with main' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/tags-compare-link-light.png' });
  await page.getByRole('link', { name: 'Compare v1.0 with main' }).click();
  await expect(page).toHaveURL(new RegExp(`/${user.username}/${name}/compare/v1\\.0\\.\\.\\.main$`));
  await expect(page.getByRole('heading', { name: '2 commits' })).toBeVisible();

  // The compare side becomes the v2.0 tag through the picker's Tags tab.
  await page.getByRole('button', { name: /compare:/ }).click();
  await page.getByRole('tab', { name: 'Tags' }).click();
  // The open picker, for people to look at (screenshots() reloads the page, which closes it).
  await page.screenshot({ path: 'e2e/screenshots/compare-tag-picker-light.png' });
  await page.getByRole('list', { name: 'compare tags' }).getByRole('button', { name: 'v2.0' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/v1\\.0\\.\\.\\.v2\\.0$`));
  await expect(page.getByRole('heading', { name: '1 commit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write the changelog for 2.0' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Changed files' }).getByText('CHANGELOG.md')).toBeVisible();
  await expect(page.getByText('A pull request needs a branch on both sides; v1.0 and v2.0 are tags.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create pull request' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show full diff' }).click();
  await expect(page.getByText('Greets in French.').first()).toBeVisible();
  // The typo fix came after v2.0: not part of this comparison.
  await expect(page.getByText('Fixes a typo.')).toHaveCount(0);
  await screenshots(page, 'compare-tags');

  // Typed by hand, the other way round: nothing new.
  await page.goto(`/${user.username}/${name}/compare/v2.0...v1.0`);
  await expect(page.getByRole('status')).toContainText('v2.0 is already up to date with all commits from v1.0.');
});

test('compare two commit SHAs typed into the URL and the picker, swap them, open a file at the commit', async ({ page, request, baseURL }) => {
  const { user, name, initial, changelog, fix } = await taggedRepo(request, baseURL, 'sha');
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/compare/${initial.slice(0, 7)}...${changelog}`);
  await expect(page.getByRole('heading', { name: '1 commit' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Branches to compare' }).getByRole('button', { name: /compare:/ })).toHaveText(
    new RegExp(`compare:${changelog.slice(0, 10)}`),
  );
  await expect(page.getByText(`A pull request needs a branch on both sides; ${initial.slice(0, 7)} and ${changelog.slice(0, 10)} are commits.`)).toBeVisible();

  // A SHA typed into the compare picker, then Enter.
  await page.getByRole('button', { name: /compare:/ }).click();
  await page.getByRole('textbox', { name: 'Find a compare branch or tag' }).fill(fix.slice(0, 12));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/compare/${initial.slice(0, 7)}\\.\\.\\.${fix.slice(0, 12)}$`));
  await expect(page.getByRole('heading', { name: '2 commits' })).toBeVisible();
  await page.getByRole('button', { name: 'Show full diff' }).click();
  await expect(page.getByText('Fixes a typo.').first()).toBeVisible();
  await screenshots(page, 'compare-shas');

  // Files of the diff open at the head commit.
  const fileLink = page.locator(`a[href$="/src/commit/${fix}/CHANGELOG.md"]`).first();
  await expect(fileLink).toBeVisible();

  await page.getByRole('button', { name: 'Swap base and compare branches' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/${fix.slice(0, 12)}\\.\\.\\.${initial.slice(0, 7)}(\\?diff=full)?$`));
  await expect(page.getByRole('status')).toContainText(`${fix.slice(0, 12)} is already up to date with all commits from ${initial.slice(0, 7)}.`);

  await page.goto(`/${user.username}/${name}/compare/${initial.slice(0, 7)}...${fix}?diff=full`);
  await page.locator(`a[href$="/src/commit/${fix}/CHANGELOG.md"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/src/commit/${fix}/CHANGELOG\\.md$`));
  await expect(page.getByText('Fixes a typo.').first()).toBeVisible();

  // From a commit page: what main gained since that commit.
  await page.goto(`/${user.username}/${name}/commit/${changelog}`);
  await page.getByRole('link', { name: 'Compare with main' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/${changelog}\\.\\.\\.main$`));
  await expect(page.getByRole('heading', { name: '1 commit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fix a typo in the changelog' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/compare-commit-main-light.png' });
});
