// Everyday polish (issue #10): Sign in returns to the page it was pressed on, every page names
// itself in the tab, task-list boxes tick for those who may edit, and the branch/tag switcher
// works from the keyboard. Real server, real git, real browser.
import { apiAs, createRepo, createUser, expect, rand, screenshots, signIn, test } from './fixtures';

test('Sign in in the top bar comes back to the page it was pressed on', async ({ page, request }) => {
  const owner = await createUser(request, 'polish');
  const name = rand('back');
  await createRepo(request, owner, { name, auto_init: true });
  await page.goto(`/${owner.username}/${name}/issues?state=closed`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect_to=/);
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/issues\\?state=closed$`));
  await expect(page.getByRole('button', { name: `${owner.username} — user menu` })).toBeVisible();
});

test('every page has its own document title, and no HydrateFallback warning on load', async ({ page, request }) => {
  const warnings: string[] = [];
  page.on('console', (m) => warnings.push(m.text()));
  const owner = await createUser(request, 'polish');
  const name = rand('titles');
  await createRepo(request, owner, { name, auto_init: true, description: 'Titles everywhere' });
  const full = `${owner.username}/${name}`;
  const issue = await apiAs(request, owner, 'POST', `/repos/${full}/issues`, { title: 'Crash on save', body: 'It crashes.' });
  const [commit] = await apiAs(request, owner, 'GET', `/repos/${full}/commits?limit=1`);

  const titles: [string, string][] = [
    [`/${full}`, `${full}: Titles everywhere · Forge`],
    [`/${full}/issues`, `Issues · ${full} · Forge`],
    [`/${full}/issues/${issue.number}`, `Crash on save · Issue #${issue.number} · ${full} · Forge`],
    [`/${full}/src/branch/main/README.md`, `README.md at main · ${full} · Forge`],
    [`/${full}/commits/branch/main`, `Commits · ${full} · Forge`],
    [`/${full}/commit/${commit.sha}`, `${commit.commit.message.split('\n')[0]} · ${commit.sha.slice(0, 10)} · ${full} · Forge`],
    [`/${full}/branches`, `Branches · ${full} · Forge`],
    [`/${full}/activity`, `Activity · ${full} · Forge`],
    ['/user/login', 'Sign in · Forge'],
    ['/no-such-user/no-such-repo/nothing/here', 'Page not found · Forge'],
  ];
  for (const [url, title] of titles) {
    await page.goto(url);
    await expect(page, url).toHaveTitle(title);
  }
  // Moving inside the app updates it too.
  await page.goto(`/${full}`);
  await page
    .getByRole('navigation', { name: 'Repository' })
    .getByRole('link', { name: /Issues/ })
    .click();
  await expect(page).toHaveTitle(`Issues · ${full} · Forge`);
  expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
});

test('task-list boxes tick for the author (the body is saved) and stay read-only for others', async ({ page, request }) => {
  const owner = await createUser(request, 'polish');
  const name = rand('tasks');
  await createRepo(request, owner, { name, auto_init: true });
  const full = `${owner.username}/${name}`;
  const body = 'Release steps:\n\n- [x] tag it\n- [ ] write notes\n- [ ] announce\n\n```\n- [ ] not a task\n```\n';
  const issue = await apiAs(request, owner, 'POST', `/repos/${full}/issues`, { title: 'Release 1.0', body });
  await apiAs(request, owner, 'POST', `/repos/${full}/issues/${issue.number}/comments`, {
    body: 'Browsers:\n\n| Browser | Passes |\n| --- | --- |\n| Chromium | yes |',
  });

  // A signed-out reader sees named, disabled boxes.
  await page.goto(`/${full}/issues/${issue.number}`);
  await expect(page.getByRole('checkbox', { name: 'write notes' })).toBeDisabled();

  await signIn(page, owner);
  await page.goto(`/${full}/issues/${issue.number}`);
  const box = page.getByRole('checkbox', { name: 'write notes' });
  await expect(box).toBeEnabled();
  await box.check();
  await expect(box).toBeChecked();
  await expect
    .poll(async () => (await apiAs(request, owner, 'GET', `/repos/${full}/issues/${issue.number}`)).body)
    .toBe(body.replace('- [ ] write notes', '- [x] write notes'));
  // A reload shows what was saved.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'write notes' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'announce' })).not.toBeChecked();
  await screenshots(page, 'polish-task-list');

  // The feed shows the comment as text, not as a Markdown table.
  await page.goto(`/${full}/activity`);
  const feed = page.getByRole('list', { name: 'Activity' });
  await expect(feed).toContainText('Browsers: Browser · Passes Chromium · yes');
  await expect(feed).not.toContainText('| --- |');
  await screenshots(page, 'polish-activity');
});

