// Journeys a forge user makes with issues, in Chromium against the real server: filing, Markdown
// comments with mentions and references, editing, closing, filtering and who may change what.
import type { Page } from '@playwright/test';
import { test, expect, createUser, createRepo, screenshots, rand, apiAs, type SeedUser, signInWithCookie } from './fixtures';

interface Seeded {
  owner: SeedUser;
  repo: string;
}

async function seedRepo(request: Parameters<typeof createUser>[0], prefix: string): Promise<Seeded> {
  const owner = await createUser(request, prefix);
  const repo = rand('tracker');
  await createRepo(request, owner, { name: repo, auto_init: true });
  return { owner, repo };
}

const commentCard = (page: Page, login: string) => page.getByRole('article', { name: `Comment by ${login}` });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
// The page has two h1s (the repository's and the issue's); the issue's is the one with the title.
const issueTitle = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title });
// The state badge under the title ("◉ Open" / "✓ Closed").
const stateBadge = (page: Page, title: string) => page.locator('main header', { has: issueTitle(page, title) }).getByText(/^\W*(Open|Closed)$/);

test('file an issue with labels and a milestone through the form', async ({ page, request }) => {
  const { owner, repo } = await seedRepo(request, 'filer');
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'bug', color: '#e11d48', description: 'Something is broken' });
  await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'ui', color: '#1d76db' });
  await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'wontfix', color: '#6b7280' });
  await apiAs(request, owner, 'POST', `${base}/milestones`, { title: 'v1.0', description: 'The first release' });
  await apiAs(request, owner, 'POST', `${base}/milestones`, { title: 'v2.0' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues`);
  await expect(page.getByRole('heading', { name: 'No issues yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/issues/new$`));

  await page.getByLabel('Title').fill('Saving a file loses the last line');
  await page.getByRole('textbox', { name: 'Description' }).fill('Steps:\n\n1. Open a file\n2. Save it\n\n**Expected**: nothing is lost.');
  const details = page.getByRole('complementary', { name: 'Issue details' });
  await details.getByRole('checkbox', { name: 'bug' }).check();
  await details.getByRole('checkbox', { name: 'ui' }).check();
  await details.getByLabel('Milestone').selectOption({ label: 'v1.0' });
  // The preview renders the Markdown the issue will show.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('tabpanel').getByText('Expected')).toBeVisible();
  await screenshots(page, 'issue-new');
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Create issue' }).click();

  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${repo}/issues/1$`));
  await expect(issueTitle(page, 'Saving a file loses the last line')).toContainText('#1');
  const labels = page.getByRole('list', { name: 'Labels of this issue' });
  await expect(labels.getByRole('listitem')).toHaveText(['bug', 'ui']);
  await expect(page.getByRole('region', { name: 'Milestone' }).getByRole('link', { name: 'v1.0' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Description by ${owner.username}` }).getByRole('listitem')).toHaveText(['Open a file', 'Save it']);
  await screenshots(page, 'issue-page');

  // The server stored what the form sent.
  const issue = await apiAs(request, owner, 'GET', `${base}/issues/1`);
  expect(issue.labels.map((l: { name: string }) => l.name).sort()).toEqual(['bug', 'ui']);
  expect(issue.milestone.title).toBe('v1.0');
  expect(issue.state).toBe('open');

  // The list shows it with its chips, and the labels and milestones pages count it.
  await page.goto(`/${owner.username}/${repo}/issues`);
  const row = page.getByRole('region', { name: 'Issues' }).getByRole('listitem').filter({ hasText: 'Saving a file loses the last line' });
  await expect(row.getByRole('link', { name: 'Label: bug' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'v1.0' })).toBeVisible();
  await screenshots(page, 'issue-list');

  await page.goto(`/${owner.username}/${repo}/labels`);
  await expect(page.getByRole('heading', { level: 1, name: /labels?$/ })).toHaveText('3 labels');
  await page.getByRole('button', { name: 'New label' }).click();
  const form = page.getByRole('region', { name: 'New label' });
  await form.getByLabel('Name').fill('docs');
  await form.getByLabel('Colour', { exact: true }).fill('#0e8a16');
  await form.getByRole('button', { name: 'Create label' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /labels?$/ })).toHaveText('4 labels');
  await screenshots(page, 'issue-labels');

  await page.goto(`/${owner.username}/${repo}/milestones`);
  await expect(page.getByRole('link', { name: 'v1.0' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'v2.0' })).toBeVisible();
  await screenshots(page, 'issue-milestones');
});

