// Review and merge journeys of issue #19 in Chromium against the real server and real git: replying
// on the Conversation tab, range threads named and shown whole, the remembered unified/split
// choice, a conflicting pull request's way out, the merge box's words, pushed commits by subject,
// the file tree in the diff's order, and no needless failing requests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, screenshots, createUser, createRepo, signIn, signInWithCookie, rand, git, cloneUrl, apiAs, type SeedUser } from './fixtures';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
const CALC = lines(30, (i) => `export const v${i} = ${i};`);
const CALC_CHANGED = lines(30, (i) => (i >= 20 && i <= 24 ? `export const v${i} = ${i} * 2; // doubled` : `export const v${i} = ${i};`));

interface Seeded {
  owner: SeedUser;
  repo: string;
  api: string;
  dir: string;
  work: string;
  pull: number;
}

/**
 * A repository whose main has src/calc.js (30 lines), README.md, docs/guide.md and lib/util.js, and
 * a pull request from `feature` changing lines 20–24 of calc.js and the three other files.
 */
async function seed(request: APIRequestContext, baseURL: string | undefined, prefix: string): Promise<Seeded> {
  const owner = await createUser(request, prefix);
  const repo = rand('calc');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const api = `/repos/${owner.username}/${repo}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-journeys-'));
  const dir = path.join(work, 'repo');
  git(work, 'clone', '--quiet', cloneUrl(baseURL, owner, repo), 'repo');
  const write = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), text);
  };
  write('src/calc.js', CALC);
  write('docs/guide.md', '# Guide\n\nRead me.\n');
  write('lib/util.js', 'export const id = (x) => x;\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Add the calculator');
  git(dir, 'push', '--quiet', 'origin', 'main');
  git(dir, 'checkout', '--quiet', '-b', 'feature');
  write('src/calc.js', CALC_CHANGED);
  write('README.md', `# ${repo}\n\nDoubles five values.\n`);
  write('docs/guide.md', '# Guide\n\nRead me twice.\n');
  write('lib/util.js', 'export const id = (x) => x;\nexport const twice = (x) => 2 * x;\n');
  git(dir, 'commit', '--quiet', '-am', 'Double the middle values');
  git(dir, 'push', '--quiet', 'origin', 'feature');
  const pull = await apiAs(request, owner, 'POST', `${api}/pulls`, {
    title: 'Double the middle values',
    head: 'feature',
    base: 'main',
    body: 'Doubles v20 to v24.',
  });
  return { owner, repo, api, dir, work, pull: pull.number };
}

const cleanup = (s: Seeded) => fs.rmSync(s.work, { recursive: true, force: true });

/** Collects the API requests the page makes, with their statuses. */
function recordResponses(page: Page) {
  const seen: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/')) seen.push({ url: decodeURIComponent(r.url()), status: r.status() });
  });
  return seen;
}

test('a range thread is named by its range, shows all its lines, and takes a reply on the Conversation tab', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'ranger');
  try {
    await apiAs(
      request,
      s.owner,
      'POST',
      `${s.api}/pulls/${s.pull}/reviews`,
      { event: 'COMMENT', body: '', comments: [{ path: 'src/calc.js', body: 'Lines 20–24\n\nWhy double these five?', new_position: 24, old_position: 0 }] },
      200,
    );
    await signInWithCookie(page, s.owner);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    // The thread under the review that started it; a reply (a review of its own in the API) shows
    // only inside it, never as a second entry repeating the thread (issue #20).
    const thread = page.getByRole('region', { name: /^Thread on lines 20–24 of src\/calc\.js/ }).first();
    await expect(thread).toBeVisible();
    // The excerpt starts at line 20, the range's first line, and ends at 24.
    const excerpt = thread.locator('table');
    await expect(excerpt).toContainText('export const v20 = 20 * 2; // doubled');
    await expect(excerpt).toContainText('export const v24 = 24 * 2; // doubled');
    await expect(thread).toContainText('lines 20–24');

    await thread.getByRole('button', { name: 'Reply…' }).click();
    await page.getByRole('textbox', { name: 'Reply on lines 20–24 of src/calc.js' }).fill('Because the spec says so.');
    await thread.getByRole('button', { name: 'Add single comment' }).click();
    await expect(thread.getByRole('article', { name: `Review comment by ${s.owner.username}` })).toHaveCount(2);
    await expect(thread).toContainText('Because the spec says so.');
    // Stored as a comment on the same line: the thread on Files changed has it too.
    const reviews = await apiAs<{ id: number }[]>(request, s.owner, 'GET', `${s.api}/pulls/${s.pull}/reviews`);
    const comments: { body: string; position: number; path: string }[] = [];
    for (const r of reviews) comments.push(...(await apiAs(request, s.owner, 'GET', `${s.api}/pulls/${s.pull}/reviews/${r.id}/comments`)));
    expect(comments.map((c) => [c.path, c.position, c.body])).toContainEqual(['src/calc.js', 24, 'Because the spec says so.']);
    await page.reload();
    await expect(thread.getByRole('article', { name: `Review comment by ${s.owner.username}` })).toHaveCount(2);
    await expect(page.getByRole('region', { name: /^Thread on lines 20–24 of src\/calc\.js/ })).toHaveCount(1);
    await expect(page.getByText('Because the spec says so.')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Review by ${s.owner.username}` })).toHaveCount(1);
    await screenshots(page, 'journeys-conversation-reply');

    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}/files`);
    const onFiles = page.getByRole('region', { name: /^Thread on lines 20–24 of src\/calc\.js/ });
    await expect(onFiles).toContainText('Because the spec says so.');
  } finally {
    cleanup(s);
  }
});

