import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3197);
// The "Gitea 1.23" surface proxy in front of the same server (e2e/gitea/surface-proxy.ts, issue #19).
const giteaPort = Number(process.env.E2E_GITEA_PORT ?? port + 1);
export const e2eAdmin = { username: process.env.E2E_ADMIN ?? 'e2e-admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password' };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // A journey is many steps (sign-ins, git pushes, merges); each step keeps its own 10 s expect budget, so a
  // stuck step still fails fast. The whole-test budget only has to cover the journey on a loaded 2-core
  // machine: the fork journey took 66 s there with every step passing, one minute was too tight.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: 'gitea/**' },
    // The web app through the proxy: it must work with what a Gitea 1.23 server offers.
    { name: 'gitea-1.23', testDir: 'e2e/gitea', use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${giteaPort}` } },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${port}/api/v1/version`,
      env: { E2E_PORT: String(port), FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'node node_modules/.bin/tsx e2e/gitea/surface-proxy.ts',
      url: `http://127.0.0.1:${giteaPort}/api/v1/version`,
      env: { GITEA_PROXY_PORT: String(giteaPort), GITEA_PROXY_UPSTREAM: `http://127.0.0.1:${port}` },
      reuseExistingServer: false,
      timeout: 60_000,
      // GITEA_PROXY_LOG=1 prints every 404, ignored parameter and stripped field.
      stdout: process.env.GITEA_PROXY_LOG === '1' ? 'pipe' : 'ignore',
    },
  ],
});