test('comment with Markdown: table, task list, code, a mention and a #reference', async ({ page, request }) => {
  const { owner, repo } = await seedRepo(request, 'writer');
  const friend = await createUser(request, 'friend');
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'Crash when the disk is full' });
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'Plan the storage work' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues/2`);
  const body = [
    '| Fruit | Price |',
    '| ----- | ----- |',
    '| pear  | 3     |',
    '| plum  | 5     |',
    '',
    '- [x] write the fix',
    '- [ ] ship it',
    '',
    '```js',
    'const answer = 42;',
    '```',
    '',
    `Thanks @${friend.username}, this needs #1 first.`,
  ].join('\n');
  const box = page.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill(body);
  // Ctrl+Enter submits, as the hint under the box says.
  await box.getByRole('textbox', { name: 'Comment' }).press('Control+Enter');
  await expect(box.getByRole('textbox', { name: 'Comment' })).toHaveValue('');

  const card = commentCard(page, owner.username);
  await expect(card.getByRole('columnheader')).toHaveText(['Fruit', 'Price']);
  await expect(card.getByRole('cell')).toHaveText(['pear', '3', 'plum', '5']);
  const boxes = card.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).not.toBeChecked();
  // The comment's author may edit it, so its task boxes can be ticked (e2e/polish.spec.ts ticks one).
  for (const b of await boxes.all()) await expect(b).toBeEnabled();
  const code = card.locator('pre code');
  await expect(code).toHaveText('const answer = 42;');
  await expect(code.locator('.hljs-keyword')).toHaveText('const');
  await expect(code.locator('.hljs-number')).toHaveText('42');
  const mention = card.getByRole('link', { name: `@${friend.username}` });
  await expect(mention).toHaveAttribute('href', `/${friend.username}`);
  const ref = card.getByRole('link', { name: '#1', exact: true });
  await expect(ref).toHaveAttribute('href', `/${owner.username}/${repo}/issues/1`);
  await screenshots(page, 'issue-comment-markdown');

  // The mention is recorded (the friend is "mentioned" on issue 2 only).
  const mentioned = await apiAs(request, owner, 'GET', `${base}/issues?state=all&mentioned_by=${friend.username}`);
  expect(mentioned.map((i: { number: number }) => i.number)).toEqual([2]);

  // Following the reference leads to issue 1, whose timeline shows where it was mentioned.
  await ref.click();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}/${repo}/issues/1$`));
  await expect(issueTitle(page, 'Crash when the disk is full')).toBeVisible();
  const event = timeline(page).getByText(/referenced this issue/);
  await expect(event).toBeVisible();
  await expect(event.getByRole('link', { name: 'Plan the storage work #2' })).toHaveAttribute('href', `/${owner.username}/${repo}/issues/2`);

  // And the mention leads to the friend's profile.
  await page.goBack();
  await commentCard(page, owner.username)
    .getByRole('link', { name: `@${friend.username}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${friend.username}$`));
  await expect(page.getByText(friend.username).first()).toBeVisible();
});

test('edit and delete a comment; close and reopen with both events in the timeline', async ({ page, request }) => {
  const { owner, repo } = await seedRepo(request, 'editor');
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'Typos in the docs', body: 'Several pages.' });
  const comment = await apiAs(request, owner, 'POST', `${base}/issues/1/comments`, { body: 'First draft of a coment' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues/1`);
  const card = commentCard(page, owner.username);
  await expect(card).toContainText('First draft of a coment');

  await card.getByRole('button', { name: `Actions for comment by ${owner.username}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = card.getByRole('textbox', { name: 'Edit comment' });
  await expect(editor).toHaveValue('First draft of a coment');
  await editor.fill('Second draft of a **comment**');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.locator('strong')).toHaveText('comment');
  await expect(card).toContainText('Second draft of a comment');
  expect((await apiAs(request, owner, 'GET', `${base}/issues/comments/${comment.id}`)).body).toBe('Second draft of a **comment**');

  // Delete asks first; cancelling keeps the comment.
  await card.getByRole('button', { name: `Actions for comment by ${owner.username}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete comment?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Actions for comment by ${owner.username}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await apiAs(request, owner, 'GET', `${base}/issues/comments/${comment.id}`, undefined, 404);

  // Close with a comment, then reopen: the header follows and the timeline keeps both events in order.
  const box = page.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill('Fixed in the docs site.');
  await box.getByRole('button', { name: 'Close with comment' }).click();
  await expect(stateBadge(page, 'Typos in the docs')).toHaveText(/Closed$/);
  await expect(timeline(page).getByText('closed this issue')).toBeVisible();
  await expect(commentCard(page, owner.username)).toContainText('Fixed in the docs site.');
  await box.getByRole('button', { name: 'Reopen' }).click();
  await expect(stateBadge(page, 'Typos in the docs')).toHaveText(/Open$/);
  await expect(timeline(page).getByText('reopened this issue')).toBeVisible();
  const events = await timeline(page)
    .getByText(/(closed|reopened) this issue/)
    .allTextContents();
  expect(events.map((t) => /closed|reopened/.exec(t)![0])).toEqual(['closed', 'reopened']);
  await screenshots(page, 'issue-timeline');

  // A reload shows the same history from the server.
  await page.reload();
  await expect(timeline(page).getByText('closed this issue')).toBeVisible();
  await expect(timeline(page).getByText('reopened this issue')).toBeVisible();
  expect((await apiAs(request, owner, 'GET', `${base}/issues/1`)).state).toBe('open');
});