test('unified or split is remembered for the user; the URL still wins', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'viewer');
  try {
    await signIn(page, s.owner);
    const files = `/${s.owner.username}/${s.repo}/pulls/${s.pull}/files`;
    await page.goto(files);
    const group = page.getByRole('group', { name: 'Diff view' });
    await expect(group.getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('button', { name: 'Split' }).click();
    await expect(group.getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.d2h-file-side-diff').first()).toBeVisible();
    await expect.poll(async () => (await apiAs(request, s.owner, 'GET', '/user/settings')).diff_view_style).toBe('split');

    // Opening Files changed again (no ?style in the URL) keeps the choice.
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    await page.getByRole('link', { name: /Files changed/ }).click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.d2h-file-side-diff').first()).toBeVisible();
    // A commit's diff too.
    const sha = (await apiAs(request, s.owner, 'GET', `${s.api}/pulls/${s.pull}`)).head.sha;
    await page.goto(`/${s.owner.username}/${s.repo}/commit/${sha}`);
    await expect(page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');

    // A shared link's ?style=unified wins over the saved choice, and does not change it.
    await page.goto(`${files}?style=unified`);
    await expect(page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.d2h-file-diff').first()).toBeVisible();
    expect((await apiAs(request, s.owner, 'GET', '/user/settings')).diff_view_style).toBe('split');

    // Back to unified: saved too.
    await page.goto(files);
    await page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: 'Unified' }).click();
    await expect.poll(async () => (await apiAs(request, s.owner, 'GET', '/user/settings')).diff_view_style).toBe('unified');
    await page.reload();
    await expect(page.getByRole('group', { name: 'Diff view' }).getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    cleanup(s);
  }
});

test('the file tree reads in the diff’s order, as j and k go, and line buttons name their file', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'treeish');
  try {
    await signInWithCookie(page, s.owner);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}/files`);
    const headers = page.locator('h3');
    // git's order: README.md, docs/guide.md, lib/util.js, src/calc.js.
    const order = ['README.md', 'docs/guide.md', 'lib/util.js', 'src/calc.js'];
    await expect(headers).toHaveCount(4);
    for (const [i, p] of order.entries()) await expect(headers.nth(i)).toContainText(p);
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    // Each file's button is named by the file first (then its status and counts).
    const names = await tree.getByRole('listitem').evaluateAll((items) => items.map((li) => li.querySelector('button')?.getAttribute('title') ?? ''));
    expect(names.filter(Boolean)).toEqual(order);

    // j walks the files in the same order.
    for (const p of order) {
      await page.keyboard.press('j');
      await expect(page.getByRole('region', { name: new RegExp(`^${p.replace(/[./]/g, '\\$&')}`) })).toBeFocused();
    }

    // The per-line "+" says which file and line it comments on.
    const calc = page.getByRole('region', { name: /^src\/calc\.js/ });
    await calc.locator('td[data-at]').filter({ hasText: 'v22 = 22 * 2' }).hover();
    await expect(calc.getByRole('button', { name: 'Comment on new line 22 of src/calc.js' })).toBeVisible();
  } finally {
    cleanup(s);
  }
});

test('a conflicting pull request offers no "Update branch" and shows how to resolve it locally', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'conflict');
  try {
    // main changes the same lines differently and moves ahead.
    git(s.dir, 'checkout', '--quiet', 'main');
    fs.writeFileSync(
      path.join(s.dir, 'src/calc.js'),
      lines(30, (i) => (i >= 20 && i <= 24 ? `export const v${i} = ${i} + 1;` : `export const v${i} = ${i};`)),
    );
    git(s.dir, 'commit', '--quiet', '-am', 'Add one to the middle values');
    git(s.dir, 'push', '--quiet', 'origin', 'main');
    await signInWithCookie(page, s.owner);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    const box = page.getByRole('region', { name: 'Merge status' });
    await expect(box.getByRole('listitem', { name: 'Conflicts' })).toContainText('This branch has conflicts that must be resolved', { timeout: 20_000 });
    await expect(box.getByRole('listitem', { name: 'Conflicts' })).toContainText('src/calc.js');
    await expect(box.getByRole('button', { name: /Update branch/ })).toHaveCount(0);
    await box.getByText('Resolve the conflicts on your machine').click();
    const commands = box.getByLabel('Commands to resolve the conflicts');
    await expect(commands).toHaveText(
      [
        'git fetch origin',
        'git checkout feature',
        'git merge origin/main',
        '# Fix the conflicts in your editor, then:',
        'git add src/calc.js',
        'git commit',
        'git push origin feature',
      ].join('\n'),
    );
    await expect(box).not.toContainText('merge failed because of conflict');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await box.screenshot({ path: `e2e/screenshots/journeys-conflict-${scheme}.png` });
    }
  } finally {
    cleanup(s);
  }
});

test('the merge box says what stands without "Not all requirements are met" when it may merge', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'changes');
  try {
    const reviewer = await createUser(request, 'critic');
    await apiAs(request, s.owner, 'PUT', `${s.api}/collaborators/${reviewer.username}`, { permission: 'write' }, 204);
    await apiAs(request, reviewer, 'POST', `${s.api}/pulls/${s.pull}/reviews`, { event: 'REQUEST_CHANGES', body: 'Please not.' }, 200);
    await signInWithCookie(page, s.owner);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    const box = page.getByRole('region', { name: 'Merge status' });
    await expect(box.getByRole('listitem', { name: 'Reviews' })).toContainText(`${reviewer.username} requested changes.`);
    await expect(box.getByRole('heading', { level: 2 })).toHaveText('Changes were requested');
    await expect(box).not.toContainText('Not all requirements are met');
    await expect(box.getByRole('button', { name: /^(Create merge commit|Merge)/ }).first()).toBeEnabled();
  } finally {
    cleanup(s);
  }
});

test('"added N commits" lists the pushed commits by subject, linked', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'pusher');
  try {
    fs.writeFileSync(path.join(s.dir, 'lib/util.js'), 'export const id = (x) => x;\nexport const twice = (x) => x + x;\n');
    git(s.dir, 'commit', '--quiet', '-am', 'Add instead of multiplying');
    fs.writeFileSync(path.join(s.dir, 'docs/guide.md'), '# Guide\n\nRead me thrice.\n');
    git(s.dir, 'commit', '--quiet', '-am', 'Ask for a third reading');
    git(s.dir, 'push', '--quiet', 'origin', 'feature');
    const head = git(s.dir, 'rev-parse', 'HEAD').trim();
    await signInWithCookie(page, s.owner);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    // The pull request's creation is a push too: the second one is this one.
    const pushed = page.getByRole('list', { name: 'Pushed commits' }).filter({ hasText: 'Add instead of multiplying' });
    await expect(pushed.getByRole('link', { name: 'Ask for a third reading' })).toHaveAttribute('href', `/${s.owner.username}/${s.repo}/commit/${head}`);
    await expect(pushed.getByRole('link', { name: 'Add instead of multiplying' })).toBeVisible();
    await expect(page.getByText('added 2 commits')).toBeVisible();
    await pushed.screenshot({ path: 'e2e/screenshots/journeys-pushed-commits-light.png' });
  } finally {
    cleanup(s);
  }
});

test('after a merge deletes the branch, nothing asks for a branch named refs/pull/N/head', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'merger');
  try {
    const merged = await request.post(`/api/v1${s.api}/pulls/${s.pull}/merge`, {
      headers: { Authorization: `token ${s.owner.token}` },
      data: { Do: 'merge', delete_branch_after_merge: true },
    });
    expect(merged.status()).toBe(200);
    // With its branch gone, the API names the head by the pull request's ref (as Gitea).
    expect((await apiAs(request, s.owner, 'GET', `${s.api}/pulls/${s.pull}`)).head.ref).toBe(`refs/pull/${s.pull}/head`);
    await signIn(page, s.owner);
    const seen = recordResponses(page);
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}`);
    await expect(page.getByRole('region', { name: 'Merge status' })).toContainText('Merged');
    await page.getByRole('link', { name: /Files changed/ }).click();
    await expect(page.locator('h3').first()).toBeVisible();
    await page
      .getByRole('link', { name: /Commits/ })
      .first()
      .click();
    await page.waitForLoadState('networkidle');
    expect(seen.filter((r) => r.url.includes('refs/pull')).map((r) => r.url)).toEqual([]);
    // 404 is how Gitea says "not starred" and "not watching"; none for a branch.
    expect(seen.filter((r) => r.status >= 400 && (r.status !== 404 || r.url.includes('/branches/'))).map((r) => `${r.status} ${r.url}`)).toEqual([]);
  } finally {
    cleanup(s);
  }
});

