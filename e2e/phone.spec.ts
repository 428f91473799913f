// Phone width (390 px) of issue #19: the repository header on sub-pages stays compact, so a pull
// request's title is near the top; the clone URL shows its start; pull request rows read well.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, createRepo, rand, apiAs, git, cloneUrl, type SeedUser, signInWithCookie } from './fixtures';

const phone = { width: 390, height: 844 };

async function seedPulls(request: Parameters<typeof createUser>[0], baseURL: string | undefined) {
  const owner = await createUser(request, 'phone');
  const repo = rand('pocket-calculator');
  await createRepo(request, owner, { name: repo, auto_init: true, description: 'A calculator that fits in a pocket' });
  const api = `/repos/${owner.username}/${repo}`;
  // Branches pushed with git, one pull request each.
  const titles = ['Round the totals to two decimals before showing them', 'Fix the keyboard layout on small screens'];
  const numbers: number[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-phone-'));
  const dir = path.join(work, 'repo');
  try {
    git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
    for (const [i, title] of titles.entries()) {
      const branch = `topic-${i}`;
      git(dir, 'checkout', '--quiet', '-b', branch, 'main');
      fs.writeFileSync(path.join(dir, `notes-${i}.md`), `Note ${i}\n`);
      git(dir, 'add', '-A');
      git(dir, 'commit', '--quiet', '-m', `Note ${i}`);
      git(dir, 'push', '--quiet', 'origin', branch);
      numbers.push((await apiAs(request, owner, 'POST', `${api}/pulls`, { title, head: branch, base: 'main' })).number);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // A busy row: a label, comments and a change request take room beside the title on a wide screen.
  const reviewer = await createUser(request, 'phone-critic');
  await apiAs(request, owner, 'PUT', `${api}/collaborators/${reviewer.username}`, { permission: 'write' }, 204);
  await apiAs(request, reviewer, 'POST', `${api}/pulls/${numbers[0]}/reviews`, { event: 'REQUEST_CHANGES', body: 'Round half to even.' }, 200);
  await apiAs(request, reviewer, 'POST', `${api}/issues/${numbers[0]}/comments`, { body: 'See the spec.' });
  const label = await apiAs(request, owner, 'POST', `${api}/labels`, { name: 'needs-design', color: '#fbca04' });
  await apiAs(request, owner, 'POST', `${api}/issues/${numbers[0]}/labels`, { labels: [label.id] }, 200);
  return { owner, repo, titles, numbers };
}

async function shoot(page: import('@playwright/test').Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.getAnimations().forEach((a) => a.effect?.getComputedTiming().endTime !== Infinity && a.finish()));
    await page.screenshot({ path: `e2e/screenshots/${name}-${scheme}-phone.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('at phone width', () => {
  test.use({ viewport: phone });

  let seeded: { owner: SeedUser; repo: string; titles: string[]; numbers: number[] };
  test.beforeAll(async ({ request, baseURL }) => {
    seeded = await seedPulls(request, baseURL);
  });

  test('a pull request’s title is within the first 300 px', async ({ page }) => {
    await signInWithCookie(page, seeded.owner);
    await page.goto(`/${seeded.owner.username}/${seeded.repo}/pulls/${seeded.numbers[0]}`);
    const title = page.getByRole('heading', { level: 1, name: new RegExp(seeded.titles[0]!) });
    await expect(title).toBeVisible();
    const box = (await title.boundingBox())!;
    expect(box.y, `the title starts at ${box.y}px`).toBeLessThan(300);
    // The repository's own tabs are still there, one swipe away.
    await expect(page.getByRole('navigation', { name: 'Repository' })).toBeVisible();
    await shoot(page, 'phone-pull');
    // Files changed and Commits too.
    await page.goto(`/${seeded.owner.username}/${seeded.repo}/pulls/${seeded.numbers[0]}/files`);
    expect((await page.getByRole('heading', { level: 1, name: new RegExp(seeded.titles[0]!) }).boundingBox())!.y).toBeLessThan(300);
  });

  test('the clone URL shows its start, not its end cut from the left', async ({ page }) => {
    await signInWithCookie(page, seeded.owner);
    await page.goto(`/${seeded.owner.username}/${seeded.repo}`);
    const url = page.getByRole('textbox', { name: /clone url/i });
    await expect(url).toBeVisible();
    await expect(url).toHaveValue(/^http/);
    expect(await url.evaluate((el: HTMLInputElement) => el.scrollLeft)).toBe(0);
    // Its box is on the screen, whole.
    const box = (await url.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(box.width).toBeGreaterThan(150);
    await shoot(page, 'phone-repo-home');
  });

  test('pull request rows are readable: whole titles over full width, nothing off the screen', async ({ page }) => {
    await page.goto(`/${seeded.owner.username}/${seeded.repo}/pulls`);
    for (const title of seeded.titles) {
      const link = page.getByRole('link', { name: title, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      // The title wraps rather than being cut, and gets the row's width (the marks go below it).
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await link.evaluate((el) => el.parentElement!.getBoundingClientRect().width)).toBeGreaterThan(290);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    await expect(page.getByText('Changes requested')).toBeVisible();
    // Nothing makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await shoot(page, 'phone-pull-list');
  });
});
