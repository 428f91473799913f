// Shared helpers for the browser tests: every test seeds its own users and repositories over the
// real API with random names, so tests run in any order and in parallel.
import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ADMIN = { username: process.env.E2E_ADMIN ?? 'e2e-admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password' };
const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
export const rand = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export interface SeedUser {
  username: string;
  password: string;
  token: string;
}

let adminToken: Promise<string> | undefined;

/**
 * The administrator's access token, made once per worker: Basic auth costs the server a password
 * hash (scrypt) on every request, a token does not.
 */
function adminAuthorization(request: APIRequestContext): Promise<string> {
  adminToken ??= (async () => {
    const t = await request.post(`/api/v1/users/${ADMIN.username}/tokens`, {
      headers: { Authorization: basic(ADMIN.username, ADMIN.password) },
      data: { name: rand('e2e-admin') },
    });
    expect(t.status(), await t.text()).toBe(201);
    return `token ${(await t.json()).sha1}`;
  })().catch((e) => {
    adminToken = undefined;
    throw e;
  });
  return adminToken;
}

export async function createUser(request: APIRequestContext, prefix = 'user'): Promise<SeedUser> {
  const username = rand(prefix);
  const password = `pw-${username}`;
  const r = await request.post('/api/v1/admin/users', {
    headers: { Authorization: await adminAuthorization(request) },
    data: { username, email: `${username}@example.com`, password, must_change_password: false },
  });
  expect(r.status(), await r.text()).toBe(201);
  const t = await request.post(`/api/v1/users/${username}/tokens`, { headers: { Authorization: basic(username, password) }, data: { name: 'e2e' } });
  expect(t.status()).toBe(201);
  return { username, password, token: (await t.json()).sha1 };
}

export async function createRepo(request: APIRequestContext, user: SeedUser, body: Record<string, unknown>) {
  const r = await request.post('/api/v1/user/repos', { headers: { Authorization: `token ${user.token}` }, data: body });
  expect(r.status(), await r.text()).toBe(201);
  return r.json();
}

/** Calls the API as `user` and returns the JSON; any status but `expected` fails with the server's answer. */
export async function apiAs<T = any>(
  request: APIRequestContext,
  user: SeedUser,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
  expected = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200,
): Promise<T> {
  const r = await request.fetch(`/api/v1${url}`, { method, headers: { Authorization: `token ${user.token}` }, data });
  expect(r.status(), `${method} ${url}: ${await r.text()}`).toBe(expected);
  return (r.status() === 204 ? undefined : await r.json()) as T;
}

/** Signs in through the real form. */
export async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('button', { name: `${user.username} — user menu` })).toBeVisible();
}

/**
 * Signs in without the form, for tests about something else that go to their page next: the cookie
 * session the form would get, made by the same request (POST /user/sessions) on the page's own
 * cookie jar, so the next page loads signed in. Saves loading the sign-in page and the home page
 * it leads to. The journeys about signing in (smoke, account, sessions, polish) use the form.
 */
export async function signInWithCookie(page: Page, user: { username: string; password: string }) {
  const r = await page.request.post('/api/v1/user/sessions', { data: { username: user.username, password: user.password } });
  expect(r.status(), await r.text()).toBe(201);
}

const shotDir = path.resolve('e2e/screenshots');

/**
 * Whether screenshots() saves pictures. They are for people to look at, so CI, where nobody does
 * (e2e/screenshots/ is not kept), turns them off with E2E_SCREENSHOTS=0 (scripts/test.mjs): the
 * two reloads and four full-page pictures were two fifths of a journey's time there.
 */
const savePictures = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Saves the page in light and dark mode at desktop width and at phone width, for people to look at.
 * With or without pictures the test goes on from the same state: the theme set to light and the
 * page reloaded.
 */
export async function screenshots(page: Page, name: string) {
  fs.mkdirSync(shotDir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of savePictures ? (['light', 'dark'] as const) : []) {
    // Through the app's own setting and a reload, as a user who picked the theme would see it.
    await page.evaluate((t) => localStorage.setItem('forge.theme', t), theme);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 1280, height: size.height });
    await page.screenshot({ path: path.join(shotDir, `${name}-${theme}.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: path.join(shotDir, `${name}-${theme}-phone.png`), fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('forge.theme', 'light'));
  await page.reload();
  // The test goes on with keys and clicks: the app must be loaded again, or a key press is lost.
  await page.waitForLoadState('networkidle');
  await page.setViewportSize(size);
}

export const test = base;
export { expect };

/** Runs the real git CLI in `cwd` as a fixed author, never prompting. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: cwd,
      GIT_AUTHOR_NAME: 'E2E',
      GIT_AUTHOR_EMAIL: 'e2e@example.com',
      GIT_COMMITTER_NAME: 'E2E',
      GIT_COMMITTER_EMAIL: 'e2e@example.com',
    },
  });

/** The repository's clone URL with the user's token as the password, as a git client sends it. */
export function cloneUrl(baseURL: string | undefined, user: SeedUser, repo: string) {
  const url = new URL(`/${user.username}/${repo}.git`, baseURL);
  url.username = user.username;
  url.password = user.token;
  return url.toString();
}
