// A private repository, read by its owner: a README's relative image and the file view's Raw both
// need the session token, which the app sends in a header (plain <img>/<a> would get a 404).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect, createUser, createRepo, screenshots, rand, git, cloneUrl, signInWithCookie } from './fixtures';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A real PNG: a 64×32 indigo-to-teal gradient, so the screenshot shows it was drawn. */
function gradientPng(width = 64, height = 32): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([79, 70 + Math.round((x / width) * 120), 229 - Math.round((x / width) * 100)], o + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the owner of a private repository sees README images and opens Raw files', async ({ page, request, baseURL }) => {
  const user = await createUser(request, 'secretive');
  const name = rand('vault');
  await createRepo(request, user, { name, private: true, auto_init: true, readme: 'Default' });

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-git-'));
  const url = cloneUrl(baseURL, user, name);
  git(work, 'clone', '--quiet', url, 'repo');
  const repoDir = path.join(work, 'repo');
  fs.mkdirSync(path.join(repoDir, 'images'));
  fs.writeFileSync(path.join(repoDir, 'images', 'logo.png'), gradientPng());
  fs.writeFileSync(path.join(repoDir, 'README.md'), `# ${name}\n\nOur logo:\n\n![Vault logo](images/logo.png)\n`);
  fs.writeFileSync(path.join(repoDir, 'notes.txt'), 'Private notes, line one.\n<b>not bold</b>\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '--quiet', '-m', 'Add a logo and notes');
  git(repoDir, 'push', '--quiet', 'origin', 'main');
  fs.rmSync(work, { recursive: true, force: true });

  // Without the token the raw file is hidden, which is why a plain <img> could not show it.
  expect((await request.get(`/api/v1/repos/${user.username}/${name}/raw/images/logo.png`)).status()).toBe(404);

  await signInWithCookie(page, user);
  await page.goto(`/${user.username}/${name}`);
  const logo = page.getByRole('img', { name: 'Vault logo', exact: true });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await screenshots(page, 'private-repo-readme');

  await page.goto(`/${user.username}/${name}/src/branch/main/notes.txt`);
  const popupP = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Raw' }).click();
  const popup = await popupP;
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^blob:/);
  // Shown as plain text: the markup is text, not an element.
  await expect(popup.locator('body')).toContainText('Private notes, line one.');
  await expect(popup.locator('body')).toContainText('<b>not bold</b>');
  await expect(popup.locator('b')).toHaveCount(0);
  await popup.screenshot({ path: 'e2e/screenshots/private-repo-raw-tab.png' });
  await popup.close();
  await screenshots(page, 'private-repo-file');
});
