// Reading a multi-file commit with the keyboard, in Chromium against the real server and real git:
// j/k move between files (each one drawn and focused as it is reached), ? lists the shortcuts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, signInWithCookie } from './fixtures';

test('move through a multi-file commit with j and k, and list the shortcuts with ?', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'reader');
  const name = rand('multi');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });

  // One commit touching six files: an edit, additions in nested folders, a rename, a deletion and a
  // file long enough that the ones after it start below the fold.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-diff-'));
  const repoDir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, name), 'repo');
  fs.mkdirSync(path.join(repoDir, 'src', 'lib'), { recursive: true });
  fs.writeFileSync(path.join(repoDir, 'src', 'lib', 'old-name.ts'), 'export const kept = 1;\n');
  fs.writeFileSync(path.join(repoDir, 'notes.txt'), 'to be removed\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '--quiet', '-m', 'Start');
  fs.appendFileSync(path.join(repoDir, 'README.md'), '\nA line added by the keyboard test.\n');
  fs.writeFileSync(path.join(repoDir, 'src', 'lib', 'long.ts'), Array.from({ length: 120 }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n');
  fs.writeFileSync(path.join(repoDir, 'src', 'main.ts'), "import { kept } from './lib/new-name';\n\nconsole.log(kept);\n");
  git(repoDir, 'mv', 'src/lib/old-name.ts', 'src/lib/new-name.ts');
  git(repoDir, 'rm', '--quiet', 'notes.txt');
  fs.writeFileSync(path.join(repoDir, 'src', 'zeta.ts'), 'export const last = true;\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '--quiet', '-m', 'Touch six files');
  git(repoDir, 'push', '--quiet', 'origin', 'main');
  const sha = git(repoDir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });

  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/commit/${sha}`);
  // git's order: README.md, notes.txt, src/lib/long.ts, src/lib/{old-name → new-name}.ts, src/main.ts, src/zeta.ts.
  const file = (title: RegExp) => page.getByRole('region', { name: title });
  await expect(file(/^README\.md/)).toBeVisible();
  await expect(page.getByText('Showing 6 changed files')).toBeVisible();

  // j: the next file, from the top of the page; it gets the focus.
  await page.keyboard.press('j');
  await expect(file(/^README\.md/)).toBeFocused();
  await page.keyboard.press('j');
  await expect(file(/^notes\.txt/)).toBeFocused();
  await page.keyboard.press('j');
  await expect(file(/^src\/lib\/long\.ts/)).toBeFocused();
  await page.keyboard.press('j');
  const renamed = file(/new-name\.ts/);
  await expect(renamed).toBeFocused();
  await expect(renamed).toContainText('src/lib/old-name.ts');
  await expect(renamed).toContainText('File renamed without changes.');
  // Past the long file: brought into view.
  await expect(renamed).toBeInViewport();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(file(/^src\/zeta\.ts/)).toBeFocused();
  await expect(file(/^src\/zeta\.ts/)).toBeInViewport();
  // At the last file, j stays there.
  await page.keyboard.press('j');
  await expect(file(/^src\/zeta\.ts/)).toBeFocused();

  await page.keyboard.press('k');
  await expect(file(/^src\/main\.ts/)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(file(/^src\/lib\/long\.ts/)).toBeFocused();
  await expect(file(/^src\/lib\/long\.ts/)).toBeInViewport();

  // ?: the list of shortcuts; Escape closes it and the keys work again.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const what of ['Next file', 'Previous file', 'Next comment thread', 'Previous comment thread', 'Show these shortcuts'])
    await expect(dialog.getByText(what)).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('k');
  await expect(file(/^notes\.txt/)).toBeFocused();

  // Typing in a field is not a shortcut: the letters land in the field and the page stays put.
  const search = page.getByRole('searchbox', { name: 'Search repositories' });
  await search.click();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.type('jk');
  await expect(search).toHaveValue('jk');
  await expect(search).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // The file tree lists them all; a click brings a file into view.
  const tree = page.getByRole('navigation', { name: 'Changed files' });
  await tree.getByRole('button', { name: /^zeta\.ts/ }).click();
  await expect(file(/^src\/zeta\.ts/)).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'commit-diff');
  await page.goto(`/${user.username}/${name}/commit/${sha}?style=split`);
  await expect(page.locator('.d2h-file-side-diff').first()).toBeVisible();
  await screenshots(page, 'commit-diff-split');
});
