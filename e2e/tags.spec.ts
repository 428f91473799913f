// Tags made and removed from the tags page: a name git refuses is explained before anything is sent,
// a taken name after the server refuses it, and the new tag is there for `git ls-remote` too.
import { execFileSync } from 'node:child_process';
import { test, expect, createUser, createRepo, screenshots, signInWithCookie } from './fixtures';

test('create an annotated tag from the tags page, see why bad names are refused, then delete it', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'tagger');
  const repo = await createRepo(request, user, { name: `tags-${Date.now().toString(36)}`, auto_init: true, default_branch: 'main' });
  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${repo.name}/tags`);

  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a tag' });
  await dialog.getByLabel('Tag name').fill('bad name');
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(dialog.getByText('A tag name cannot contain spaces or control characters.')).toBeVisible();
  // What was typed stays, so it can be corrected.
  await expect(dialog.getByLabel('Tag name')).toHaveValue('bad name');

  await dialog.getByLabel('Tag name').fill('v1.0');
  await dialog.getByLabel('Message (optional)').fill('First release');
  // The open dialog as it is (the shared screenshots() reloads the page, which would close it).
  await page.screenshot({ path: 'e2e/screenshots/tags-new-dialog-light.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'e2e/screenshots/tags-new-dialog-light-phone.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(dialog).toBeHidden();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('link', { name: 'v1.0', exact: true })).toBeVisible();
  await expect(tags.getByText('First release')).toBeVisible();

  // The same name again: the server's 409 becomes a sentence beside the name.
  await page.getByRole('button', { name: 'New tag' }).click();
  await dialog.getByLabel('Tag name').fill('v1.0');
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(dialog.getByText('A tag named “v1.0” already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // git sees the annotated tag.
  const remote = `${baseURL}/${user.username}/${repo.name}.git`;
  const refs = execFileSync('git', ['ls-remote', '--tags', remote], { encoding: 'utf8' });
  expect(refs).toMatch(/\trefs\/tags\/v1\.0\n/);
  expect(refs).toMatch(/\trefs\/tags\/v1\.0\^\{\}\n/);

  await screenshots(page, 'tags-list');
  await page.getByRole('button', { name: 'Delete tag v1.0' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete tag' });
  await expect(confirm).toContainText('Delete the tag v1.0?');
  await confirm.getByRole('button', { name: 'Delete tag' }).click();
  await expect(tags.getByRole('link', { name: 'v1.0', exact: true })).toBeHidden();
  expect(execFileSync('git', ['ls-remote', '--tags', remote], { encoding: 'utf8' })).toBe('');
});
