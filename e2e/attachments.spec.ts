// Attaching files to an issue comment in Chromium against the real server: pick files with the
// file input, comment, see them listed, download one and read it back, then delete it.
import fs from 'node:fs';
import { test, expect, createUser, createRepo, screenshots, rand, apiAs, signInWithCookie } from './fixtures';

// A 1×1 PNG, so the image is linked into the comment's Markdown and shown inline.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('comment with attached files, download one and delete it', async ({ page, request }) => {
  const owner = await createUser(request, 'attacher');
  const repo = rand('files');
  await createRepo(request, owner, { name: repo, auto_init: true });
  await apiAs(request, owner, 'POST', `/repos/${owner.username}/${repo}/issues`, { title: 'Crash when saving', body: 'See the log.' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues/1`);
  const box = page.getByRole('form', { name: 'Add a comment' });
  await expect(box.getByRole('button', { name: 'Attach files' })).toBeVisible();
  const text = `crash log ${rand('line')}\n`;
  await box.getByLabel('Attach files: choose files').setInputFiles([
    { name: 'crash.log', mimeType: 'text/plain', buffer: Buffer.from(text) },
    { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(box.getByRole('listitem', { name: 'crash.log' })).toContainText('Attaches when you comment');
  await box.getByRole('textbox', { name: 'Comment' }).fill('Here is the log and a screenshot.');
  await box.getByRole('button', { name: 'Comment', exact: true }).click();

  const card = page.getByRole('article', { name: `Comment by ${owner.username}` });
  await expect(card).toContainText('Here is the log and a screenshot.');
  const files = card.getByRole('list', { name: `Attachments of comment by ${owner.username}` });
  await expect(files.getByRole('link')).toHaveText(['crash.log', 'dot.png']);
  await expect(box.getByRole('list', { name: 'Files to attach' })).toHaveCount(0);
  // The image was linked into the comment, so it shows inline.
  await expect(card.getByRole('img', { name: 'dot.png' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments of this issue' }).getByRole('link', { name: 'crash.log' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: 'crash.log' }).click()]);
  expect(download.suggestedFilename()).toBe('crash.log');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(text);

  await screenshots(page, 'issue-attachments');

  await card.getByRole('button', { name: 'Delete crash.log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete attachment?' });
  await expect(dialog).toContainText('crash.log will be removed for everyone');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByRole('link')).toHaveText(['dot.png']);
});
