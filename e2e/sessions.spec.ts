// Issue #23: the web app signs in with an HttpOnly cookie session. Page scripts can read nothing
// that authenticates (no token in localStorage or sessionStorage, the cookie not in
// document.cookie), a reload keeps the session, and after sign-out the old cookie is refused.
import { test, expect, createUser, signIn, screenshots } from './fixtures';

test('signs in with a cookie session, keeps nothing readable, and ends it at sign-out', async ({ page, request, context }) => {
  const user = await createUser(request, 'sess');
  await signIn(page, user);

  const cookie = (await context.cookies()).find((c) => c.name === 'forge_session');
  expect(cookie, 'the session cookie').toBeTruthy();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe('Lax');
  const readable = () => page.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
  const check = (text: string) => {
    expect(text).not.toContain(cookie!.value);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(user.password);
    // No access token (40 hex characters) and no CSRF token kept by name.
    expect(text).not.toMatch(/[0-9a-f]{40}/);
    expect(text).not.toMatch(/forge\.session|csrf|token/i);
  };
  check(await readable());

  // A reload asks the server who is signed in; the cookie works for the API on its own.
  await page.reload();
  await expect(page.getByRole('button', { name: `${user.username} — user menu` })).toBeVisible();
  check(await readable());
  const withCookie = () => request.get('/api/v1/user', { headers: { Cookie: `forge_session=${cookie!.value}` } });
  expect((await withCookie()).status()).toBe(200);
  // A write with the cookie but without the CSRF token is refused.
  const forged = await request.post('/api/v1/user/repos', {
    headers: { Cookie: `forge_session=${cookie!.value}`, Origin: new URL(page.url()).origin },
    data: { name: 'forged' },
  });
  expect(forged.status()).toBe(403);

  await page.getByRole('button', { name: `${user.username} — user menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await withCookie()).status()).toBe(401);
  check(await readable());
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('Settings → Sessions lists each browser and signs the others out after a confirmation', async ({ page, request, browser }) => {
  const user = await createUser(request, 'sess2');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  const otherCookie = (await other.cookies()).find((c) => c.name === 'forge_session')!;
  await signIn(page, user);

  await page.goto('/user/settings/sessions');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This browser')).toHaveCount(1);
  await screenshots(page, 'user-settings-sessions');

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else' });
  await expect(dialog).toContainText('End the other session?');
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
  // The other browser's cookie no longer signs anyone in; this one still does.
  expect((await request.get('/api/v1/user', { headers: { Cookie: `forge_session=${otherCookie.value}` } })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: `${user.username} — user menu` })).toBeVisible();
  await other.close();
});
