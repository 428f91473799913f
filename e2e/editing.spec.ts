// Editing files in the browser and suggested changes (issue #21), in Chromium against the real
// server and real git: a README edited in CodeMirror into a new branch (main is protected, so
// that is the only choice, and the page says why) and on to the pull request; a suggestion made in
// a review comment and applied to the head branch as one commit.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, createRepo, screenshots, rand, apiAs, signInWithCookie } from './fixtures';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const text = (content: string) => Buffer.from(content, 'base64').toString('utf8');

test('edit a README in the browser into a new branch and open the pull request', async ({ page, request }) => {
  const owner = await createUser(request, 'editor');
  const repo = rand('docs');
  await createRepo(request, owner, { name: repo, auto_init: true, readme: 'Default' });
  const api = `/repos/${owner.username}/${repo}`;
  await apiAs(request, owner, 'POST', `${api}/branch_protections`, { rule_name: 'main', enable_push: false });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/src/branch/main/README.md`);
  await page.getByRole('link', { name: 'Edit this file' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/_edit/main/README\\.md$`));
  const editor = page.getByRole('textbox', { name: 'Contents of README.md' });
  await expect(editor).toContainText(`# ${repo}`);
  // Line numbers and Markdown highlighting come with the editor.
  await expect(page.locator('.cm-lineNumbers')).toContainText('1');
  await expect(page.locator('.cm-content .tok-heading').first()).toBeVisible();
  // Main is protected: only a new branch is offered, with the reason.
  const form = page.getByRole('form', { name: 'Commit changes' });
  await expect(form.getByText('The branch main is protected')).toBeVisible();
  await expect(form.getByRole('radio', { name: /Create a new branch/ })).toBeChecked();
  await screenshots(page, 'editor');

  // After the screenshots' reload: the Markdown mode is in before typing.
  await expect(page.locator('.cm-content .tok-heading').first()).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\nEdited in the **browser**.');
  await expect(editor).toContainText('Edited in the **browser**.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Edited in the browser.')).toBeVisible();
  await expect(page.locator('strong', { hasText: 'browser' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/editor-preview-light.png', fullPage: true });
  await page.getByRole('button', { name: 'Edit file' }).click();

  await form.getByRole('textbox', { name: 'New branch name' }).fill('readme-polish');
  await form.getByRole('textbox', { name: 'Commit message' }).fill('Polish the README');
  await form.getByRole('button', { name: 'Commit and propose changes' }).click();

  // Straight to the new pull request form for that branch.
  await expect(page).toHaveURL(new RegExp(`/${repo}/compare/main\\.\\.\\.readme-polish$`));
  await expect(page.getByLabel('Title')).toHaveValue('Polish the README');
  await page.getByRole('button', { name: 'Create pull request' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/pulls/1$`));

  const readme = await apiAs(request, owner, 'GET', `${api}/contents/README.md?ref=readme-polish`);
  expect(text(readme.content)).toContain('Edited in the **browser**.');
  const main = await apiAs(request, owner, 'GET', `${api}/contents/README.md?ref=main`);
  expect(text(main.content)).not.toContain('Edited in the');
  const pull = await apiAs(request, owner, 'GET', `${api}/pulls/1`);
  expect(pull.head.ref).toBe('readme-polish');
});

test('suggest a change in a review and apply it to the head branch', async ({ page, request }) => {
  const owner = await createUser(request, 'author');
  const repo = rand('cart');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const api = `/repos/${owner.username}/${repo}`;
  const original = 'export function total(items) {\n  let sum = 0;\n  for (const i of items) sum += i.price;\n  return sum;\n}\n';
  await apiAs(request, owner, 'POST', `${api}/contents/cart.js`, { content: b64(original), message: 'Add the cart' });
  const file = await apiAs(request, owner, 'GET', `${api}/contents/cart.js`);
  await apiAs(
    request,
    owner,
    'PUT',
    `${api}/contents/cart.js`,
    { content: b64(original.replace('return sum;', 'return sum.toFixed(2);')), sha: file.sha, new_branch: 'rounding', message: 'Round the total' },
    200,
  );
  const pull = await apiAs(request, owner, 'POST', `${api}/pulls`, { title: 'Round the total', head: 'rounding', base: 'main' });

  await signInWithCookie(page, owner);
  await page.goto(`/${owner.username}/${repo}/pulls/${pull.number}/files`);
  const diff = page.getByRole('region', { name: /^cart\.js/ });
  await expect(diff.getByText('return sum.toFixed(2);')).toBeVisible();
  await diff.locator('td[data-side="new"][data-line="4"]').first().click();
  await diff.getByRole('button', { name: 'Comment on new line 4' }).click();
  await page.getByRole('button', { name: 'Suggest a change' }).click();
  const box = page.getByRole('textbox', { name: 'Comment on line 4 of cart.js' });
  await expect(box).toHaveValue('```suggestion\n  return sum.toFixed(2);\n```\n');
  await box.fill('Keep it a number:\n\n```suggestion\n  return Math.round(sum * 100) / 100;\n```\n');
  await page.getByRole('button', { name: 'Add single comment' }).click();

  const suggestion = diff.getByRole('figure', { name: 'Suggested change' });
  await expect(suggestion.locator('del')).toHaveText(/return sum\.toFixed\(2\);/);
  await expect(suggestion.locator('ins')).toHaveText(/return Math\.round\(sum \* 100\) \/ 100;/);
  await screenshots(page, 'suggestion');
  // The suggestion block and its buttons pass axe in light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('forge.theme', t), scheme);
    await page.reload();
    await expect(diff.getByRole('figure', { name: 'Suggested change' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('forge.theme', 'light'));
  await page.reload();
  await diff.getByRole('figure', { name: 'Suggested change' }).getByRole('button', { name: 'Apply suggestion' }).click();
  await expect(diff.getByRole('figure', { name: 'Suggested change' }).getByText(/Applied in [0-9a-f]{10}/)).toBeVisible();
  await expect(diff.getByText('Suggestion applied in').first()).toBeVisible();

  const after = await apiAs(request, owner, 'GET', `${api}/contents/cart.js?ref=rounding`);
  expect(text(after.content)).toBe(original.replace('return sum;', 'return Math.round(sum * 100) / 100;'));
  const commits = await apiAs(request, owner, 'GET', `${api}/commits?sha=rounding&limit=1`);
  expect(commits[0].commit.message).toBe('Apply suggestion from code review\n');
});

test('create a file, upload files and delete a file from the browser', async ({ page, request }) => {
  const owner = await createUser(request, 'uploader');
  const repo = rand('files');
  await createRepo(request, owner, { name: repo, auto_init: true });
  const api = `/repos/${owner.username}/${repo}`;
  await signInWithCookie(page, owner);

  await page.goto(`/${owner.username}/${repo}`);
  await page.getByRole('link', { name: 'New file' }).click();
  await page.getByRole('textbox', { name: 'File name' }).fill('notes.txt');
  await page
    .getByRole('textbox', { name: 'Contents of the new file' })
    .or(page.getByRole('textbox', { name: 'Contents of notes.txt' }))
    .click();
  await page.keyboard.type('first note');
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect(page.getByRole('region', { name: /^notes\.txt/ })).toContainText('first note');
  await page.getByRole('button', { name: 'Commit changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/src/branch/main/notes\\.txt$`));
  expect(text((await apiAs(request, owner, 'GET', `${api}/contents/notes.txt`)).content)).toBe('first note');

  await page.goto(`/${owner.username}/${repo}`);
  await page.getByRole('link', { name: 'Upload files' }).click();
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'a.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 255]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('replaced') },
  ]);
  await expect(page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Commit changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/src/branch/main$`));
  const bin = await apiAs(request, owner, 'GET', `${api}/contents/a.bin`);
  expect(Buffer.from(bin.content, 'base64').equals(Buffer.from([0, 1, 2, 255]))).toBe(true);
  expect(text((await apiAs(request, owner, 'GET', `${api}/contents/notes.txt`)).content)).toBe('replaced');

  await page.goto(`/${owner.username}/${repo}/src/branch/main/notes.txt`);
  await page.getByRole('link', { name: 'Delete this file' }).click();
  await expect(page.getByRole('heading', { name: 'Delete notes.txt' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete the file' }).click();
  await expect(page).toHaveURL(new RegExp(`/${repo}/src/branch/main$`));
  const gone = await request.get(`/api/v1${api}/contents/notes.txt`, { headers: { Authorization: `token ${owner.token}` } });
  expect(gone.status()).toBe(404);
});
