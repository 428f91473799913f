// Users journeys in Chromium over the real server: add an SSH key and see the fingerprint
// ssh-keygen prints; follow a user and see the count change; star a repository and see its count
// change; create an access token and see it once. Screenshots of the profile and settings pages.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, createRepo, createUser, expect, screenshots, signIn, signInWithCookie, test } from './fixtures';

/**
 * Screenshots without a reload, for a state that lives only in the page (a token's secret shown
 * once): the theme is switched through the header's Theme select, as a user would.
 */
async function liveScreenshots(page: Page, name: string) {
  const dir = path.resolve('e2e/screenshots');
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: size.height });
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    await page.screenshot({ path: path.join(dir, `${name}-${theme}.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${theme}-phone.png`), fullPage: true });
  }
  await page.setViewportSize(size);
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
}

function makeKey(comment: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-key-'));
  const file = path.join(dir, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file]);
  const pub = fs.readFileSync(`${file}.pub`, 'utf8').trim();
  // "256 SHA256:xxxx comment (ED25519)"
  const fingerprint = execFileSync('ssh-keygen', ['-lf', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1]!;
  fs.rmSync(dir, { recursive: true, force: true });
  return { pub, fingerprint };
}

test('add an SSH key and see its fingerprint; a bad key is refused beside the field', async ({ page, request }) => {
  const me = await createUser(request, 'keys');
  const { pub, fingerprint } = makeKey(`${me.username}@laptop`);
  await signIn(page, me);
  await page.getByRole('button', { name: `${me.username} — user menu` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeVisible();
  await screenshots(page, 'user-settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'SSH keys' }).click();
  await expect(page.getByRole('heading', { name: 'No SSH keys yet' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill('laptop');
  await page.getByRole('textbox', { name: 'Key' }).fill('ssh-ed25519 not-base64');
  await page.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByRole('textbox', { name: 'Key' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Key' })).toHaveValue('ssh-ed25519 not-base64');

  await page.getByRole('textbox', { name: 'Key' }).fill(pub);
  await page.getByRole('button', { name: 'Add key' }).click();
  const list = page.getByRole('list', { name: 'SSH keys' });
  await expect(list.getByText(fingerprint)).toBeVisible();
  await expect(list.getByText('laptop', { exact: true })).toBeVisible();
  await screenshots(page, 'user-settings-keys');

  await page.getByRole('button', { name: 'Delete SSH key laptop' }).click();
  await page.getByRole('dialog', { name: 'Delete SSH key' }).getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByRole('heading', { name: 'No SSH keys yet' })).toBeVisible();
});

test('follow a user and see the follower count change', async ({ page, request }) => {
  const me = await createUser(request, 'fan');
  const star = await createUser(request, 'idol');
  await apiAs(request, star, 'PATCH', '/user/settings', {
    full_name: 'Idol Person',
    description: 'Writes code.',
    location: 'Lisbon',
    website: 'https://idol.example',
  });
  await createRepo(request, star, { name: 'tools', auto_init: true, description: 'Handy tools' });
  await signInWithCookie(page, me);
  await page.goto(`/${star.username}`);
  const card = page.getByRole('region', { name: 'Profile' });
  await expect(card.getByRole('heading', { level: 1 })).toContainText('Idol Person');
  await expect(card.getByRole('link', { name: /^0 followers/ })).toBeVisible();
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByRole('link', { name: /^1 follower$/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await card.getByRole('link', { name: /^1 follower$/ }).click();
  await expect(page.getByRole('list', { name: `Followers of ${star.username}` }).getByRole('link', { name: me.username })).toBeVisible();
  // The follower's own profile counts whom they follow.
  await page.goto(`/${me.username}`);
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('link', { name: /^1 following/ })).toBeVisible();

  await page.goto(`/${star.username}`);
  await card.getByRole('button', { name: 'Unfollow' }).click();
  await expect(card.getByRole('link', { name: /^0 followers/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /contributions? in the last year/ })).toBeVisible();
  await screenshots(page, 'user-profile');
});

test('star a repository and see the count change; the stargazers list it', async ({ page, request }) => {
  const owner = await createUser(request, 'owner');
  const me = await createUser(request, 'stargazer');
  const repo = await createRepo(request, owner, { name: 'shiny', auto_init: true });
  await signInWithCookie(page, me);
  await page.goto(`/${owner.username}/${repo.name}`);
  await expect(page.getByRole('link', { name: '0 stars, see stargazers' })).toBeVisible();
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await expect(page.getByRole('link', { name: '1 star, see stargazers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unwatch' })).toBeVisible();

  await page.getByRole('link', { name: '1 star, see stargazers' }).click();
  await expect(page.getByRole('list', { name: `People who starred ${owner.username}/${repo.name}` }).getByRole('link', { name: me.username })).toBeVisible();
  await screenshots(page, 'repo-stargazers');
  // The star shows on the user's profile, in the Stars tab.
  await page.goto(`/${me.username}?tab=stars`);
  await expect(page.getByRole('list', { name: `Repositories ${me.username} starred` }).getByRole('link', { name: repo.name })).toBeVisible();

  await page.goto(`/${owner.username}/${repo.name}`);
  await page.getByRole('button', { name: 'Unstar' }).click();
  await expect(page.getByRole('link', { name: '0 stars, see stargazers' })).toBeVisible();
});

test('create an access token, see it once, and delete it', async ({ page, request }) => {
  const me = await createUser(request, 'tokens');
  await signInWithCookie(page, me);
  await page.goto('/user/settings/applications');
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The password is not right')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Signing in made no token (the browser holds a cookie session): only the token createUser made
  // through the API is listed, and none named for the web app.
  const tokens = page.getByRole('list', { name: 'Access tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(1);
  await expect(tokens).toContainText('e2e');
  await expect(tokens.getByText(/forge-web/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Token name' }).fill('ci-bot');
  await page.getByRole('combobox', { name: 'Repositories' }).selectOption('read');
  await page.getByRole('button', { name: 'Generate token' }).click();
  const secret = page.getByLabel('New token', { exact: true });
  await expect(secret).toHaveText(/^[0-9a-f]{40}$/);
  const value = (await secret.textContent())!;
  // The token works against the API, within its scopes (read:repository, not read:user).
  const auth = { Authorization: `token ${value}` };
  expect((await request.get('/api/v1/repos/search', { headers: auth })).status()).toBe(200);
  const user = await request.get('/api/v1/user', { headers: auth });
  expect(user.status()).toBe(403);
  expect((await user.json()).message).toMatch(/^token does not have at least one of required scope\(s\), required=\[read:user\]/);
  await expect(page.getByRole('list', { name: 'Access tokens' }).getByText('ci-bot')).toBeVisible();
  await liveScreenshots(page, 'user-settings-applications-created');
  await page.getByRole('button', { name: 'Delete token ci-bot' }).click();
  await page.getByRole('dialog', { name: 'Delete access token' }).getByRole('button', { name: 'Delete token' }).click();
  await expect(page.getByRole('button', { name: 'Delete token ci-bot' })).toHaveCount(0);
  // The secret stays until dismissed; after a reload it is gone for good and the password is asked again.
  await screenshots(page, 'user-settings-applications');
  await expect(page.getByText(value)).toHaveCount(0);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});
