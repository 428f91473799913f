// Journeys a forge user makes with a repository, in Chromium against the real server and real git.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, signIn, signInWithCookie, screenshots, rand, git, cloneUrl } from './fixtures';

test('create a repository with a README through the form and browse it', async ({ page, request }) => {
  const user = await createUser(request, 'creator');
  await signIn(page, user);
  const name = rand('docs');
  await page.goto('/repo/create');
  await page.getByLabel('Repository name').fill(name);
  await page.getByLabel('Description').fill('Notes made in a browser test');
  await page.getByLabel('Initialize repository').check();
  await page.getByRole('button', { name: /create repository/i }).click();

  await expect(page).toHaveURL(new RegExp(`/${user.username}/${name}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${user.username}\\s*/\\s*${name}`) })).toBeVisible();
  // The README is rendered as Markdown below the file list.
  const tree = page.getByRole('table');
  await expect(tree.getByRole('link', { name: 'README.md' })).toBeVisible();
  await expect(page.locator('.markdown h1, article h1').first()).toHaveText(name);
  await screenshots(page, 'repo-home');

  await tree.getByRole('link', { name: 'README.md' }).click();
  await expect(page).toHaveURL(/\/src\/branch\/main\/README\.md$/);
  await expect(page.getByRole('link', { name: 'Raw' })).toBeVisible();
  await screenshots(page, 'file-view');

  // The same name again: the error shows next to the field and the typed values stay.
  await page.goto('/repo/create');
  await page.getByLabel('Repository name').fill(name);
  await page.getByLabel('Description').fill('kept after the error');
  await page.getByRole('button', { name: /create repository/i }).click();
  await expect(page.getByText(/already exists/i)).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('kept after the error');
});

test('clone, commit and push with git, then read the commit and its diff in both layouts', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'pusher');
  const name = rand('app');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-git-'));
  const url = cloneUrl(baseURL, user, name);
  git(work, 'clone', '--quiet', url, 'repo');
  const repoDir = path.join(work, 'repo');
  fs.mkdirSync(path.join(repoDir, 'src'));
  fs.writeFileSync(path.join(repoDir, 'src', 'greet.ts'), 'export function greet(name: string) {\n  return `Hello, ${name}!`;\n}\n');
  fs.appendFileSync(path.join(repoDir, 'README.md'), '\nA line added by the browser test.\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '--quiet', '-m', 'Add a greeting\n\nWith a body that explains why.');
  git(repoDir, 'push', '--quiet', 'origin', 'main');
  const sha = git(repoDir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });

  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/commits/branch/main`);
  const link = page.getByRole('link', { name: 'Add a greeting' });
  await expect(link).toBeVisible();
  await screenshots(page, 'commits');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/commit/${sha}$`));
  await expect(page.getByText('With a body that explains why.')).toBeVisible();
  await expect(page.getByText('src/greet.ts').first()).toBeVisible();
  await expect(page.locator('.d2h-file-wrapper').first()).toBeVisible();
  await expect(page.locator('.d2h-ins').first()).toBeVisible();
  await screenshots(page, 'commit-unified');

  await page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: /split/i }).click();
  await expect(page).toHaveURL(/style=split/);
  await expect(page.locator('.d2h-file-side-diff').first()).toBeVisible();
  await screenshots(page, 'commit-split');
  await expect(page.getByRole('link', { name: /\.diff/ })).toHaveAttribute('href', new RegExp(`/git/commits/${sha}\\.diff$`));
});

test('make, rename and delete a branch', async ({ page, request }) => {
  const user = await createUser(request, 'brancher');
  const name = rand('branchy');
  await createRepo(request, user, { name, auto_init: true });
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/branches`);

  await page.getByRole('button', { name: 'New branch' }).click();
  const create = page.getByRole('dialog', { name: 'Create a branch' });
  await create.getByLabel('Branch name').fill('feature/login');
  await create.getByRole('button', { name: 'Create branch' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('link', { name: 'feature/login' })).toBeVisible();
  await screenshots(page, 'branches');

  await page.getByRole('button', { name: 'Rename branch feature/login' }).click();
  const rename = page.getByRole('dialog');
  await rename.getByLabel('New name').fill('feature/sign-in');
  await rename.getByRole('button', { name: /rename/i }).click();
  await expect(page.getByRole('link', { name: 'feature/sign-in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'feature/login' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete branch feature/sign-in' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete branch' });
  await expect(confirm).toContainText('feature/sign-in');
  await confirm.getByRole('button', { name: /delete/i }).click();
  await expect(page.getByRole('link', { name: 'feature/sign-in' })).toHaveCount(0);

  // The server agrees.
  const branches = await (await request.get(`/api/v1/repos/${user.username}/${name}/branches`, { headers: { Authorization: `token ${user.token}` } })).json();
  expect(branches.map((b: { name: string }) => b.name)).toEqual(['main']);
});

test('archive refuses writes with a clear message, unarchive, then delete the repository', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'archiver');
  const name = rand('old');
  await createRepo(request, user, { name, auto_init: true });
  await signInWithCookie(page, user);

  await page.goto(`/${user.username}/${name}/settings`);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText(/this repository is archived/i).first()).toBeVisible();
  await screenshots(page, 'settings-archived');

  // Writes are refused: the page offers none, and git is told why.
  await page.goto(`/${user.username}/${name}/branches`);
  await expect(page.getByText(/this repository is archived/i).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New branch' })).toHaveCount(0);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-archived-'));
  const url = cloneUrl(baseURL, user, name);
  git(work, 'clone', '--quiet', url, 'repo');
  fs.writeFileSync(path.join(work, 'repo', 'late.txt'), 'too late\n');
  git(path.join(work, 'repo'), 'add', '-A');
  git(path.join(work, 'repo'), 'commit', '--quiet', '-m', 'A late change');
  let pushError = '';
  try {
    git(path.join(work, 'repo'), 'push', '--quiet', 'origin', 'main');
  } catch (e) {
    pushError = String((e as { stderr?: string }).stderr ?? e);
  }
  fs.rmSync(work, { recursive: true, force: true });
  expect(pushError).toMatch(/archived/i);
  const refused = await request.post(`/api/v1/repos/${user.username}/${name}/branches`, {
    headers: { Authorization: `token ${user.token}` },
    data: { new_branch_name: 'late' },
  });
  expect(refused.status()).toBe(423);

  await page.goto(`/${user.username}/${name}/settings`);
  await page.getByRole('button', { name: 'Unarchive', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unarchive', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this repository' });
  const confirm = dialog.getByRole('button', { name: 'Delete this repository' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill(`${user.username}/${name}`);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  expect((await request.get(`/api/v1/repos/${user.username}/${name}`, { headers: { Authorization: `token ${user.token}` } })).status()).toBe(404);
});

test('a private repository is invisible to others, and explore keeps its filters in the URL', async ({ page, request }) => {
  const owner = await createUser(request, 'owner');
  const other = await createUser(request, 'other');
  const secret = rand('secret');
  const open = rand('open');
  await createRepo(request, owner, { name: secret, private: true, auto_init: true });
  await createRepo(request, owner, { name: open, auto_init: true, description: 'visible to all' });

  await signInWithCookie(page, other);
  await page.goto(`/${owner.username}/${secret}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto(`/explore/repos?q=${open}`);
  await expect(page.getByRole('link', { name: new RegExp(open) }).first()).toBeVisible();
  await expect(page.getByRole('searchbox').first()).toBeVisible();
  await screenshots(page, 'explore');
  await page.goto(`/explore/repos?q=${secret}`);
  await expect(page.getByText(/no repositories/i)).toBeVisible();
});
