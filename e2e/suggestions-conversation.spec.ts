// Suggested changes applied from the Conversation tab (issue #21, as GitHub): review threads drawn
// under their review in the timeline carry the same "Apply suggestion" / "Add to batch" as on Files
// changed; a batch of two becomes one commit on the head branch, and each thread says so.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, createRepo, screenshots, rand, apiAs, signInWithCookie } from './fixtures';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const text = (content: string) => Buffer.from(content, 'base64').toString('utf8');

test('apply a batch of suggestions from the Conversation tab as one commit', async ({ page, request }) => {
  const owner = await createUser(request, 'author');
  const reviewer = await createUser(request, 'reviewer');
  const repo = rand('cart');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const api = `/repos/${owner.username}/${repo}`;
  const original = 'export function total(items) {\n  let sum = 0;\n  for (const i of items) sum += i.price;\n  return sum;\n}\n';
  await apiAs(request, owner, 'POST', `${api}/contents/cart.js`, { content: b64(original), message: 'Add the cart' });
  const file = await apiAs(request, owner, 'GET', `${api}/contents/cart.js`);
  const changed = original.replace('let sum = 0;', 'var sum = 0;').replace('return sum;', 'return sum.toFixed(2);');
  await apiAs(
    request,
    owner,
    'PUT',
    `${api}/contents/cart.js`,
    { content: b64(changed), sha: file.sha, new_branch: 'rounding', message: 'Round the total' },
    200,
  );
  const pull = await apiAs(request, owner, 'POST', `${api}/pulls`, { title: 'Round the total', head: 'rounding', base: 'main' });
  // A reviewer (who may not push) leaves two suggestions in one review.
  await apiAs(
    request,
    reviewer,
    'POST',
    `${api}/pulls/${pull.number}/reviews`,
    {
      event: 'COMMENT',
      body: 'Two small things.',
      comments: [
        { path: 'cart.js', new_position: 2, body: 'Prefer const here:\n\n```suggestion\n  let sum = 0;\n```\n' },
        { path: 'cart.js', new_position: 4, body: '```suggestion\n  return Math.round(sum * 100) / 100;\n```\n' },
      ],
    },
    200,
  );

  // The reviewer sees the suggestions but may not apply them: the page says why.
  await signInWithCookie(page, reviewer);
  await page.goto(`/${owner.username}/${repo}/pulls/${pull.number}`);
  const blocks = page.getByRole('figure', { name: 'Suggested change' });
  await expect(blocks).toHaveCount(2);
  await expect(blocks.first().getByText('Only people who may push to rounding can apply suggestions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply suggestion' })).toHaveCount(0);
  await page.context().clearCookies();

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/pulls/${pull.number}`);
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0).locator('del')).toHaveText(/var sum = 0;/);
  await expect(blocks.nth(0).locator('ins')).toHaveText(/let sum = 0;/);
  await expect(blocks.nth(1).getByRole('button', { name: 'Apply suggestion' })).toBeVisible();
  await blocks.nth(0).getByRole('button', { name: 'Add to batch' }).click();
  await blocks.nth(1).getByRole('button', { name: 'Add to batch' }).click();
  const bar = page.getByRole('region', { name: 'Suggestion batch' });
  await expect(bar).toContainText('2 suggestions in the batch');
  await screenshots(page, 'suggestion-conversation');
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('forge.theme', t), scheme);
    await page.reload();
    await expect(blocks).toHaveCount(2);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('forge.theme', 'light'));
  await page.reload();
  // The batch lives in the page: after the reloads above it is empty again.
  await blocks.nth(0).getByRole('button', { name: 'Add to batch' }).click();
  await blocks.nth(1).getByRole('button', { name: 'Add to batch' }).click();
  // The batch bar at a 390 px phone width (the screenshots above reload, which empties the batch).
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/suggestion-conversation-batch-390.png' });
  if (size) await page.setViewportSize(size);
  await bar.getByRole('button', { name: 'Commit suggestions' }).click();
  await expect(blocks.nth(0).getByText(/Applied in [0-9a-f]{10}/)).toBeVisible();
  await expect(blocks.nth(1).getByText(/Applied in [0-9a-f]{10}/)).toBeVisible();
  await expect(page.getByText('Suggestion applied in').first()).toBeVisible();
  await expect(bar).toHaveCount(0);
  await screenshots(page, 'suggestion-conversation-applied');

  const after = await apiAs(request, owner, 'GET', `${api}/contents/cart.js?ref=rounding`);
  expect(text(after.content)).toBe(original.replace('return sum;', 'return Math.round(sum * 100) / 100;'));
  const commits = await apiAs(request, owner, 'GET', `${api}/commits?sha=rounding&limit=2`);
  expect(commits[0].commit.message).toBe('Apply suggestions from code review\n');
  expect(commits[1].commit.message).toBe('Round the total\n');
});
