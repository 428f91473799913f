// Forks in Chromium against the real server and real git: a second user forks a repository
// through the form, pushes a branch to the fork with the git CLI, syncs the fork with upstream,
// opens a pull request from the fork on the parent's compare page, and the parent's owner merges
// it and finds the fork's commit in the parent's history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, type SeedUser, signInWithCookie } from './fixtures';

/** Clones owner/repo as `user` into a temp folder; returns its work tree and a cleanup. */
function clone(baseURL: string | undefined, user: SeedUser, owner: string, repo: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-forks-'));
  const url = new URL(cloneUrl(baseURL, user, repo));
  url.pathname = `/${owner}/${repo}.git`;
  git(work, 'clone', '--quiet', url.toString(), 'repo');
  return { dir: path.join(work, 'repo'), done: () => fs.rmSync(work, { recursive: true, force: true }) };
}

function commitFile(dir: string, file: string, text: string, message: string) {
  fs.writeFileSync(path.join(dir, file), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', message);
}

test('fork through the UI, push to the fork, sync it, open a pull request from it and merge it in the parent', async ({ page, browser, request, baseURL }) => {
  const owner = await createUser(request, 'upstream');
  const contributor = await createUser(request, 'forker');
  const name = rand('greeter');
  await createRepo(request, owner, { name, auto_init: true, readme: 'Default', description: 'Greets people' });

  // The contributor forks it through the header's Fork button and the form.
  await signInWithCookie(page, contributor);
  await page.goto(`/${owner.username}/${name}`);
  await expect(page.getByRole('link', { name: '0 forks, see forks' })).toBeVisible();
  await page.getByRole('link', { name: 'Fork', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/fork$`));
  const form = page.getByRole('form', { name: 'New fork' });
  await expect(form.getByLabel('Owner')).toHaveValue(contributor.username);
  await expect(form.getByRole('textbox', { name: 'Repository name' })).toHaveValue(name);
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Greets people');
  await screenshots(page, 'fork-form');
  await form.getByRole('button', { name: 'Fork repository' }).click();

  await expect(page).toHaveURL(new RegExp(`/${contributor.username}/${name}$`));
  await expect(page.getByText(`forked from ${owner.username}/${name}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upstream' })).toContainText(`This branch is up to date with ${owner.username}/${name}:main.`);

  // A second fork: the header's button offers the existing one, and with no organization there is nowhere else to fork to.
  await page.goto(`/${owner.username}/${name}`);
  await page.getByRole('button', { name: 'Fork', exact: true }).click();
  await expect(page.getByRole('link', { name: `${contributor.username}/${name}` })).toHaveAttribute('href', `/${contributor.username}/${name}`);
  await page.getByRole('link', { name: 'Create a new fork' }).click();
  await expect(page.getByRole('heading', { name: 'Nowhere to fork to' })).toBeVisible();
  // The API itself refuses a second fork into the same owner, as Gitea does.
  const again = await request.post(`/api/v1/repos/${owner.username}/${name}/forks`, {
    headers: { Authorization: `token ${contributor.token}` },
    data: { name: `${name}-2` },
  });
  expect(again.status()).toBe(409);

  // The parent lists the fork, reached from its count.
  await page.goto(`/${owner.username}/${name}`);
  await page.getByRole('link', { name: '1 fork, see forks' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/forks$`));
  await expect(
    page.getByRole('list', { name: `Forks of ${owner.username}/${name}` }).getByRole('link', { name: `${contributor.username} / ${name}` }),
  ).toBeVisible();
  await screenshots(page, 'forks-list');

  // The contributor pushes a branch to the fork; the owner moves the parent's main on.
  const fork = clone(baseURL, contributor, contributor.username, name);
  git(fork.dir, 'checkout', '--quiet', '-b', 'feature/french');
  commitFile(fork.dir, 'bonjour.txt', 'Bonjour !\n', 'Greet in French');
  git(fork.dir, 'push', '--quiet', 'origin', 'feature/french');
  fork.done();
  const up = clone(baseURL, owner, owner.username, name);
  commitFile(up.dir, 'CHANGELOG.md', '# Changes\n', 'Start a changelog');
  git(up.dir, 'push', '--quiet', 'origin', 'main');
  up.done();

  // The fork's main is now behind the parent's: sync it.
  await page.goto(`/${contributor.username}/${name}`);
  const banner = page.getByRole('region', { name: 'Upstream' });
  await expect(banner).toContainText(`This branch is 1 commit behind ${owner.username}/${name}:main.`);
  // The push suggestion on a fork proposes the branch to the parent.
  await expect(page.getByRole('region', { name: 'Recent push' }).getByRole('link', { name: 'Compare & pull request' })).toHaveAttribute(
    'href',
    `/${owner.username}/${name}/compare/main...${contributor.username}:feature/french`,
  );
  await screenshots(page, 'fork-sync-banner');
  await banner.getByRole('button', { name: 'Sync with upstream' }).click();
  await expect(banner.getByRole('status')).toContainText(`Synced: main was fast-forwarded to ${owner.username}/${name}:main.`);
  await expect(banner).toContainText(`This branch is up to date with ${owner.username}/${name}:main.`);
  await expect(page.getByRole('link', { name: 'CHANGELOG.md' })).toBeVisible();

  // The parent has no feature/french branch, so that branch shows no upstream line.
  await page.goto(`/${contributor.username}/${name}/src/branch/feature/french`);
  await expect(page.getByRole('link', { name: 'bonjour.txt' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upstream' })).toHaveCount(0);

  // Compare on the fork opens the parent's compare page; pick the fork's branch as the head.
  await page.goto(`/${contributor.username}/${name}/compare`);
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/compare/main\\.\\.\\.${contributor.username}:main$`));
  const group = page.getByRole('group', { name: 'Branches to compare' });
  await expect(group.getByLabel('base repository:').locator('option:checked')).toHaveText(`${owner.username}/${name}`);
  await expect(group.getByLabel('head repository:').locator('option:checked')).toHaveText(`${contributor.username}/${name}`);
  await group.getByRole('button', { name: /compare:/ }).click();
  await page.getByRole('list', { name: 'compare branches' }).getByRole('button', { name: 'feature/french' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/compare/main\\.\\.\\.${contributor.username}:feature/french$`));
  await expect(page.getByRole('heading', { name: '1 commit' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Changed files' }).getByText('bonjour.txt')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Greet in French');
  await screenshots(page, 'compare-forks');
  await page.getByRole('button', { name: 'Create pull request' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/pulls/1$`));

  // The parent's owner merges it and sees the fork's commit in the parent's history.
  const ownerPage = await browser.newPage();
  await signInWithCookie(ownerPage, owner);
  await ownerPage.goto(`/${owner.username}/${name}/pulls/1`);
  const merge = ownerPage.getByRole('form', { name: 'Merge pull request' });
  await merge.getByLabel('Merge style').selectOption({ label: 'Create merge commit' });
  await merge.getByRole('button', { name: 'Create merge commit' }).click();
  await expect(ownerPage.getByText('Merged', { exact: true }).first()).toBeVisible();
  await ownerPage.goto(`/${owner.username}/${name}/commits/branch/main`);
  await expect(ownerPage.getByRole('link', { name: 'Greet in French', exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: /^Merge pull request 'Greet in French' \(#1\)/ })).toBeVisible();
  await ownerPage.close();
});
