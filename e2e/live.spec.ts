// Live pages and reactions (issue #20), with two browsers: what user A does over the API — a
// comment, a review, a push, a status, a merge, a reaction — shows on user B's open page within
// seconds, without a reload and without losing what B is typing; a "new comment" pill instead of a
// jump when the page would move; reacting through the picker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, createUser, createRepo, signIn, rand, git, cloneUrl, apiAs, type SeedUser } from './fixtures';

// "Within a second" on an idle machine; the budget leaves room for a loaded CI runner.
const LIVE = { timeout: 8_000 };
const shotDir = path.resolve('e2e/screenshots');

async function browserFor(browser: Browser, user: SeedUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Marks the document so a reload would be noticed (the mark would be gone). */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __live: number }).__live = 1));
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __live?: number }).__live)).toBe(1);

test('a comment and a reaction by A appear on B’s open issue page; B’s draft is kept', async ({ browser, request }) => {
  const a = await createUser(request, 'live-a');
  const b = await createUser(request, 'live-b');
  const repo = rand('live');
  await createRepo(request, a, { name: repo, auto_init: true });
  const base = `/repos/${a.username}/${repo}`;
  await apiAs(request, a, 'POST', `${base}/issues`, { title: 'Watch this page', body: 'Comments should arrive by themselves.' });

  const pageB = await browserFor(browser, b);
  await pageB.goto(`/${a.username}/${repo}/issues/1`);
  await expect(pageB.getByRole('heading', { level: 1, name: /Watch this page/ })).toBeVisible();
  await markNoReload(pageB);
  const box = pageB.getByRole('form', { name: 'Add a comment' }).getByRole('textbox', { name: 'Comment' });
  await box.fill('Half-written reply that must survive');

  await apiAs(request, a, 'POST', `${base}/issues/1/comments`, { body: 'A new comment from A.' });
  const timeline = pageB.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('A new comment from A.')).toBeVisible(LIVE);
  await expect(box).toHaveValue('Half-written reply that must survive');

  await apiAs(request, a, 'POST', `${base}/issues/1/reactions`, { content: 'rocket' });
  await expect(pageB.getByRole('button', { name: `rocket by ${a.username}` })).toBeVisible(LIVE);
  await apiAs(request, a, 'POST', `${base}/issues/1/labels`, { labels: [] }, 200);
  await stillSameDocument(pageB);
  await expect(box).toHaveValue('Half-written reply that must survive');
});

test('a long conversation: a new comment shows a pill instead of moving the page', async ({ browser, request }) => {
  const a = await createUser(request, 'pill-a');
  const b = await createUser(request, 'pill-b');
  const repo = rand('pill');
  await createRepo(request, a, { name: repo, auto_init: true });
  const base = `/repos/${a.username}/${repo}`;
  await apiAs(request, a, 'POST', `${base}/issues`, { title: 'A long discussion', body: 'Many comments follow.' });
  const para = 'This paragraph makes the conversation long enough to scroll. '.repeat(12);
  for (let i = 1; i <= 6; i++) await apiAs(request, a, 'POST', `${base}/issues/1/comments`, { body: `Comment ${i}\n\n${para}` });

  const pageB = await browserFor(browser, b);
  await pageB.goto(`/${a.username}/${repo}/issues/1`);
  await expect(pageB.getByText('Comment 6')).toBeVisible();
  await pageB.evaluate(() => window.scrollTo(0, 0));
  await markNoReload(pageB);
  const comment = await apiAs(request, a, 'POST', `${base}/issues/1/comments`, { body: 'Fresh news at the bottom.' });
  const pill = pageB.getByRole('button', { name: '1 new comment' });
  await expect(pill).toBeVisible(LIVE);
  expect(await pageB.evaluate(() => window.scrollY)).toBe(0);

  fs.mkdirSync(shotDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await pageB.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await pageB.setViewportSize({ width: 1280, height: 720 });
    await pageB.screenshot({ path: path.join(shotDir, `live-new-comment-pill-${theme}.png`) });
    await pageB.setViewportSize({ width: 390, height: 800 });
    await pageB.screenshot({ path: path.join(shotDir, `live-new-comment-pill-${theme}-phone.png`) });
  }
  await pageB.evaluate(() => document.documentElement.classList.remove('dark'));
  await pageB.setViewportSize({ width: 1280, height: 720 });

  await pill.click();
  await expect(pageB.locator(`#issuecomment-${comment.id}`)).toBeInViewport();
  await expect(pill).toBeHidden();
  await stillSameDocument(pageB);
});