test('filter the list by label and state, and share the URL', async ({ page, request, browser }) => {
  const { owner, repo } = await seedRepo(request, 'sorter');
  const base = `/repos/${owner.username}/${repo}`;
  const bug = await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'bug', color: '#e11d48' });
  const feature = await apiAs(request, owner, 'POST', `${base}/labels`, { name: 'feature', color: '#16a34a' });
  const seed = [
    { title: 'Crash on save', labels: [bug.id] },
    { title: 'Add a dark mode', labels: [feature.id] },
    { title: 'Old crash on load', labels: [bug.id], closed: true },
    { title: 'Shipped export', labels: [feature.id], closed: true },
    { title: 'Unlabelled question' },
  ];
  for (const s of seed) await apiAs(request, owner, 'POST', `${base}/issues`, s);

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/issues`);
  const list = page.getByRole('region', { name: 'Issues' });
  const titles = (p: Page) =>
    p
      .getByRole('region', { name: 'Issues' })
      .getByRole('listitem')
      .getByRole('link', { name: /^(Crash on save|Add a dark mode|Old crash on load|Shipped export|Unlabelled question)$/ });
  await expect(titles(page)).toHaveText(['Unlabelled question', 'Add a dark mode', 'Crash on save']);
  await expect(list.getByRole('navigation', { name: 'Issue state' }).getByRole('link')).toHaveText([/3\s+Open/, /2\s+Closed/]);

  await list.locator('summary', { hasText: 'Labels' }).click();
  // The box is controlled by the URL, so it shows checked once the filtered list has loaded.
  await list.getByRole('checkbox', { name: 'bug' }).click();
  await expect(page).toHaveURL(/[?&]labels=bug(&|$)/);
  await expect(list.getByRole('checkbox', { name: 'bug' })).toBeChecked();
  await expect(titles(page)).toHaveText(['Crash on save']);
  await expect(list.getByRole('navigation', { name: 'Issue state' }).getByRole('link')).toHaveText([/1\s+Open/, /1\s+Closed/]);

  await list
    .getByRole('navigation', { name: 'Issue state' })
    .getByRole('link', { name: /Closed/ })
    .click();
  await expect(page).toHaveURL(/[?&]state=closed(&|$)/);
  await expect(page).toHaveURL(/[?&]labels=bug(&|$)/);
  await expect(titles(page)).toHaveText(['Old crash on load']);
  await expect(list.getByRole('link', { name: 'Remove filter label: bug' })).toBeVisible();
  await screenshots(page, 'issue-list-filtered');

  // Someone else opens the shared link, signed out, in a fresh browser context: same view.
  const shared = page.url();
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(shared);
  await expect(titles(other)).toHaveText(['Old crash on load']);
  await expect(other.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: /Closed/ })).toHaveAttribute('aria-current', 'page');
  await expect(other.getByRole('link', { name: 'Remove filter label: bug' })).toBeVisible();
  await context.close();

  // Removing the filter from the chip widens the list again and drops it from the URL.
  await list.getByRole('link', { name: 'Remove filter label: bug' }).click();
  await expect(page).not.toHaveURL(/labels=/);
  await expect(titles(page)).toHaveText(['Shipped export', 'Old crash on load']);
});

test("a second user cannot edit or delete the first user's comment", async ({ page, request }) => {
  const { owner, repo } = await seedRepo(request, 'first');
  const second = await createUser(request, 'second');
  const base = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${base}/issues`, { title: 'A question about the API' });
  const theirs = await apiAs(request, owner, 'POST', `${base}/issues/1/comments`, { body: 'The owner speaks here.' });

  await signInWithCookie(page, second);
  await page.goto(`/${owner.username}/${repo}/issues/1`);
  const ownersCard = commentCard(page, owner.username);
  await expect(ownersCard).toContainText('The owner speaks here.');
  // The second user may comment (public repository) and change their own words…
  const box = page.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill('A reply from someone else.');
  await box.getByRole('button', { name: 'Comment' }).click();
  const mine = commentCard(page, second.username);
  await expect(mine).toContainText('A reply from someone else.');
  await mine.getByRole('button', { name: `Actions for comment by ${second.username}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
  await page.keyboard.press('Escape');
  // …but gets no menu on the owner's comment, nor on the issue's description.
  await expect(ownersCard.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(ownersCard.getByRole('menuitem')).toHaveCount(0);
  await expect(page.getByRole('article', { name: `Description by ${owner.username}` }).getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  // The close button is for the author and maintainers only.
  await expect(box.getByRole('button', { name: /Close/ })).toHaveCount(0);

  // And the server refuses even when asked directly.
  const patch = await request.patch(`/api/v1${base}/issues/comments/${theirs.id}`, {
    headers: { Authorization: `token ${second.token}` },
    data: { body: 'hijacked' },
  });
  expect(patch.status()).toBe(403);
  const del = await request.delete(`/api/v1${base}/issues/comments/${theirs.id}`, { headers: { Authorization: `token ${second.token}` } });
  expect(del.status()).toBe(403);
  expect((await apiAs(request, owner, 'GET', `${base}/issues/comments/${theirs.id}`)).body).toBe('The owner speaks here.');
  await page.reload();
  await expect(commentCard(page, owner.username)).toContainText('The owner speaks here.');
});
