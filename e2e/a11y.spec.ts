// axe on every route of src/app/router.tsx, with real data seeded over the API and git, in light
// and dark, signed in and (where pages differ) signed out. Any violation fails the test and is
// printed as rule, impact, help and the offending elements, so the fix is easy to find.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, type Violation } from './axe';
import { test, expect, createUser, createRepo, signIn, rand, git, cloneUrl, apiAs, screenshots, signInWithCookie, type SeedUser } from './fixtures';

// Each worker seeds its own data (random names) in beforeAll, so the audits can run in parallel.

interface Seed {
  owner: SeedUser;
  repo: string;
  org: string;
  issue: number;
  pull: number;
  sha: string;
  milestone: number;
  /** A pull request whose branch conflicts with main (the merge box's help), and a merged one whose branch is gone. */
  conflicting: number;
  merged: number;
  empty: string;
}
let seed: Seed;
const desktop = { width: 1280, height: 720 };
const phone = { width: 390, height: 844 };

test.beforeAll(async ({ request, baseURL }) => {
  const owner = await createUser(request, 'a11y');
  const repo = rand('site');
  await createRepo(request, owner, { name: repo, auto_init: true, description: 'A small site' });
  const base = `/repos/${owner.username}/${repo}`;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-a11y-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'app.ts'), 'export function greet(name: string) {\n  // Say hello.\n  return `Hello, ${name}!`;\n}\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add the greeting');
  git(dir, 'tag', 'v1.0.0');
  git(dir, 'push', '--quiet', 'origin', 'main', 'v1.0.0');
  const sha = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'checkout', '--quiet', '-b', 'shout');
  fs.writeFileSync(path.join(dir, 'src', 'app.ts'), 'export function greet(name: string) {\n  return `HELLO, ${name.toUpperCase()}!`;\n}\n');
  git(dir, 'commit', '--quiet', '-am', 'Shout the greeting');
  git(dir, 'push', '--quiet', 'origin', 'shout');
  // Two more branches from main: one that will conflict, one that will be merged and deleted.
  git(dir, 'checkout', '--quiet', '-b', 'whisper', 'main');
  fs.writeFileSync(path.join(dir, 'NOTES.md'), '# Quiet notes\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Whisper the notes');
  git(dir, 'push', '--quiet', 'origin', 'whisper');
  git(dir, 'checkout', '--quiet', '-b', 'docs', 'main');
  fs.writeFileSync(path.join(dir, 'NOTES.md'), '# Notes\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add notes');
  git(dir, 'push', '--quiet', 'origin', 'docs');
  fs.rmSync(work, { recursive: true, force: true });

  const label = await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'bug', color: '#d73a4a', description: 'Something is wrong' });
  const milestone = await apiAs(request, owner, 'POST', `${base}/milestones`, { title: 'v1.1', description: 'Next release' });
  const issue = await apiAs(request, owner, 'POST', `${base}/issues`, {
    title: 'Greeting is too quiet',
    body: 'Steps:\n\n- [x] open the page\n- [ ] read the greeting\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\ngreet("x")\n```',
    labels: [label.id],
    milestone: milestone.id,
  });
  await apiAs(request, owner, 'POST', `${base}/issues/${issue.number}/comments`, { body: 'Confirmed. See `src/app.ts`.' });
  await apiAs(request, owner, 'POST', `${base}/issues/${issue.number}/reactions`, { content: 'heart' });
  const pull = await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Shout the greeting', head: 'shout', base: 'main', body: 'Fixes #1' });
  await apiAs(request, owner, 'POST', `${base}/issues/${pull.number}/comments`, { body: 'Looks good.' });
  // Review threads: a range comment, a reply, and two threads on one line (landmark-unique).
  const thread = { path: 'src/app.ts', new_position: 2, old_position: 0 };
  await apiAs(
    request,
    owner,
    'POST',
    `${base}/pulls/${pull.number}/reviews`,
    {
      event: 'COMMENT',
      body: 'A few notes.',
      comments: [
        { ...thread, body: 'Lines 1–2\n\nShouting is rude.' },
        { path: 'src/app.ts', new_position: 0, old_position: 2, body: 'Keep the comment?' },
      ],
    },
    200,
  );
  await apiAs(request, owner, 'POST', `${base}/pulls/${pull.number}/reviews`, { event: 'COMMENT', body: '', comments: [{ ...thread, body: 'Agreed.' }] }, 200);
  const conflicting = await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Whisper the notes', head: 'whisper', base: 'main' });
  const merged = await apiAs(request, owner, 'POST', `${base}/pulls`, { title: 'Add notes', head: 'docs', base: 'main' });
  const m = await request.post(`/api/v1${base}/pulls/${merged.number}/merge`, {
    headers: { Authorization: `token ${owner.token}` },
    data: { Do: 'merge', delete_branch_after_merge: true },
  });
  expect(m.status()).toBe(200);
  // "docs", merged, added NOTES.md as "whisper" does: "whisper" now conflicts with main.
  const empty = rand('blank');
  await createRepo(request, owner, { name: empty });
  await apiAs(request, owner, 'POST', `${base}/branch_protections`, { rule_name: 'main', enable_push: false });

  const org = rand('guild');
  await apiAs(request, owner, 'POST', '/orgs', { username: org, full_name: 'The Guild', description: 'Makers' });
  await apiAs(request, owner, 'POST', `/orgs/${org}/repos`, { name: 'tools', auto_init: true });
  seed = {
    owner,
    repo,
    org,
    issue: issue.number,
    pull: pull.number,
    sha,
    milestone: milestone.id,
    conflicting: conflicting.number,
    merged: merged.number,
    empty,
  };
});