test('an empty repository’s page makes no failing request', async ({ page, request }) => {
  const owner = await createUser(request, 'empty');
  const repo = rand('blank');
  await createRepo(request, owner, { name: repo });
  await signIn(page, owner);
  const seen = recordResponses(page);
  await page.goto(`/${owner.username}/${repo}`);
  await expect(page.getByRole('main')).toContainText('git push');
  await page.waitForLoadState('networkidle');
  // 404 is how Gitea says "not starred" and "not watching"; a 409 (empty repository) or a 5xx is a request the page should not make.
  expect(seen.filter((r) => r.status === 409 || r.status >= 500).map((r) => `${r.status} ${r.url}`)).toEqual([]);
});

test('deleted lines read red, in light and dark', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL, 'reddish');
  try {
    await page.goto(`/${s.owner.username}/${s.repo}/pulls/${s.pull}/files`);
    const calc = page.getByRole('region', { name: /^src\/calc\.js/ });
    const del = calc.locator('tr.d2h-del td[data-at]').first();
    const num = calc.locator('tr.d2h-del td.diff-num').first();
    await expect(del).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
      const rgb = await del.evaluate((el) => {
        // The colour the row shows: its own background over the page's.
        const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const [r = 0, g = 0, b = 0, a = 1] = parse(getComputedStyle(el).backgroundColor);
        // The nearest ancestor with a background of its own.
        let under: Element | null = el.parentElement;
        while (under && (parse(getComputedStyle(under).backgroundColor)[3] ?? 1) === 0) under = under.parentElement;
        const [br = 255, bg = 255, bb = 255] = under ? parse(getComputedStyle(under).backgroundColor) : [];
        return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
      });
      const [r, g, b] = rgb as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      // Hue: red sits at 0° (or just below 360°); brown and orange are 20–40°.
      let hue = max === min ? 0 : max === r ? (60 * (g - b)) / (max - min) : max === g ? 60 * (2 + (b - r) / (max - min)) : 60 * (4 + (r - g) / (max - min));
      if (hue < 0) hue += 360;
      expect(r, `${scheme}: ${rgb.join(',')}`).toBeGreaterThan(g);
      expect(hue < 12 || hue > 345, `${scheme}: hue ${hue.toFixed(0)} of ${rgb.map((x) => x.toFixed(0)).join(',')}`).toBe(true);
      // The line numbers beside them are red too, not gray on pink.
      const fg = await num.evaluate((el) => (getComputedStyle(el).color.match(/[\d.]+/g) ?? []).map(Number));
      expect(fg[0]!, `${scheme} number colour ${fg.join(',')}`).toBeGreaterThan(fg[1]! + 60);
      await page.getByRole('region', { name: /^src\/calc\.js/ }).screenshot({ path: `e2e/screenshots/journeys-deleted-lines-${scheme}.png` });
    }
  } finally {
    cleanup(s);
  }
});
