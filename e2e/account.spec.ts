// Issue #20, Account: change the password then sign in with it, sign up through the page, add and
// remove an e-mail address, delete an account with the typed confirmation. The e2e server runs
// with sign-up open (scripts/e2e-server.mjs), as the demo does.
import { test, expect, createUser, rand, signIn, screenshots } from './fixtures';

const userMenu = (page: import('@playwright/test').Page, name: string) => page.getByRole('button', { name: `${name} — user menu` });

async function signOut(page: import('@playwright/test').Page, name: string) {
  await userMenu(page, name).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('changes the password, then signs out and in with the new one', async ({ page, request }) => {
  const user = await createUser(request, 'acct-pw');
  await signIn(page, user);
  await page.goto('/user/settings/account');
  await screenshots(page, 'user-settings-account');

  // A wrong current password is refused beside its field, and what was typed stays.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('my-brand-new-password');
  await page.getByLabel('Repeat the new password').fill('my-brand-new-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('my-brand-new-password');

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other browsers were signed out.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  // This browser stays signed in.
  await page.reload();
  await expect(userMenu(page, user.username)).toBeVisible();

  await signOut(page, user.username);
  await page.goto('/user/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Wrong username or password')).toBeVisible();
  await signIn(page, { username: user.username, password: 'my-brand-new-password' });
});

test('signs up from the sign-in page and is signed in', async ({ page }) => {
  const name = rand('newbie');
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/user\/sign_up$/);
  await screenshots(page, 'sign-up');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('E-mail address').fill(`${name}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Repeat the password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // A reserved name is refused beside the field; the rest stays as typed.
  await expect(page.getByText('This name is reserved for the site; choose another')).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(`${name}@example.com`);
  await page.getByLabel('Username').fill(name);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(userMenu(page, name)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(userMenu(page, name)).toBeVisible();
});

test('adds and removes an e-mail address', async ({ page, request }) => {
  const user = await createUser(request, 'acct-mail');
  await signIn(page, user);
  await page.goto('/user/settings/account');
  const list = page.getByRole('list', { name: 'E-mail addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Primary')).toBeVisible();

  const extra = `${rand('work')}@example.org`;
  await page.getByLabel('Add an e-mail address').fill(extra);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(extra)).toBeVisible();

  await list.getByRole('button', { name: `Remove ${extra}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove e-mail address' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(extra)).toHaveCount(0);
});

test('deletes an account after the typed confirmation and shows the signed-out home', async ({ page, request }) => {
  const user = await createUser(request, 'acct-del');
  await signIn(page, user);
  await page.goto('/user/settings/account');
  await page.getByRole('button', { name: 'Delete your account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  const confirm = dialog.getByRole('button', { name: 'Delete this account' });
  await dialog.getByLabel('Your password').fill(user.password);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(user.username.toUpperCase());
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(user.username);
  await confirm.click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await request.get(`/api/v1/users/${user.username}`)).status()).toBe(404);
});
