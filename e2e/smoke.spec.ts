import { test, expect, createUser, signIn, screenshots } from './fixtures';

test('a visitor sees the shell, signs in and out', async ({ page, request }) => {
  const user = await createUser(request, 'smoke');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Forge home' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, user);
  await page.getByRole('button', { name: `${user.username} — user menu` }).click();
  await expect(page.getByRole('menu')).toContainText(user.username);
  await screenshots(page, 'home-signed-in');
  await page.getByRole('button', { name: `${user.username} — user menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('an unknown page shows the not-found page', async ({ page }) => {
  await page.goto('/nobody-here/no-such-repo/branches');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
