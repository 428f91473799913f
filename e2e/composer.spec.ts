// The composer: a named Markdown toolbar with shortcuts, @ and # suggestions in a listbox driven
// from the keyboard, and emoji shortcodes rendered in the posted comment.
import { apiAs, createRepo, createUser, expect, rand, screenshots, test, signInWithCookie } from './fixtures';

test('format with the toolbar and shortcuts, mention and reference from suggestions, post emoji', async ({ page, request }) => {
  const user = await createUser(request, 'writer');
  const friend = await createUser(request, 'friendly');
  const name = rand('compose');
  await createRepo(request, user, { name, auto_init: true });
  await apiAs(request, user, 'PUT', `/repos/${user.username}/${name}/collaborators/${friend.username}`, { permission: 'write' }, 204);
  await apiAs(request, user, 'POST', `/repos/${user.username}/${name}/issues`, { title: 'Earlier crash report' });
  const issue = await apiAs(request, user, 'POST', `/repos/${user.username}/${name}/issues`, { title: 'Discuss the composer' });
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}/issues/${issue.number}`);

  const form = page.getByRole('form', { name: 'Add a comment' });
  const box = form.getByRole('textbox', { name: 'Comment' });
  const toolbar = form.getByRole('toolbar', { name: 'Comment formatting' });
  for (const b of ['Bold', 'Italic', 'Code', 'Link', 'Quote', 'Bulleted list', 'Task list', 'Mention someone']) {
    await expect(toolbar.getByRole('button', { name: new RegExp(`^${b}`) })).toBeVisible();
  }

  // Ctrl+B wraps the selection; the toolbar's Task list prefixes the line.
  await box.fill('loud');
  await box.selectText();
  await box.press('Control+b');
  await expect(box).toHaveValue('**loud**');
  await box.fill('check this');
  await toolbar.getByRole('button', { name: 'Task list' }).click();
  await expect(box).toHaveValue('- [ ] check this');

  // @ offers the repository's people: arrows move, Enter inserts.
  await box.fill('');
  await box.pressSequentially(`Thanks @${friend.username.slice(0, 6)}`);
  const people = page.getByRole('listbox', { name: 'People to mention' });
  await expect(people.getByRole('option', { name: new RegExp(friend.username) })).toBeVisible();
  await expect(box).toHaveAttribute('aria-controls', (await people.getAttribute('id'))!);
  await screenshots(page, 'composer-suggestions');
  // The screenshots reloaded the page: type again.
  await box.pressSequentially(`Thanks @${friend.username.slice(0, 6)}`);
  await expect(people.getByRole('option', { name: new RegExp(friend.username) })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`Thanks @${friend.username} `);
  await expect(people).toHaveCount(0);

  // # offers issues by title words; Escape closes without inserting.
  await box.pressSequentially('see #crash');
  const refs = page.getByRole('listbox', { name: 'Issues and pull requests' });
  await expect(refs.getByRole('option', { name: /Earlier crash report/ })).toBeVisible();
  await box.press('Escape');
  await expect(refs).toHaveCount(0);
  await box.press('Backspace');
  await expect(refs.getByRole('option')).toHaveCount(0);
  await box.fill(`Thanks @${friend.username} :+1: :tada:`);
  await box.press('Control+Enter');
  const posted = page.getByRole('article', { name: `Comment by ${user.username}` }).last();
  await expect(posted).toContainText('👍');
  await expect(posted).toContainText('🎉');
  await expect(posted.getByRole('link', { name: `@${friend.username}` })).toBeVisible();
});
