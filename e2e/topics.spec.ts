// Repository topics (as Gitea and GitHub): the owner manages them on the repository's home, a
// wrong name is explained beside the field and the typed text stays; a topic links to the
// repositories that carry it; visitors see the topics but no way to change them. The languages
// bar under them shows the code's share per language (Gitea's /languages).
import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, createRepo, signIn, rand, screenshots, apiAs } from './fixtures';

test('manage topics on the repository home and find repositories by one', async ({ page, request }) => {
  const owner = await createUser(request, 'topics');
  const repo = rand('lib');
  await createRepo(request, owner, { name: repo, auto_init: true, description: 'A parser library' });
  const topic = rand('parsing').toLowerCase();
  const code = Buffer.from('pub fn parse() {}\n').toString('base64');
  await apiAs(request, owner, 'POST', `/repos/${owner.username}/${repo}/contents/src/lib.rs`, { content: code, message: 'Add the parser' });

  await signIn(page, owner);
  await page.goto(`/${owner.username}/${repo}`);
  await page.getByRole('button', { name: 'Manage topics' }).click();
  const field = page.getByRole('textbox', { name: 'Topics', exact: true });
  await expect(field).toBeFocused();
  await field.fill(`${topic} Rust_Lang`);
  await page.getByRole('button', { name: 'Save topics' }).click();
  await expect(page.getByRole('alert')).toContainText('“rust_lang” is not a valid topic');
  await expect(field).toHaveValue(`${topic} Rust_Lang`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await field.fill(`${topic}, rust`);
  await field.press('Enter');
  const topics = page.getByRole('list', { name: 'Topics' });
  await expect(topics.getByRole('link')).toHaveText([topic, 'rust']);
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText(['Rust 100%']);
  await screenshots(page, 'topics-home');

  // The topic leads to the repositories that carry it.
  await topics.getByRole('link', { name: topic }).click();
  await expect(page).toHaveURL(new RegExp(`/explore/repos\\?q=${topic}&topic=1$`));
  await expect(page.getByText(`1 repository with the topic “${topic}”`)).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(repo) }) });
  await expect(item.getByRole('list', { name: 'Topics' }).getByRole('link')).toHaveText([topic, 'rust']);
  await screenshots(page, 'topics-explore');

  // A visitor sees them, with nothing to change.
  await page.context().clearCookies();
  await page.goto(`/${owner.username}/${repo}`);
  await expect(page.getByRole('list', { name: 'Topics' }).getByRole('link')).toHaveText([topic, 'rust']);
  await expect(page.getByRole('button', { name: 'Manage topics' })).toHaveCount(0);
});
