// The web app against a "Gitea 1.23" (issue #19): every request goes through the surface proxy
// (e2e/gitea/surface-proxy.ts), which answers 404 to this forge's extensions and strips what Gitea
// 1.23's API does not send. The app sees a remote server: it signs in with a token it revokes at
// sign-out, and every page works or explains what the server lacks, in words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, APIRequestContext } from '@playwright/test';
import { test, expect, createUser, createRepo, signIn, rand, git, cloneUrl, apiAs, screenshots, type SeedUser } from '../fixtures';
import { watch } from './watch';

async function pageFor(browser: Browser, user: SeedUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const w = watch(page);
  await signIn(page, user);
  return { page, w };
}

/** A repository with a README, a second file and a pushed topic branch `topic` changing `calc.js`. */
async function seedRepo(request: APIRequestContext, baseURL: string | undefined, owner: SeedUser) {
  const repo = rand('gitea');
  await createRepo(request, owner, { name: repo, auto_init: true, readme: 'Default', description: 'Seen through Gitea 1.23' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-gitea-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
  fs.writeFileSync(path.join(dir, 'README.md'), `# ${repo}\n\nA **calculator**.\n`);
  fs.writeFileSync(path.join(dir, 'calc.js'), 'export const add = (a, b) => a + b;\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add the calculator');
  git(dir, 'push', '--quiet', 'origin', 'main');
  git(dir, 'checkout', '--quiet', '-b', 'topic');
  fs.appendFileSync(path.join(dir, 'calc.js'), 'export const sub = (a, b) => a - b;\n');
  git(dir, 'commit', '--quiet', '-am', 'Subtract too');
  git(dir, 'push', '--quiet', 'origin', 'topic');
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });
  return { repo, head };
}

