// Code search (issue #21, an extension): search from the Code tab's box, toggle case and regular
// expressions on the results page, and open a result at its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, signInWithCookie } from './fixtures';

test('search code and open a result at its line', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'searcher');
  const repo = await createRepo(request, user, { name: rand('cs'), auto_init: true, default_branch: 'main' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-search-'));
  git(work, 'clone', '--quiet', cloneUrl(baseURL, user, repo.name), 'repo');
  const dir = path.join(work, 'repo');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'src/greet.ts'),
    'export function greet(name: string) {\n  return `Hello ${name}`;\n}\n\nexport const GREETING_LIMIT = 42;\n',
  );
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'add greet');
  git(dir, 'push', '--quiet', 'origin', 'main');
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${repo.name}`);
  await page.getByRole('searchbox', { name: 'Search code' }).fill('greeting_limit');
  await page.getByRole('searchbox', { name: 'Search code' }).press('Enter');

  await expect(page).toHaveURL(/\/search\?q=greeting_limit/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'src/greet.ts', exact: true })).toBeVisible();
  await expect(results.locator('mark')).toHaveText(['GREETING_LIMIT']);
  await expect(page.getByText('1 matching line in 1 file at main')).toBeVisible();

  // Match case: the lower-case query finds nothing.
  await page.getByLabel('Match case').check();
  await expect(page.getByRole('heading', { name: 'No results' })).toBeVisible();
  await page.getByLabel('Match case').uncheck();

  // A regular expression.
  await page.getByLabel('Search for').fill('return `\\w+');
  await page.getByLabel('Regular expression').check();
  await expect(page).toHaveURL(/regex=1/);
  await expect(results.locator('mark')).toHaveText(['return `Hello']);
  await screenshots(page, 'code-search');

  await results.getByRole('link', { name: 'src/greet.ts line 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/src/branch/main/src/greet\\.ts#L2$`));
  await expect(page.locator('#L2')).toBeVisible();
  await expect(page.locator('#L2')).toContainText('return');
});
