// Issue #9 faults 6 and 8: security headers on every answer, and CORS off unless configured.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const repo = uniq('repo');
await createFixtureRepo(forge.deps, owner, repo, [{ message: 'first\n', files: { 'README.md': 'hello\n', 'page.html': '<script>alert(1)</script>\n' } }]);

const appWith = (settings: Partial<Config>) => createApp({ db: forge.deps.db, config: { ...forge.deps.config, ...settings } as Config });

function expectBaseHeaders(h: Headers) {
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

describe('security headers', () => {
  it('are on API answers, errors included, with a policy that loads nothing', async () => {
    for (const [url, status, token] of [
      ['/version', 200, undefined],
      [`/repos/${owner.name}/${repo}`, 200, undefined],
      ['/repos/nobody/nothing', 404, undefined],
      ['/user', 401, 'wrong-token'],
      [`/repos/${owner.name}/${repo}/commits?sha=%00`, 400, undefined],
    ] as const) {
      const r = await forge.req('GET', url, { token });
      expect(r.status, url).toBe(status);
      expectBaseHeaders(r.headers);
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('are on git over HTTP', async () => {
    const r = await forge.app.request(`/${owner.name}/${repo}.git/info/refs?service=git-upload-pack`);
    expect(r.status).toBe(200);
    expectBaseHeaders(r.headers);
  });

  it('raw files keep their sandboxed policy and gain frame-ancestors', async () => {
    const r = await forge.req('GET', `/repos/${owner.name}/${repo}/raw/page.html`);
    expect(r.status).toBe(200);
    expectBaseHeaders(r.headers);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toMatch(/\bsandbox\b/);
    expect(csp).toContain("default-src 'none'");
  });

  it('the app page gets a strict policy: no inline script but its own by hash, styles from itself', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-web-'));
    const inline = "document.documentElement.classList.add('dark');";
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
    );
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'config.json'), JSON.stringify({ apiBaseUrl: 'https://api.example.com/' }));
    const app = appWith({ webDir });
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    for (const url of ['/', '/index.html', `/${owner.name}/${repo}/src/branch/main`]) {
      const r = await app.request(url);
      expect(r.status, url).toBe(200);
      expect(await r.text()).toContain('<div id="root">');
      expectBaseHeaders(r.headers);
      const csp = r.headers.get('content-security-policy')!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(`script-src 'self' ${hash}`);
      // The built stylesheet, plus at most exact inline stylesheets by hash; never 'unsafe-inline'.
      expect(directive('style-src')).toMatch(/^style-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('connect-src')).toContain('https://api.example.com');
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
    }
    const asset = await app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expectBaseHeaders(asset.headers);
    fs.rmSync(webDir, { recursive: true, force: true });
  });
});

describe('CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });

  it('is off by default: no Access-Control-Allow-Origin for any origin, preflights included', async () => {
    const r = await forge.app.request('/api/v1/version', { headers: { Origin: 'https://evil.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const p = await forge.app.request('/api/v1/user/repos', preflight('https://evil.example'));
    expect(p.headers.get('access-control-allow-origin')).toBeNull();
    expect(p.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('FORGE_CORS_ORIGINS allows the listed origins only, answers preflights and exposes the paging headers', async () => {
    const app = appWith({ corsOrigins: ['https://app.example', 'https://other.example'] });
    const r = await app.request(`/api/v1/repos/${owner.name}/${repo}/commits`, { headers: { Origin: 'https://app.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(r.headers.get('vary')).toMatch(/origin/i);
    const exposed = r.headers
      .get('access-control-expose-headers')!
      .split(',')
      .map((h) => h.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'x-page', 'x-perpage', 'x-pagecount', 'x-hasmore', 'link']));

    const p = await app.request('/api/v1/user/repos', preflight('https://other.example'));
    expect(p.status).toBe(204);
    expect(p.headers.get('access-control-allow-origin')).toBe('https://other.example');
    expect(p.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(p.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('authorization');

    const denied = await app.request('/api/v1/version', { headers: { Origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const deniedPre = await app.request('/api/v1/user/repos', preflight('https://evil.example'));
    expect(deniedPre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads the list from the environment', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ FORGE_CORS_ORIGINS: ' https://a.example/, https://b.example ,' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    const c = loadConfig({ FORGE_LOGIN_MAX_FAILURES: '5', FORGE_LOGIN_WINDOW_SECONDS: '30', FORGE_TRUST_PROXY: 'true' });
    expect([c.loginMaxFailures, c.loginWindowSeconds, c.trustProxy]).toEqual([5, 30, true]);
    expect(loadConfig({}).loginMaxFailures).toBe(10);
  });
});
