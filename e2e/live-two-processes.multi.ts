// Live pages across server processes (issue #20), run by playwright.multi.config.ts: two forge
// processes on one PostgreSQL behind a round-robin proxy. A reads on process 1, B works on
// process 2 and through the proxy (so B's writes land on either process): B's comment, review,
// push, label and merge reach A's open pull request page, pull request list, merge box and bell
// through PostgreSQL's LISTEN/NOTIFY, without a reload and without losing A's draft.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, createUser, createRepo, signIn, rand, git, apiAs, type SeedUser } from './fixtures';

const first = Number(process.env.E2E_PORT ?? 3190);
const processOne = `http://127.0.0.1:${first}`;
const processTwo = `http://127.0.0.1:${first + 1}`;

async function signedIn(browser: Browser, baseURL: string, user: SeedUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Marks the document so a reload would be noticed (the mark would be gone). */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __live: number }).__live = 1));
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __live?: number }).__live)).toBe(1);

/** A clone URL through the proxy for `user` of `owner`'s repository. */
function cloneVia(baseURL: string, owner: SeedUser, repo: string, user: SeedUser) {
  const url = new URL(`/${owner.username}/${repo}.git`, baseURL);
  url.username = user.username;
  url.password = user.token;
  return url.toString();
}

test('B’s comment, review, push, label and merge on the other process reach A’s open pages and bell', async ({ browser, request, baseURL }) => {
  const a = await createUser(request, 'two-a');
  const b = await createUser(request, 'two-b');
  const repo = rand('twoproc');
  await createRepo(request, a, { name: repo, auto_init: true });
  const api = `/repos/${a.username}/${repo}`;
  await apiAs(request, a, 'PUT', `${api}/collaborators/${b.username}`, { permission: 'write' }, 204);
  const label = await apiAs(request, a, 'POST', `${api}/labels`, { name: 'live-label', color: '#0e8a16' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-two-'));
  const dir = path.join(work, 'repo');
  try {
    git(work, 'clone', '--quiet', cloneVia(baseURL!, a, repo, a), 'repo');
    git(dir, 'checkout', '--quiet', '-b', 'topic');
    fs.writeFileSync(path.join(dir, 'one.txt'), 'one\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '--quiet', '-m', 'First change');
    git(dir, 'push', '--quiet', 'origin', 'topic');
    const pull = await apiAs(request, a, 'POST', `${api}/pulls`, { title: 'Across two processes', head: 'topic', base: 'main' });

    // A on process 1: the pull request list in one tab, the pull request with a draft in another.
    const pageA = await signedIn(browser, processOne, a);
    const listA = await pageA.context().newPage();
    await listA.goto(`/${a.username}/${repo}/pulls`);
    const list = listA.getByRole('region', { name: 'Pull requests' });
    await expect(list.getByRole('link', { name: 'Across two processes' })).toBeVisible();
    await pageA.goto(`/${a.username}/${repo}/pulls/${pull.number}`);
    await expect(pageA.getByRole('heading', { level: 1, name: /Across two processes/ })).toBeVisible();
    await expect(pageA.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await markNoReload(pageA);
    await markNoReload(listA);
    const draft = pageA.getByRole('form', { name: 'Add a comment' }).getByRole('textbox', { name: 'Comment' });
    await draft.fill('A’s half-written answer');
    const timeline = pageA.getByRole('region', { name: 'Timeline' });

    // B on process 2 comments through the page.
    const pageB = await signedIn(browser, processTwo, b);
    await pageB.goto(`/${a.username}/${repo}/pulls/${pull.number}`);
    const boxB = pageB.getByRole('form', { name: 'Add a comment' }).getByRole('textbox', { name: 'Comment' });
    await boxB.fill('B writes from process two.');
    await boxB.press('Control+Enter');
    await expect(pageB.getByRole('region', { name: 'Timeline' }).getByText('B writes from process two.')).toBeVisible();
    await expect(timeline.getByText('B writes from process two.')).toBeVisible();
    await expect(pageA.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    // A review, a push, a label and the merge by B through the proxy (either process).
    await apiAs(request, b, 'POST', `${api}/pulls/${pull.number}/reviews`, { event: 'COMMENT', body: 'B’s review across processes.' }, 200);
    await expect(timeline.getByText('B’s review across processes.')).toBeVisible();

    git(dir, 'remote', 'set-url', 'origin', cloneVia(baseURL!, a, repo, b));
    fs.writeFileSync(path.join(dir, 'two.txt'), 'two\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '--quiet', '-m', 'Second change by B');
    git(dir, 'push', '--quiet', 'origin', 'topic');
    await expect(pageA.getByRole('navigation', { name: 'Pull request' }).getByRole('link', { name: 'Commits 2' })).toBeVisible();

    await apiAs(request, b, 'POST', `${api}/issues/${pull.number}/labels`, { labels: [label.id] }, 200);
    await expect(list.getByRole('link', { name: 'Label: live-label' })).toBeVisible();
    await expect(timeline.getByText('live-label')).toBeVisible();

    const merged = await request.post(`/api/v1${api}/pulls/${pull.number}/merge`, { headers: { Authorization: `token ${b.token}` }, data: { Do: 'merge' } });
    expect(merged.status(), await merged.text()).toBe(200);
    await expect(pageA.getByRole('region', { name: 'Merge status' }).getByText('Merged', { exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Across two processes' })).toBeHidden();

    await expect(draft).toHaveValue('A’s half-written answer');
    await stillSameDocument(pageA);
    await stillSameDocument(listA);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