test('branch/tag switcher: Enter opens the first match, arrows move through matches', async ({ page, request }) => {
  const owner = await createUser(request, 'polish');
  const name = rand('switch');
  await createRepo(request, owner, { name, auto_init: true });
  const full = `${owner.username}/${name}`;
  for (const b of ['feature/alpha', 'feature/beta'])
    await apiAs(request, owner, 'POST', `/repos/${full}/branches`, { new_branch_name: b, old_branch_name: 'main' });

  await page.goto(`/${full}`);
  await page.getByRole('button', { name: /switch branch or tag/i }).click();
  await page.getByLabel('Filter branches and tags').fill('feat');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${full}/src/branch/feature/alpha$`));

  await page.getByRole('button', { name: /switch branch or tag/i }).click();
  await page.getByLabel('Filter branches and tags').fill('feat');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'feature/beta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${full}/src/branch/feature/beta$`));
});

test('repository pages: the whole clone URL, scrolling tabs with Settings, the empty repository clone URL, names checked before submit', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, 'polish');
  const name = rand('a-long-repository-name');
  await createRepo(request, owner, { name, auto_init: true });
  const empty = rand('empty');
  await createRepo(request, owner, { name: empty });

  // Signed out, an empty public repository still shows how to clone it.
  await page.goto(`/${owner.username}/${empty}`);
  await expect(page.getByRole('textbox', { name: 'Clone URL' })).toHaveValue(new RegExp(`/${owner.username}/${empty}\\.git$`));
  await screenshots(page, 'polish-empty-repo');

  await signIn(page, owner);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${owner.username}/${name}`);
  const clone = page.getByRole('textbox', { name: 'Clone URL' });
  // The box is wide enough for the whole URL: nothing is hidden to scroll to.
  expect(await clone.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await screenshots(page, 'polish-repo-home');
  // Star is a working toggle (the star API exists), not a decoration.
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await expect(page.getByRole('link', { name: '1 star, see stargazers' })).toBeVisible();

  // At phone width the tabs scroll, say so, and reach Settings.
  await page.setViewportSize({ width: 375, height: 800 });
  const tabs = page.getByRole('navigation', { name: 'Repository' });
  await expect(tabs).toHaveAttribute('data-scroll-right', 'true');
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${name}/settings$`));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Settings: only the units that exist, and a bad name is refused before it is sent.
  await expect(page.getByRole('switch')).toHaveCount(2);
  await page.getByLabel('Repository name').fill('bad name');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Repository name')).toHaveAccessibleDescription('Use only letters, digits, dashes (-), underscores (_) and dots (.).');
  await screenshots(page, 'polish-settings');

  // A branch name git refuses is explained beside the field.
  await page.goto(`/${owner.username}/${name}/branches`);
  await page.getByRole('button', { name: /New branch/ }).click();
  await page.getByLabel('Branch name').fill('my branch');
  await page.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByLabel('Branch name')).toHaveAccessibleDescription('A branch name cannot contain spaces or control characters.');

  // The issue list toolbar keeps its place when a filter is active.
  await page.goto(`/${owner.username}/${name}/issues`);
  const sort = page.locator('section[aria-label="Issues"] details').first();
  const before = await sort.boundingBox();
  await page.goto(`/${owner.username}/${name}/issues?poster=${owner.username}`);
  await expect(page.getByRole('link', { name: 'Clear filters' }).first()).toBeVisible();
  const after = await page.locator('section[aria-label="Issues"] details').first().boundingBox();
  expect(after?.y).toBe(before?.y);
  await screenshots(page, 'polish-issues-filtered');
});

test('sign-in page links to where tokens are made', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Access token' }).click();
  await expect(page.getByRole('link', { name: 'Settings → Applications' })).toHaveAttribute('href', '/user/settings/applications');
  await page.screenshot({ path: 'e2e/screenshots/polish-sign-in-token.png' });
  await screenshots(page, 'polish-sign-in');
});