test('sign in with a token, browse code, releases and webhooks, code search explained, sign out revokes', async ({ page, request, baseURL }) => {
  const owner = await createUser(request, 'gitea');
  const { repo } = await seedRepo(request, baseURL, owner);
  await apiAs(request, owner, 'POST', `/repos/${owner.username}/${repo}/releases`, { tag_name: 'v1.0.0', name: 'First light', body: 'It **works**.' });
  const w = watch(page);

  await signIn(page, owner);
  // Not a cookie session: the app holds a token for this tab, as it must on another server.
  const kept = await page.evaluate(() => sessionStorage.getItem('forge.remote-token'));
  expect(JSON.parse(kept ?? '{}').login).toBe(owner.username);
  const tokenId = JSON.parse(kept ?? '{}').tokenId as number;
  await expect(page.getByRole('link', { name: `${owner.username}/${repo}` }).first()).toBeVisible();
  await w.check();

  await page.goto(`/${owner.username}/${repo}`);
  await expect(page.getByRole('link', { name: 'calc.js' })).toBeVisible();
  await expect(page.getByRole('heading', { name: repo, level: 1 }).last()).toBeVisible();
  await expect(page.getByText('calculator', { exact: true })).toBeVisible();
  await w.check();

  await page.getByRole('link', { name: 'calc.js' }).click();
  await expect(page.getByText('export const add = (a, b) => a + b;')).toBeVisible();
  await w.check();

  await page.goto(`/${owner.username}/${repo}/search?q=add`);
  await expect(page.getByText('This server does not offer code search')).toBeVisible();
  await w.check();

  await page.goto(`/${owner.username}/${repo}/releases`);
  await expect(page.getByRole('heading', { name: /First light/ })).toBeVisible();
  await expect(page.getByText('works', { exact: true })).toBeVisible();
  await w.check();

  await page.goto(`/${owner.username}/${repo}/settings/hooks`);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByLabel('Target URL').fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook http://127.0.0.1:9/hook' })).toBeVisible();
  await expect(page.getByText('This server does not offer the delivery history')).toBeVisible();
  await w.check();

  await page.getByRole('button', { name: `${owner.username} — user menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('forge.remote-token'))).toBeNull();
  // The token the app made at sign-in is gone from the account (Gitea lists tokens over Basic auth only).
  const basic = `Basic ${Buffer.from(`${owner.username}:${owner.password}`).toString('base64')}`;
  const tokens = await request.get(`/api/v1/users/${owner.username}/tokens`, { headers: { Authorization: basic } });
  expect(tokens.status()).toBe(200);
  expect(((await tokens.json()) as { id: number }[]).map((t) => t.id)).not.toContain(tokenId);
  await w.check();
});

test('issues, comments and reactions, the bell and the inbox, and new comments by polling', async ({ browser, request }) => {
  const owner = await createUser(request, 'gitea');
  const other = await createUser(request, 'gitea');
  const repo = rand('gitea');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const base = `/repos/${owner.username}/${repo}`;
  const issue = await apiAs(request, other, 'POST', `${base}/issues`, { title: 'The bell should ring', body: 'Seen from **Gitea**.' });

  const { page, w } = await pageFor(browser, owner);
  // Gitea has no event stream: the page polls instead, on the clock driven below.
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await w.check();
  await page.getByRole('link', { name: 'The bell should ring' }).click();
  await expect(page.getByRole('heading', { name: /The bell should ring/ })).toBeVisible();
  await expect(page.getByText('Gitea', { exact: true })).toBeVisible();

  const box = page.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill('Ringing now.');
  await box.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Ringing now.')).toBeVisible();

  await page.getByRole('button', { name: 'Add reaction to issue description' }).click();
  await page.getByRole('menu', { name: 'Reactions' }).getByRole('menuitemcheckbox', { name: 'heart' }).click();
  await expect(page.getByRole('button', { name: `heart by ${owner.username}` })).toHaveAttribute('aria-pressed', 'true');
  await w.check();

  await apiAs(request, other, 'POST', `${base}/issues/${issue.number}/comments`, { body: 'Heard it.' });
  await page.clock.fastForward(20_000);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Heard it.')).toBeVisible();
  await w.check();

  await page.goto(`/${owner.username}/${repo}/issues`);
  await expect(page.getByRole('link', { name: 'The bell should ring' })).toBeVisible();
  await w.check();
});

test('pull requests: the list with its filters and badges, conversation, files changed and merge', async ({ browser, request, baseURL }) => {
  const owner = await createUser(request, 'gitea');
  const reviewer = await createUser(request, 'gitea');
  const { repo, head } = await seedRepo(request, baseURL, owner);
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'PUT', `${base}/collaborators/${reviewer.username}`, { permission: 'write' }, 204);
  await apiAs(request, owner, 'POST', `${base}/branches`, { new_branch_name: 'release', old_ref_name: 'main' });
  const pull = await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Subtract too', head: 'topic', base: 'main', body: 'Adds `sub`.' });
  await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Subtract on release', head: 'topic', base: 'release' });
  await apiAs(request, owner, 'POST', `${base}/statuses/${head}`, { state: 'success', context: 'ci/test', description: 'All tests passed' });
  await apiAs(request, reviewer, 'POST', `${base}/pulls/${pull.number}/reviews`, { event: 'APPROVED', body: 'Looks right.' }, 200);

  const { page, w } = await pageFor(browser, owner);
  await page.goto(`/${owner.username}/${repo}/pulls`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Subtract too' }) });
  await expect(row.getByRole('img', { name: 'All checks passed' })).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  await w.check();

  // Gitea 1.23's list has no base_branch parameter: the app filters the page itself and says so.
  await page.goto(`/${owner.username}/${repo}/pulls?base=release`);
  await expect(page.getByRole('link', { name: 'Subtract on release' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subtract too' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText('This server does not filter pull requests by base branch');
  await w.check();
  await screenshots(page, 'gitea-pulls-base-filter');

  // A search with words keeps the base filter and the badges.
  await page.goto(`/${owner.username}/${repo}/pulls?q=Subtract&base=main`);
  await expect(row.getByRole('img', { name: 'All checks passed' })).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subtract on release' })).toHaveCount(0);
  await w.check();

  await row.getByRole('link', { name: 'Subtract too' }).click();
  const tabs = page.getByRole('navigation', { name: 'Pull request' });
  const merge = page.getByRole('region', { name: 'Merge status' });
  await expect(merge.getByRole('listitem', { name: 'Checks' })).toContainText('All checks have passed');
  await w.check();

  await tabs.getByRole('link', { name: /^Files changed/ }).click();
  await expect(page.getByText('export const sub = (a, b) => a - b;')).toBeVisible();
  await w.check();

  await tabs.getByRole('link', { name: 'Conversation' }).click();
  const form = page.getByRole('form', { name: 'Merge pull request' });
  await form.getByLabel('Merge style').selectOption({ label: 'Create merge commit' });
  await form.getByRole('button', { name: 'Create merge commit' }).click();
  const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: /Subtract too/ }) });
  await expect(header.getByText('Merged', { exact: true })).toBeVisible();
  expect((await apiAs(request, owner, 'GET', `${base}/pulls/${pull.number}`)).merged).toBe(true);
  await w.check();
});

test('every other page works or explains what Gitea lacks', async ({ browser, request, baseURL }) => {
  const owner = await createUser(request, 'gitea');
  const { repo, head } = await seedRepo(request, baseURL, owner);
  const org = rand('org');
  await apiAs(request, owner, 'POST', '/orgs', { username: org });
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'Lock me', body: 'Too heated.' });
  await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'bug', color: '#ee0701' });
  await apiAs(request, owner, 'POST', `${base}/milestones`, { title: 'v1' });
  const { page, w } = await pageFor(browser, owner);
  const r = `/${owner.username}/${repo}`;
  const pages = [
    '/',
    '/explore/repos',
    `/${owner.username}`,
    '/issues',
    '/pulls',
    `/${org}`,
    `/org/${org}/teams`,
    `/org/${org}/settings`,
    `${r}/blame/branch/main/calc.js`,
    `${r}/commits/branch/main`,
    `${r}/commit/${head}`,
    `${r}/branches`,
    `${r}/compare/main...topic`,
    `${r}/issues/new`,
    `${r}/milestones`,
    `${r}/activity`,
    `${r}/settings`,
    `${r}/settings/collaborators`,
    `${r}/settings/branches`,
    '/user/settings',
    '/user/settings/applications',
    '/user/settings/sessions',
    '/user/settings/account',
  ];
  for (const p of pages) {
    await page.goto(p, { waitUntil: 'networkidle' });
    await w.check(p);
  }

  // Locking a conversation is this forge's API: on Gitea the action says so in words.
  await page.goto(`${r}/issues/1`);
  await page.getByRole('button', { name: 'Lock conversation' }).click();
  await expect(page.getByText('This server does not offer locking conversations through its API')).toBeVisible();
  await w.check();
});