test('a review, a push, a status and a merge by A appear on B’s open pull request page', async ({ browser, request, baseURL }) => {
  const a = await createUser(request, 'pr-a');
  const b = await createUser(request, 'pr-b');
  const repo = rand('livepr');
  await createRepo(request, a, { name: repo, auto_init: true });
  const base = `/repos/${a.username}/${repo}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-live-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, a, repo), 'repo');
  git(dir, 'checkout', '--quiet', '-b', 'topic');
  fs.writeFileSync(path.join(dir, 'one.txt'), 'one\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'First change');
  git(dir, 'push', '--quiet', 'origin', 'topic');
  const pull = await apiAs(request, a, 'POST', `${base}/pulls`, { title: 'Live pull request', head: 'topic', base: 'main' });

  const pageB = await browserFor(browser, b);
  await pageB.goto(`/${a.username}/${repo}/pulls/${pull.number}`);
  await expect(pageB.getByRole('heading', { level: 1, name: /Live pull request/ })).toBeVisible();
  await markNoReload(pageB);
  const box = pageB.getByRole('form', { name: 'Add a comment' }).getByRole('textbox', { name: 'Comment' });
  await box.fill('Still typing my review notes');
  const tabs = pageB.getByRole('navigation', { name: 'Pull request' });
  await expect(tabs.getByRole('link', { name: 'Commits 1' })).toBeVisible();

  await apiAs(request, a, 'POST', `${base}/pulls/${pull.number}/reviews`, { event: 'COMMENT', body: 'A review note from A.' }, 200);
  await expect(pageB.getByRole('region', { name: 'Timeline' }).getByText('A review note from A.')).toBeVisible(LIVE);

  fs.writeFileSync(path.join(dir, 'two.txt'), 'two\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Second change');
  git(dir, 'push', '--quiet', 'origin', 'topic');
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });
  await expect(tabs.getByRole('link', { name: 'Commits 2' })).toBeVisible(LIVE);

  await apiAs(request, a, 'POST', `${base}/statuses/${head}`, { state: 'success', context: 'ci/live', description: 'Green' });
  const merge = pageB.getByRole('region', { name: 'Merge status' });
  await expect(merge.getByRole('listitem', { name: 'Checks' })).toContainText('All checks have passed', LIVE);

  const merged = await request.post(`/api/v1${base}/pulls/${pull.number}/merge`, { headers: { Authorization: `token ${a.token}` }, data: { Do: 'merge' } });
  expect(merged.status()).toBe(200);
  await expect(merge.getByText('Merged', { exact: true })).toBeVisible(LIVE);
  await expect(box).toHaveValue('Still typing my review notes');
  await stillSameDocument(pageB);
});

test('reacting through the picker; the other browser sees it; pressing again takes it back', async ({ browser, request }) => {
  const a = await createUser(request, 'react-a');
  const b = await createUser(request, 'react-b');
  const repo = rand('react');
  await createRepo(request, a, { name: repo, auto_init: true });
  const base = `/repos/${a.username}/${repo}`;
  await apiAs(request, a, 'POST', `${base}/issues`, { title: 'React to this', body: 'Emoji welcome.' });
  const comment = await apiAs(request, a, 'POST', `${base}/issues/1/comments`, { body: 'And to this comment.' });
  await apiAs(request, a, 'POST', `${base}/issues/comments/${comment.id}/reactions`, { content: '+1' });

  const pageA = await browserFor(browser, a);
  const pageB = await browserFor(browser, b);
  await pageA.goto(`/${a.username}/${repo}/issues/1`);
  await pageB.goto(`/${a.username}/${repo}/issues/1`);

  const picker = pageB.getByRole('button', { name: 'Add reaction to issue description' });
  await picker.click();
  const menu = pageB.getByRole('menu', { name: 'Reactions' });
  await expect(menu.getByRole('menuitemcheckbox')).toHaveCount(8);
  await expect(menu.getByRole('menuitemcheckbox', { name: 'thumbs up' })).toBeFocused();
  await pageB.keyboard.press('ArrowRight');
  await menu.getByRole('menuitemcheckbox', { name: 'heart' }).click();
  const mine = pageB.getByRole('button', { name: `heart by ${b.username}` });
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expect(pageA.getByRole('button', { name: `heart by ${b.username}` })).toHaveAttribute('aria-pressed', 'false', LIVE);

  // The comment's reaction by A: B adds theirs by pressing it.
  const thumbs = pageB.getByRole('button', { name: `thumbs up by ${a.username}` });
  await expect(thumbs).toHaveAttribute('aria-pressed', 'false');
  await thumbs.click();
  await expect(pageB.getByRole('button', { name: `thumbs up by ${a.username}, ${b.username}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(pageA.getByRole('button', { name: `thumbs up by ${a.username}, ${b.username}` })).toBeVisible(LIVE);

  fs.mkdirSync(shotDir, { recursive: true });
  await picker.click();
  await expect(menu).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await pageB.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await pageB.setViewportSize({ width: 1280, height: 900 });
    await pageB.screenshot({ path: path.join(shotDir, `reactions-${theme}.png`) });
    await pageB.setViewportSize({ width: 390, height: 900 });
    await pageB.screenshot({ path: path.join(shotDir, `reactions-${theme}-phone.png`), fullPage: true });
  }
  await pageB.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(picker).toBeFocused();

  await mine.click();
  await expect(pageB.getByRole('button', { name: `heart by ${b.username}` })).toBeHidden();
  await expect(pageA.getByRole('button', { name: `heart by ${b.username}` })).toBeHidden(LIVE);
  expect((await apiAs(request, a, 'GET', `${base}/issues/1/reactions`)).length).toBe(0);
});
