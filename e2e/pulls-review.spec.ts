// The review journey of issue #6 in Chromium against the real server and real git: a branch pushed
// with the git CLI, a pull request, a second user's range comment and change request on Files
// changed, a fix pushed to the commented line (the thread goes outdated), an approval, and a
// squash merge that deletes the branch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, signIn, signInWithCookie, screenshots, rand, git, cloneUrl, apiAs } from './fixtures';

const ORIGINAL = ['export function total(items) {', '  let sum = 0;', '  for (const i of items) sum += i.price;', '  return sum;', '}', ''].join('\n');
const PROPOSED = [
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const i of items) sum += i.price * i.qty;',
  '  return sum.toFixed(2);',
  '}',
  '',
  'export const VAT = 0.2;',
  '',
].join('\n');
const FIXED = [
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const i of items) sum += i.price * i.qty;',
  '  return Math.round(sum * 100) / 100;',
  '}',
  '',
  'export const VAT = 0.2;',
  '',
].join('\n');

test('review a pull request on Files changed: range comment, request changes, outdated after a fix, approve, squash-merge', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, 'author');
  const reviewer = await createUser(request, 'reviewer');
  const repo = rand('cart');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const api = `/repos/${owner.username}/${repo}`;

  // main gets cart.js; the topic branch changes it, both pushed with the real git.
  let number = 0;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-review-'));
  const dir = path.join(work, 'repo');
  try {
    git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
    fs.writeFileSync(path.join(dir, 'cart.js'), ORIGINAL);
    git(dir, 'add', '-A');
    git(dir, 'commit', '--quiet', '-m', 'Add the cart total');
    git(dir, 'push', '--quiet', 'origin', 'main');
    git(dir, 'checkout', '--quiet', '-b', 'quantities');
    fs.writeFileSync(path.join(dir, 'cart.js'), PROPOSED);
    git(dir, 'commit', '--quiet', '-am', 'Count quantities and round the total');
    git(dir, 'push', '--quiet', 'origin', 'quantities');

    const pull = await apiAs(request, owner, 'POST', `${api}/pulls`, {
      title: 'Count quantities in the cart total',
      head: 'quantities',
      base: 'main',
      body: 'Totals were wrong for 2+ items.',
    });
    number = pull.number;
    const files = `/${owner.username}/${repo}/pulls/${number}/files`;

    // The reviewer selects new lines 3–4 and starts a review with a comment on the range.
    await signInWithCookie(page, reviewer);
    await page.goto(files);
    const file = page.getByRole('region', { name: /^cart\.js/ });
    await expect(file.getByText('return sum.toFixed(2);')).toBeVisible();
    await file.locator('td[data-side="new"][data-line="3"]').first().click();
    await file
      .locator('td[data-side="new"][data-line="4"]')
      .first()
      .click({ modifiers: ['Shift'] });
    await file.getByRole('button', { name: 'Comment on new line 4' }).click();
    await page.getByRole('textbox', { name: 'Comment on lines 3–4 of cart.js' }).fill('toFixed returns a **string**: keep a number.');
    await page.getByRole('button', { name: 'Start a review' }).click();

    const thread = file.getByRole('region', { name: 'Thread on lines 3–4 of cart.js' });
    await expect(thread.getByText('Comment on lines 3–4')).toBeVisible();
    await expect(thread.getByText('string', { exact: true })).toBeVisible();
    await expect(thread.getByText('Pending')).toBeVisible();
    const bar = page.getByRole('toolbar', { name: 'Review' });
    await expect(bar.getByText('1 pending comment')).toBeVisible();
    await screenshots(page, 'pull-files-pending');

    // Request changes: the pending review is submitted with its comment.
    await bar.getByRole('button', { name: /Finish your review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Finish your review' });
    await dialog.getByRole('textbox', { name: 'Review summary' }).fill('One thing to fix before this goes in.');
    await dialog.getByRole('radio', { name: /Request changes/ }).check();
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByText(/pending comment/)).toBeHidden();
    await expect(thread.getByText('Pending')).toBeHidden();
    const reviews = await apiAs(request, reviewer, 'GET', `${api}/pulls/${number}/reviews`);
    expect(reviews.map((r: { state: string; user: { login: string } }) => [r.user.login, r.state])).toEqual([[reviewer.username, 'REQUEST_CHANGES']]);

    // The author fixes the commented line and pushes.
    fs.writeFileSync(path.join(dir, 'cart.js'), FIXED);
    git(dir, 'commit', '--quiet', '-am', 'Keep the total a number');
    git(dir, 'push', '--quiet', 'origin', 'quantities');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  const pullUrl = `/${owner.username}/${repo}/pulls/${number}`;
  await page.goto(`${pullUrl}/files`);
  const file = page.getByRole('region', { name: /^cart\.js/ });
  await expect(file.getByText('return Math.round(sum * 100) / 100;')).toBeVisible();
  // The thread's line changed: it is outdated, drawn at the top of its file with the hunk it was made on.
  const outdated = file.getByRole('region', { name: 'Thread on lines 3–4 of cart.js' });
  await expect(outdated.getByText('Outdated')).toBeVisible();
  await expect(outdated.getByRole('table')).toContainText('return sum.toFixed(2);');
  await screenshots(page, 'pull-files');

  // The conversation shows the change request with its outdated thread.
  await page.goto(pullUrl);
  const review = page.getByRole('article', { name: `Review by ${reviewer.username}` }).first();
  await expect(review).toContainText('requested changes');
  await expect(review.getByText('Outdated')).toBeVisible();
  await screenshots(page, 'pull-review-conversation');

  // The reviewer approves from Files changed.
  await page.goto(`${pullUrl}/files`);
  const bar = page.getByRole('toolbar', { name: 'Review' });
  await bar.getByRole('button', { name: 'Review changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review changes' });
  await dialog.getByRole('textbox', { name: 'Review summary' }).fill('Looks right now.');
  await dialog.getByRole('radio', { name: /Approve/ }).check();
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog).toBeHidden();

  // The author squash-merges through the merge box and deletes the branch.
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner);
  // On their own pull request the author may comment but not approve.
  await ownerPage.goto(`${pullUrl}/files`);
  await ownerPage.getByRole('toolbar', { name: 'Review' }).getByRole('button', { name: 'Review changes' }).click();
  const own = ownerPage.getByRole('dialog', { name: 'Review changes' });
  await expect(own.getByText(/You opened this pull request/)).toBeVisible();
  await expect(own.getByRole('radio')).toHaveCount(1);
  await own.getByRole('button', { name: 'Cancel' }).click();

  await ownerPage.goto(pullUrl);
  const merge = ownerPage.getByRole('region', { name: 'Merge status' });
  await expect(merge.getByRole('listitem', { name: 'Reviews' })).toContainText('1 approval');
  const form = merge.getByRole('form', { name: 'Merge pull request' });
  await form.getByLabel('Merge style').selectOption({ label: 'Create squash commit' });
  await form.getByLabel('Delete branch after merge').check();
  await form.getByRole('button', { name: 'Create squash commit' }).click();
  await expect(merge.getByText('Merged', { exact: true })).toBeVisible();

  const merged = await apiAs(request, owner, 'GET', `${api}/pulls/${number}`);
  expect(merged.merged).toBe(true);
  const branch = await request.get(`/api/v1${api}/branches/quantities`, { headers: { Authorization: `token ${owner.token}` } });
  expect(branch.status()).toBe(404);
  await ownerPage.goto(`/${owner.username}/${repo}/branches`);
  await expect(ownerPage.getByRole('link', { name: 'main', exact: true }).first()).toBeVisible();
  await expect(ownerPage.getByText('quantities', { exact: true })).toHaveCount(0);
  await ownerContext.close();
});
