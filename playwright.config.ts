import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3197);
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/v1/version`,
    env: { E2E_PORT: String(port), FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
