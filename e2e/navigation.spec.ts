// Navigation as Gitea users expect it: a branch/tag switcher on Commits and Blame, a search box
// on the pull request list, a commit's .patch and .diff as text, and `git push` telling where to
// open a pull request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { apiAs, cloneUrl, createRepo, createUser, expect, git, rand, screenshots, test, signInWithCookie } from './fixtures';

function seedHistory(baseURL: string | undefined, user: { username: string; token: string; password: string }, name: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-nav-'));
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, name), 'repo');
  const dir = path.join(work, 'repo');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'first line\n');
  git(dir, 'add', 'notes.txt');
  git(dir, 'commit', '--quiet', '-m', 'Add notes on main');
  git(dir, 'tag', 'v1.0');
  git(dir, 'checkout', '--quiet', '-b', 'feature');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'first line\nfeature line\n');
  git(dir, 'commit', '--quiet', '-am', 'Extend notes on feature');
  git(dir, 'push', '--quiet', '--tags', 'origin', 'main');
  return dir;
}

test('switch branches and tags on Commits and Blame; read a commit as .patch and .diff', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'nav');
  const name = rand('nav');
  await createRepo(request, user, { name, auto_init: true });
  const dir = seedHistory(baseURL, user, name);
  git(dir, 'push', '--quiet', 'origin', 'feature');
  await signInWithCookie(page, user);

  await page.goto(`/${user.username}/${name}/commits/branch/main`);
  await expect(page.getByRole('link', { name: 'Add notes on main' })).toBeVisible();
  await page.getByRole('button', { name: /switch branch or tag/i }).click();
  await page.getByRole('dialog', { name: 'Switch branch or tag' }).getByRole('link', { name: 'feature' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/commits/branch/feature$`));
  await expect(page.getByRole('link', { name: 'Extend notes on feature' })).toBeVisible();
  await screenshots(page, 'commits-ref-switcher');

  await page.getByRole('button', { name: /switch branch or tag/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch branch or tag' });
  await dialog.getByRole('tab', { name: 'Tags' }).click();
  await dialog.getByRole('link', { name: 'v1.0' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/commits/tag/v1.0$`));
  await expect(page.getByRole('link', { name: 'Extend notes on feature' })).toHaveCount(0);

  // Blame keeps the file when the branch changes.
  await page.goto(`/${user.username}/${name}/blame/branch/main/notes.txt`);
  await expect(page.getByRole('region', { name: 'Blame of notes.txt' })).toContainText('first line');
  await page.getByRole('button', { name: /switch branch or tag/i }).click();
  await page.getByRole('dialog', { name: 'Switch branch or tag' }).getByRole('link', { name: 'feature' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/blame/branch/feature/notes.txt$`));
  await expect(page.getByRole('region', { name: 'Blame of notes.txt' })).toContainText('feature line');
  await screenshots(page, 'blame-ref-switcher');

  // A commit's .patch and .diff are the raw text, not the app.
  const [head] = await apiAs(request, user, 'GET', `/repos/${user.username}/${name}/commits?sha=feature&limit=1`);
  const patch = await request.get(`/${user.username}/${name}/commit/${head.sha}.patch`);
  expect(patch.status()).toBe(200);
  expect(patch.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await patch.text()).toContain('Subject: [PATCH] Extend notes on feature');
  await page.goto(`/${user.username}/${name}/commit/${head.sha}.diff`);
  await expect(page.locator('body')).toContainText('+feature line');
  await expect(page.locator('body')).not.toContainText('not valid JSON');
});

test('git push of a new branch prints the URL to open a pull request', async ({ request, baseURL }) => {
  const user = await createUser(request, 'pusher');
  const name = rand('push');
  await createRepo(request, user, { name, auto_init: true });
  const dir = seedHistory(baseURL, user, name);
  git(dir, 'push', '--quiet', 'origin', 'feature');
  git(dir, 'checkout', '--quiet', '-b', 'second');
  fs.writeFileSync(path.join(dir, 'second.txt'), 'two\n');
  git(dir, 'add', 'second.txt');
  git(dir, 'commit', '--quiet', '-m', 'Second branch');
  const r = spawnSync('git', ['push', 'origin', 'second'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
  expect(r.status).toBe(0);
  expect(r.stderr).toContain("remote: Create a new pull request for 'second':");
  expect(r.stderr).toMatch(new RegExp(`remote:\\s+http://[^\\s]+/${user.username}/${name}/compare/main\\.\\.\\.second`));
});

test('search the pull request list with words kept in the URL', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'prsearch');
  const name = rand('prs');
  await createRepo(request, user, { name, auto_init: true });
  const dir = seedHistory(baseURL, user, name);
  git(dir, 'push', '--quiet', 'origin', 'feature');
  git(dir, 'checkout', '--quiet', '-b', 'other', 'main');
  fs.writeFileSync(path.join(dir, 'other.txt'), 'other\n');
  git(dir, 'add', 'other.txt');
  git(dir, 'commit', '--quiet', '-m', 'Other');
  git(dir, 'push', '--quiet', 'origin', 'other');
  await apiAs(request, user, 'POST', `/repos/${user.username}/${name}/pulls`, { title: 'Teach the parser about zebras', head: 'feature', base: 'main' });
  await apiAs(request, user, 'POST', `/repos/${user.username}/${name}/pulls`, { title: 'Polish the footer', head: 'other', base: 'main' });
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/pulls`);
  await expect(page.getByRole('link', { name: 'Polish the footer' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search pull requests' }).fill('zebras');
  await page.getByRole('search', { name: 'Pull requests' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=zebras/);
  await expect(page.getByRole('link', { name: 'Teach the parser about zebras' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Polish the footer' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search pull requests' })).toHaveValue('zebras');
  await expect(page.getByRole('link', { name: 'Polish the footer' })).toHaveCount(0);
  await screenshots(page, 'pulls-search');
});
