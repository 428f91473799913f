// A commit's diff is syntax-highlighted like the file view, in Chromium against the real server and
// real git: a TypeScript change shows coloured tokens in its rows, a comment spanning two lines is
// coloured on both, the changed word of an edited line stays marked; the diff's code is fetched
// alongside its data (preloaded by the route), not after it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, createRepo, signIn, screenshots, rand, git, cloneUrl } from './fixtures';

test('a commit diff is highlighted like the file view, its code loaded alongside the data', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'hl');
  const name = rand('hl');
  await createRepo(request, user, { name, auto_init: true, readme: 'Default' });

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-diff-hl-'));
  const repoDir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, name), 'repo');
  const source = (limit: number) =>
    [
      '/* Limits for the importer,',
      '   one per line. */',
      `export const limit = ${limit};`,
      '',
      'export function twice(n: number): number {',
      '  return n * 2; // doubled',
      '}',
      '',
    ].join('\n');
  fs.writeFileSync(path.join(repoDir, 'config.ts'), source(10));
  fs.writeFileSync(path.join(repoDir, 'notes.unknownext'), 'const plain = 1;\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '--quiet', '-m', 'Add the config');
  fs.writeFileSync(path.join(repoDir, 'config.ts'), source(20));
  fs.writeFileSync(path.join(repoDir, 'notes.unknownext'), 'const plain = 2;\n');
  git(repoDir, 'commit', '--quiet', '-am', 'Raise the limit');
  git(repoDir, 'push', '--quiet', 'origin', 'main');
  const sha = git(repoDir, 'rev-parse', 'HEAD').trim();
  fs.rmSync(work, { recursive: true, force: true });

  await signIn(page, user);
  // When the engine's chunk was asked for, and when the diff text had arrived.
  let chunkAskedAt = Infinity;
  let diffDoneAt = -Infinity;
  page.on('request', (r) => {
    if (/\/assets\/diff-files[^/]*\.js$/.test(r.url())) chunkAskedAt = Math.min(chunkAskedAt, Date.now());
  });
  page.on('requestfinished', (r) => {
    if (r.url().includes(`/git/commits/${sha}.diff`)) diffDoneAt = Date.now();
  });
  await page.goto(`/${user.username}/${name}/commit/${sha}`);

  const config = page.getByRole('region', { name: /^config\.ts/ });
  // Highlighted tokens inside the diff's rows.
  await expect(config.locator('tr.d2h-ins .hljs-keyword').first()).toHaveText('export');
  await expect(config.locator('tr.d2h-cntx .hljs-title').first()).toHaveText('twice');
  // A block comment over two lines: both lines coloured as a comment.
  await expect(config.locator('tr.d2h-cntx .hljs-comment')).toHaveText(['/* Limits for the importer,', '   one per line. */', '// doubled']);
  // The edited number is still marked on both sides, in its token colour.
  await expect(config.locator('tr.d2h-del del .hljs-number')).toHaveText('10');
  await expect(config.locator('tr.d2h-ins ins .hljs-number')).toHaveText('20');
  // The code reads as written, and a file in an unknown language stays plain (still marked).
  await expect(config.locator('tr.d2h-ins td.diff-code')).toHaveText('export const limit = 20;');
  const notes = page.getByRole('region', { name: /^notes\.unknownext/ });
  await expect(notes.locator('tr.d2h-ins td.diff-code')).toHaveText('const plain = 2;');
  await expect(notes.locator('tr.d2h-ins ins')).toHaveText('2');
  await expect(notes.locator('[class^="hljs-"]')).toHaveCount(0);
  // Light and dark keep readable token colours on the insertion and deletion rows.
  const colours = await config
    .locator('tr.d2h-ins .hljs-keyword')
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  expect(colours).not.toBe(
    await config
      .locator('tr.d2h-ins td.diff-code')
      .first()
      .evaluate((el) => getComputedStyle(el).color),
  );

  // Code and data in parallel: the engine's chunk was asked for before the diff text had arrived.
  expect(chunkAskedAt, 'the diff engine chunk was requested').toBeLessThan(Infinity);
  expect(chunkAskedAt).toBeLessThanOrEqual(diffDoneAt);

  // Token colours keep their contrast on every row and word-mark background, light and dark (and split).
  for (const theme of ['light', 'dark'] as const) {
    for (const style of ['unified', 'split'] as const) {
      await page.evaluate((t) => localStorage.setItem('forge.theme', t), theme);
      await page.goto(`/${user.username}/${name}/commit/${sha}${style === 'split' ? '?style=split' : ''}`);
      await expect(config.locator('td.d2h-ins .hljs-keyword, tr.d2h-ins .hljs-keyword').first()).toHaveText('export');
      const result = await new AxeBuilder({ page }).include('.diff-files').analyze();
      expect(result.violations.map((v) => `${theme}/${style} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
  await page.evaluate(() => localStorage.setItem('forge.theme', 'light'));
  await page.goto(`/${user.username}/${name}/commit/${sha}`);

  await screenshots(page, 'diff-highlight');
  // After each reload of screenshots() the rows are highlighted again (in dark mode, too).
  await expect(config.locator('tr.d2h-ins .hljs-keyword').first()).toHaveText('export');
});
