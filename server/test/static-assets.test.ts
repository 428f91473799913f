// Issue #11: the web app's assets go out precompressed (x.br / x.gz written by the build) with
// Content-Encoding when the client accepts it, unchanged otherwise, with the same cache and
// security headers as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { createTestForge } from './helpers.ts';

const forge = await createTestForge();
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(webDir, 'assets'));
const js = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), js);
fs.writeFileSync(path.join(webDir, 'assets', 'app.js.br'), zlib.brotliCompressSync(js));
fs.writeFileSync(path.join(webDir, 'assets', 'app.js.gz'), zlib.gzipSync(js));
// Built without a precompressed copy (e.g. an older build): still served, compressed on the fly.
fs.writeFileSync(path.join(webDir, 'assets', 'plain.js'), js);
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const app = createApp({ db: forge.deps.db, config: { ...forge.deps.config, webDir } as Config });
const get = (url: string, acceptEncoding?: string) => app.request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const body = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe('precompressed assets', () => {
  it('sends the brotli file when the client accepts br, with the immutable cache and security headers', async () => {
    const r = await get('/assets/app.js', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = await body(r);
    expect(bytes.length).toBeLessThan(js.length / 4);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(js);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const r = await get('/assets/app.js', 'gzip');
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await body(r)).toString()).toBe(js);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const r = await get('/assets/app.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await body(r)).toString()).toBe(js);
  });

  it('an asset without a precompressed copy is still compressed on the fly', async () => {
    const r = await get('/assets/plain.js', 'gzip');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await body(r)).toString()).toBe(js);
  });

  it('the compressed copies are not a way around the path checks', async () => {
    const r = await get('/assets/..%2f..%2fetc%2fpasswd', 'br');
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(await r.text()).not.toContain('root:');
  });
});
