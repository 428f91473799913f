// Code browsing people expect: Go to file (t), blame with two commits, archive downloads, the tags
// page, and the keyboard shortcuts dialog — against a repository pushed with the real git CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl } from './fixtures';

const shotDir = path.resolve('e2e/screenshots');

/** Light/dark/phone screenshots of something that a reload would close (a dialog): `open` opens it again. */
async function dialogShots(page: Page, name: string, open: () => Promise<void>) {
  fs.mkdirSync(shotDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('forge.theme', t), theme);
    for (const [suffix, size] of [
      ['', { width: 1280, height: 800 }],
      ['-phone', { width: 375, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await open();
      await page.screenshot({ path: path.join(shotDir, `${name}-${theme}${suffix}.png`) });
    }
  }
  await page.evaluate(() => localStorage.setItem('forge.theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('press t to find a file, read its blame, download archives, list tags and shortcuts', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'browser');
  const name = rand('browse');
  await createRepo(request, user, { name, auto_init: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-code-'));
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, name), 'repo');
  const dir = path.join(work, 'repo');
  fs.mkdirSync(path.join(dir, 'src/deep/inner'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'docs'));
  fs.writeFileSync(path.join(dir, 'src/deep/inner/finder-target.ts'), 'export const found = true;\n');
  fs.writeFileSync(path.join(dir, 'src/other.ts'), 'export const other = 1;\n');
  fs.writeFileSync(path.join(dir, 'docs/poem.ts'), 'const a = 1;\nconst b = 2;\nconst c = 3;\nexport { a, b, c };\n');
  fs.writeFileSync(path.join(dir, 'big.ts'), Array.from({ length: 5000 }, (_, i) => `export const v${i + 1} = ${i + 1};`).join('\n') + '\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Write the poem');
  git(dir, 'tag', 'v1.0');
  fs.writeFileSync(path.join(dir, 'docs/poem.ts'), 'const a = 1;\nconst b = 20;\nconst c = 3;\nexport { a, b, c };\n');
  git(dir, 'commit', '--quiet', '-am', 'Rework the middle line');
  git(dir, 'tag', '-a', 'v2.0', '-m', 'Second release');
  git(dir, 'push', '--quiet', '--tags', 'origin', 'main');

  // Go to file: t, type a few letters, Enter opens the file.
  await page.goto(`/${user.username}/${name}`);
  await expect(page.getByRole('link', { name: 'README.md' }).first()).toBeVisible();
  await page.keyboard.press('t');
  const finder = page.getByRole('dialog', { name: 'Go to file' });
  await expect(finder).toBeVisible();
  await page.keyboard.type('fndtgt');
  await expect(finder.getByRole('option')).toHaveCount(1);
  await expect(finder.getByRole('option').first()).toContainText('src/deep/inner/finder-target.ts');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${name}/src/branch/main/src/deep/inner/finder-target\\.ts$`));
  await expect(page.getByRole('region', { name: 'File finder-target.ts' })).toContainText('export const found = true;');

  // Blame from the file view shows both commits of the poem.
  await page.goto(`/${user.username}/${name}/src/branch/main/docs/poem.ts`);
  await page.getByRole('link', { name: 'Blame' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/blame/branch/main/docs/poem\\.ts$`));
  const blame = page.getByRole('table', { name: 'Blame' });
  await expect(blame.getByRole('link', { name: 'Write the poem' })).toHaveCount(2);
  await expect(blame.getByRole('link', { name: 'Rework the middle line' })).toHaveCount(1);
  await expect(page.getByText('4 lines · 2 commits')).toBeVisible();
  await screenshots(page, 'code-blame');

  // 5,000 lines: drawn quickly, and only what is in view.
  const t0 = Date.now();
  await page.goto(`/${user.username}/${name}/blame/branch/main/big.ts`);
  await expect(page.getByText('5000 lines · 1 commit')).toBeVisible();
  const drawnIn = Date.now() - t0;
  expect(await page.getByRole('row').count()).toBeLessThan(200);
  await page.mouse.wheel(0, 60_000);
  await expect(page.getByRole('row').filter({ hasText: 'export const v3000 = 3000;' })).toHaveCount(1);
  expect(drawnIn).toBeLessThan(10_000);

  // Archive downloads from the code page answer 200 with the archive.
  await page.goto(`/${user.username}/${name}`);
  const zipHref = await page.getByRole('group', { name: 'Download and tags' }).getByRole('link', { name: 'ZIP' }).getAttribute('href');
  const zip = await request.get(zipHref!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  const tgzHref = await page.getByRole('link', { name: 'TAR.GZ' }).getAttribute('href');
  const tgz = await request.get(tgzHref!);
  expect(tgz.status()).toBe(200);
  expect([...(await tgz.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  await screenshots(page, 'code-home-downloads');

  // Tags page, with the tag API's own zipball_url answering too.
  await page.getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/tags$`));
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('link', { name: 'v2.0', exact: true })).toBeVisible();
  await expect(tags.getByText('Second release')).toBeVisible();
  await expect(tags.getByRole('link', { name: 'ZIP of v1.0' })).toBeVisible();
  const apiTags = await (await request.get(`/api/v1/repos/${user.username}/${name}/tags`)).json();
  const web = await request.get(apiTags[0].zipball_url);
  expect(web.status()).toBe(200);
  expect(web.headers()['content-disposition']).toContain(`${name}-`);
  await screenshots(page, 'code-tags');

  // Gitea's raw URL form answers the raw bytes.
  const raw = await request.get(`/${user.username}/${name}/raw/tag/v1.0/docs/poem.ts`);
  expect(await raw.text()).toContain('const b = 2;');

  // Shortcuts: ? lists them; g i goes to the issues, g c back to the code. The tags page is drawn
  // again after the screenshots' reload before any key is pressed.
  await expect(tags.getByRole('link', { name: 'v2.0', exact: true })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Go to file');
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(new RegExp(`/${name}/issues$`));
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(new RegExp(`/${name}$`));
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search repositories' })).toBeFocused();

  await dialogShots(page, 'code-shortcuts', async () => {
    await page.locator('body').press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
  await dialogShots(page, 'code-finder', async () => {
    await page.locator('body').press('t');
    await page.getByRole('combobox', { name: 'Find a file' }).fill('src');
    await expect(page.getByRole('dialog', { name: 'Go to file' }).getByRole('option').first()).toBeVisible();
  });
});
