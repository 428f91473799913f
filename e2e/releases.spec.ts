// Releases (issue #21): publish a release with a new tag, notes and an asset dropped on the form,
// see it on the releases list with the Latest badge, and download the asset: the same bytes.
import fs from 'node:fs';
import { test, expect, createUser, createRepo, screenshots, rand, signInWithCookie } from './fixtures';

test('publish a release with an asset and download it', async ({ page, request }) => {
  const user = await createUser(request, 'releaser');
  const repo = await createRepo(request, user, { name: rand('rel'), auto_init: true, default_branch: 'main' });
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${repo.name}/releases`);
  await expect(page.getByRole('heading', { name: 'No releases yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New release' }).click();

  await page.getByLabel('Tag', { exact: true }).fill('v1.0.0');
  await expect(page.getByText('A new tag: it is created from the target when the release is published.')).toBeVisible();
  await expect(page.getByLabel('Target branch')).toHaveValue('main');
  await page.getByLabel('Title', { exact: true }).fill('First light');
  await page.getByRole('textbox', { name: 'Release notes' }).fill('## Changes\n\n- **Everything** is new');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();

  const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7 + 3) % 256));
  await page.locator('input[type=file]').setInputFiles({ name: 'tool-linux-amd64.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(page.getByRole('list', { name: 'Files to upload' })).toContainText('tool-linux-amd64.bin');
  await page.getByRole('button', { name: 'Publish release' }).click();

  await expect(page).toHaveURL(new RegExp(`/${user.username}/${repo.name}/releases/tag/v1\\.0\\.0$`));
  await expect(page.getByRole('heading', { level: 1, name: /First light/ })).toBeVisible();
  await expect(page.getByText('Latest')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await screenshots(page, 'release-page');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'tool-linux-amd64.bin' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('tool-linux-amd64.bin');
  const got = fs.readFileSync(await download.path());
  expect(got.equals(bytes)).toBe(true);

  await page.goto(`/${user.username}/${repo.name}/releases`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await screenshots(page, 'releases-list');
  // The tags page links the tag to its release.
  await page.goto(`/${user.username}/${repo.name}/tags`);
  await page.getByRole('link', { name: 'Release v1.0.0' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /First light/ })).toBeVisible();
  await page.goto(`/${user.username}/${repo.name}/releases/new`);
  await screenshots(page, 'release-new');
});