const report = (url: string, scheme: string, violations: Violation[]) =>
  violations.map(
    (v) =>
      `${url} (${scheme}): [${v.impact}] ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}\n      ${n.html.slice(0, 200)}`)
        .join('\n'),
  );

/**
 * Loads a route once, waits for its data, and runs axe on it in four modes: light at desktop width
 * (every rule), dark (the rules colours decide; the rest do not change with the theme), then at
 * phone width (390 px) light (every rule: the layout changes) and dark (colours).
 * Returns the violations as readable text.
 */
async function audit(page: Page, url: string): Promise<string[]> {
  await page.setViewportSize(desktop);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  // Lazy pieces (diff viewer, highlighter) show a spinner until ready.
  await expect(page.locator('[role=status]:has-text("Loading")')).toHaveCount(0);
  const found: string[] = [];
  for (const [width, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
    const light = await axeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // No colour may be caught half-way through a transition the theme flip started.
    await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
    const dark = await axeViolations(page, { rules: ['color-contrast', 'link-in-text-block'] });
    found.push(...report(url, `light, ${width}`, light), ...report(url, `dark, ${width}`, dark));
  }
  return found;
}

function signedInRoutes(s: Seed) {
  const u = s.owner.username;
  const r = `/${u}/${s.repo}`;
  return [
    '/',
    '/explore/repos',
    '/explore',
    '/explore/users',
    '/explore/organizations',
    '/user/settings',
    '/user/settings/keys',
    '/user/settings/applications',
    '/user/settings/sessions',
    '/repo/create',
    '/issues',
    '/pulls',
    '/org/create',
    `/${s.org}`,
    `/org/${s.org}/members`,
    `/org/${s.org}/teams`,
    `/org/${s.org}/teams/new`,
    `/org/${s.org}/teams/owners`,
    `/org/${s.org}/settings`,
    `/org/${s.org}/repo/create`,
    `/${u}`,
    r,
    `${r}/src/branch/main/src`,
    `${r}/src/branch/main/src/app.ts`,
    `${r}/commits/branch/main`,
    `${r}/blame/branch/main/src/app.ts`,
    `${r}/tags`,
    `${r}/commit/${s.sha}`,
    `${r}/branches`,
    `${r}/settings`,
    `${r}/settings/collaborators`,
    `/${s.org}/tools/settings/access`,
    `${r}/settings/branches`,
    `${r}/settings/branches/edit`,
    `${r}/settings/branches/edit?rule_name=main`,
    `${r}/settings/hooks`,
    `${r}/settings/hooks?hook=new`,
    `/org/${s.org}/settings/hooks`,
    `${r}/activity`,
    `${r}/stars`,
    `${r}/forks`,
    `${r}/fork`,
    `${r}/issues`,
    `${r}/issues/new`,
    `${r}/issues/${s.issue}`,
    `${r}/pulls`,
    `${r}/pulls?q=shout`,
    `${r}/compare`,
    `${r}/compare/main...shout`,
    `${r}/pulls/${s.pull}`,
    `${r}/pulls/${s.pull}/commits`,
    `${r}/pulls/${s.pull}/files`,
    `${r}/pulls/${s.conflicting}`,
    `${r}/pulls/${s.merged}`,
    `/${u}/${s.empty}`,
    `${r}/labels`,
    `${r}/milestones`,
    `${r}/milestone/${s.milestone}`,
    `${r}/_edit/main/src/app.ts`,
    `${r}/_edit/main/src/app.ts?tab=preview`,
    `${r}/_new/main/src`,
    `${r}/_upload/main/src`,
    `${r}/_delete/main/src/app.ts`,
    `${r}/no/such/page`,
    '/no-such-user-here/x/y/z',
    '/user/settings/account',
    `${r}/releases`,
    `${r}/releases/new`,
    `${r}/search?q=const`,
    '/notifications',
    '/notifications?status=read',
    `${r}/pulls?q=shout&base=main`,
  ];
}

function signedOutRoutes(s: Seed) {
  const r = `/${s.owner.username}/${s.repo}`;
  return [
    '/',
    '/explore/repos',
    '/user/login',
    `/${s.owner.username}`,
    `/${s.org}`,
    r,
    `${r}/src/branch/main/src/app.ts`,
    `${r}/issues`,
    `${r}/issues/${s.issue}`,
    `${r}/pulls/${s.pull}`,
    `${r}/pulls/${s.pull}/files`,
    '/user/sign_up',
    `${r}/releases`,
    `${r}/search?q=const`,
  ];
}

// Signed-in pages in five parts, so the two workers share the audits evenly.
const parts = 5;
const audits = [{ signedIn: false, part: 0, of: 1 }, ...Array.from({ length: parts }, (_, part) => ({ signedIn: true, part, of: parts }))];
for (const { signedIn, part, of } of audits) {
  const name = `axe finds no violation in light and dark, ${signedIn ? 'signed in' : 'signed out'}${of > 1 ? `, pages part ${part + 1} of ${of}` : ''}`;
  test(name, async ({ browser }) => {
    test.setTimeout(600_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signedIn) await signInWithCookie(page, seed.owner);
    const routes = signedIn ? signedInRoutes(seed) : signedOutRoutes(seed);
    const size = Math.ceil(routes.length / of);
    const found: string[] = [];
    for (const url of routes.slice(part * size, (part + 1) * size)) found.push(...(await audit(page, url)));
    await context.close();
    expect(found.length, `axe violations:\n\n${found.join('\n\n')}`).toBe(0);
  });
}

test('menus move with the arrow keys and close with Escape, in Chromium', async ({ page }) => {
  await signIn(page, seed.owner);
  const issueUrl = `/${seed.owner.username}/${seed.repo}/issues/${seed.issue}`;
  await page.goto(issueUrl);
  await screenshots(page, 'a11y-issue');

  // The comment's "…" menu: ArrowDown on the button opens it on the first item.
  const commentMenu = page.getByRole('button', { name: `Actions for comment by ${seed.owner.username}` });
  await commentMenu.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(commentMenu).toBeFocused();

  // The user menu.
  const userMenu = page.getByRole('button', { name: `${seed.owner.username} — user menu` });
  await userMenu.click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu.getByRole('menuitem', { name: 'Your profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Your issues' })).toBeFocused();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `e2e/screenshots/a11y-user-menu-${colorScheme}.png` });
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(userMenu).toBeFocused();

  // The "+" menu, inside a repository: its own new issue and pull request come first.
  await page.emulateMedia({ colorScheme: 'light' });
  const create = page.getByRole('button', { name: 'Create…' });
  await create.focus();
  await page.keyboard.press('ArrowDown');
  const createMenu = page.getByRole('menu', { name: 'Create' });
  await expect(createMenu.getByRole('menuitem')).toHaveText(['New issue', 'New pull request', 'New repository', 'New organization']);
  await expect(createMenu.getByRole('menuitem', { name: 'New issue' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(createMenu.getByRole('menuitem', { name: 'New organization' })).toBeFocused();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: 'e2e/screenshots/a11y-create-menu-phone.png' });
  await page.keyboard.press('Escape');
  await expect(createMenu).toHaveCount(0);
  await expect(create).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  // A filter menu of the issue list.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/${seed.owner.username}/${seed.repo}/issues`);
  // The label choices load after the page: open the menu once they are there.
  await page.waitForLoadState('networkidle');
  const labelFilter = page.locator('summary', { hasText: /^Label/ });
  await labelFilter.focus();
  await page.keyboard.press('ArrowDown');
  const panel = page.locator('details[open] > div');
  await expect(panel.locator('input, button, a').first()).toBeFocused();
  await page.screenshot({ path: 'e2e/screenshots/a11y-filter-menu-light.png' });
  await page.keyboard.press('Escape');
  await expect(page.locator('details[open]')).toHaveCount(0);
  await expect(labelFilter).toBeFocused();
});
