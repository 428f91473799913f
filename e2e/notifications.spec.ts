// Notifications with two browsers (issue #20): A comments on B's issue, B's bell shows 1 and the
// inbox lists it; marking it read clears the bell; after unsubscribing, the next comment does not
// come. Also the inbox's keys (j, e) and pin, axe on the filled inbox, and screenshots.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, createRepo, signIn, signInWithCookie, apiAs, screenshots } from './fixtures';

test('a comment reaches the author’s bell and inbox; read clears it; unsubscribing stops the next', async ({ browser, request }) => {
  const a = await createUser(request, 'na');
  const b = await createUser(request, 'nb');
  const repo = await createRepo(request, b, { name: `inbox-${Date.now().toString(36)}`, auto_init: true });
  const base = `/repos/${b.username}/${repo.name}`;
  const issue = await apiAs(request, b, 'POST', `${base}/issues`, { title: 'The bell should ring', body: 'Tell me when someone answers.' });

  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await signIn(pageA, a);
  await signIn(pageB, b);
  await expect(pageB.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // A comments through the page.
  await pageA.goto(`/${b.username}/${repo.name}/issues/${issue.number}`);
  const boxA = pageA.getByRole('form', { name: 'Add a comment' }).getByRole('textbox', { name: 'Comment' });
  await boxA.fill('I can help with this.');
  await boxA.press('Control+Enter');
  // The page's live update can draw the comment while the box still shows it, disabled, until the
  // answer to the post comes: the comment in the timeline, then the box emptied.
  const timelineA = pageA.getByRole('region', { name: 'Timeline' });
  await expect(timelineA.getByText('I can help with this.')).toBeVisible();
  await expect(boxA).toHaveValue('');

  // B's bell (refetched on focus or navigation) says 1 unread; the inbox lists the thread.
  await pageB.goto('/');
  const bell = pageB.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(pageB).toHaveURL(/\/notifications$/);
  await expect(pageB.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const row = pageB.getByRole('link', { name: 'The bell should ring' });
  await expect(row).toBeVisible();
  await expect(pageB.getByRole('heading', { name: `${b.username}/${repo.name}` })).toBeVisible();
  await screenshots(pageB, 'notifications-inbox');

  // axe on the filled inbox, light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await pageB.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page: pageB }).analyze();
    expect(violations.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await pageB.emulateMedia({ colorScheme: 'light' });

  // j selects the thread (its link gets focus), e marks it done: the bell clears, Undo brings it back.
  await pageB.keyboard.press('j');
  await expect(row).toBeFocused();
  await pageB.keyboard.press('e');
  await expect(pageB.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(pageB.getByText('No unread notifications')).toBeVisible();
  await pageB.getByRole('button', { name: 'Undo' }).click();
  await expect(pageB.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await pageB.getByRole('button', { name: 'Done: mark “The bell should ring” as read' }).click();
  await expect(pageB.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await pageB.getByRole('link', { name: 'Read', exact: true }).click();
  await expect(pageB).toHaveURL(/status=read/);
  await expect(pageB.getByRole('link', { name: 'The bell should ring' })).toBeVisible();

  // Opening the thread; unsubscribing on the issue page.
  await pageB.getByRole('link', { name: 'The bell should ring' }).click();
  await expect(pageB.getByRole('heading', { name: /The bell should ring/ })).toBeVisible();
  const notifications = pageB.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('You’re receiving notifications of this issue.')).toBeVisible();
  await notifications.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(notifications.getByText('You’re not receiving notifications of this issue.')).toBeVisible();
  await expect(notifications.getByRole('button', { name: 'Subscribe' })).toBeVisible();

  // A's next comment does not reach B.
  await boxA.fill('Any news?');
  await boxA.press('Control+Enter');
  await expect(timelineA.getByText('Any news?')).toBeVisible();
  await expect(boxA).toHaveValue('');
  await pageB.goto('/notifications');
  await expect(pageB.getByText('No unread notifications')).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  expect((await apiAs(request, b, 'GET', '/notifications/new')).new).toBe(0);

  await ctxA.close();
  await ctxB.close();
});

test('pinning keeps a thread in Pinned; the repository filter lives in the URL', async ({ page, request }) => {
  const a = await createUser(request, 'pa');
  const b = await createUser(request, 'pb');
  const repo = await createRepo(request, b, { name: `pins-${Date.now().toString(36)}`, auto_init: true });
  const base = `/repos/${b.username}/${repo.name}`;
  for (const title of ['First question', 'Second question']) {
    const i = await apiAs(request, b, 'POST', `${base}/issues`, { title });
    await apiAs(request, a, 'POST', `${base}/issues/${i.number}/comments`, { body: 'Answer' });
  }
  await signInWithCookie(page, b);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Pin “First question”' }).click();
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.getByRole('link', { name: 'Pinned', exact: true }).click();
  await expect(page.getByRole('link', { name: 'First question' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Second question' })).toHaveCount(0);
  await screenshots(page, 'notifications-pinned');

  await page.getByRole('link', { name: 'Unread', exact: true }).click();
  // As a reader would, choose the repository once the Unread tab is shown: a change made before
  // the page has drawn the tab's answer builds on the Pinned tab it still shows.
  await expect(page.getByRole('link', { name: 'Second question' })).toBeVisible();
  await page.getByLabel('Repository').selectOption(`${b.username}/${repo.name}`);
  await expect(page).toHaveURL(new RegExp(`repo=${encodeURIComponent(`${b.username}/${repo.name}`).replace(/%2F/i, '(%2F|/)')}`));
  await page
    .getByRole('button', { name: `Mark all of ${b.username}/${repo.name} as read` })
    .first()
    .click();
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a release and a commit that mentions the reader show in the inbox as Release and Commit; the type filter keeps one', async ({ page, request }) => {
  const a = await createUser(request, 'rel-a');
  const b = await createUser(request, 'rel-b');
  const repo = await createRepo(request, a, { name: `news-${Date.now().toString(36)}`, auto_init: true });
  const base = `/repos/${a.username}/${repo.name}`;
  await apiAs(request, b, 'PUT', `${base}/subscription`, undefined, 200);
  const file = await apiAs(request, a, 'POST', `${base}/contents/NOTES.md`, {
    content: Buffer.from('notes\n').toString('base64'),
    message: `Add release notes\n\nReviewed by @${b.username}.`,
  });
  await apiAs(request, a, 'POST', `${base}/releases`, { tag_name: 'v1.0', name: 'Version 1.0', body: 'The first one.' });

  await signInWithCookie(page, b);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  const release = page.getByRole('link', { name: 'Version 1.0' });
  const commit = page.getByRole('link', { name: 'Add release notes' });
  await expect(release).toHaveAttribute('href', `/${a.username}/${repo.name}/releases/tag/v1.0`);
  await expect(commit).toHaveAttribute('href', `/${a.username}/${repo.name}/commit/${file.commit.sha}`);
  await expect(page.getByRole('listitem').filter({ has: release })).toContainText('Release');
  await expect(page.getByRole('listitem').filter({ has: commit })).toContainText('Commit');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, 'notifications-release-commit');

  await page.getByLabel('Type').selectOption('release');
  await expect(page).toHaveURL(/type=release/);
  await expect(release).toBeVisible();
  await expect(commit).toHaveCount(0);
  await page.getByLabel('Type').selectOption('commit');
  await commit.click();
  await expect(page).toHaveURL(new RegExp(`/commit/${file.commit.sha}$`));
});

test('opening a release or a commit from the inbox marks its thread read; the bell follows without a reload', async ({ page, request }) => {
  const a = await createUser(request, 'rv-a');
  const b = await createUser(request, 'rv-b');
  const repo = await createRepo(request, a, { name: `seen-${Date.now().toString(36)}`, auto_init: true });
  const base = `/repos/${a.username}/${repo.name}`;
  await apiAs(request, b, 'PUT', `${base}/subscription`, undefined, 200);
  const file = await apiAs(request, a, 'POST', `${base}/contents/CHANGES.md`, {
    content: Buffer.from('changes\n').toString('base64'),
    message: `Write the changelog\n\nThanks @${b.username}.`,
  });
  await apiAs(request, a, 'POST', `${base}/releases`, { tag_name: 'v2.0', name: 'Version 2.0', body: 'The second one.' });

  await signIn(page, b);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await screenshots(page, 'notifications-unread-release-commit');

  // The release: its page marks the thread read, and the bell drops to 1 on that page.
  await page.getByRole('link', { name: 'Version 2.0' }).click();
  await expect(page).toHaveURL(new RegExp(`/releases/tag/v2\\.0$`));
  await expect(page.getByRole('heading', { name: /Version 2\.0/, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  // Back in the inbox only the commit is unread; opening it clears the bell.
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('link', { name: 'Version 2.0' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Write the changelog' }).click();
  await expect(page).toHaveURL(new RegExp(`/commit/${file.commit.sha}$`));
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  expect((await apiAs(request, b, 'GET', '/notifications/new')).new).toBe(0);
  const threads = (await apiAs(request, b, 'GET', '/notifications?status-types=read')) as { unread: boolean; subject: { type: string } }[];
  expect(threads.map((t) => [t.subject.type, t.unread]).sort()).toEqual([
    ['Commit', false],
    ['Release', false],
  ]);

  // The inbox: all caught up; both are under Read.
  await page.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await screenshots(page, 'notifications-empty');
  await page.getByRole('link', { name: 'Read', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Version 2.0' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write the changelog' })).toBeVisible();
  await screenshots(page, 'notifications-read');
});
