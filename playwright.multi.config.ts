// Browser journeys on two forge processes on PostgreSQL behind a round-robin proxy (issue #20):
// e2e/*.multi.ts, apart from the main suite (playwright.config.ts) because they need their own
// servers (scripts/e2e-multi-server.ts). Ports: the processes on E2E_PORT and E2E_PORT+1, the
// proxy on E2E_PORT+2. `npm test` runs it after the main suite; its JSON report is counted too.
import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

const first = Number(process.env.E2E_PORT ?? 3190);

export default defineConfig({
  ...base,
  testMatch: '**/*.multi.ts',
  outputDir: 'test-results/multi',
  timeout: 120_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-multi.json' }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${first + 2}` },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/e2e-multi-server.ts',
    url: `http://127.0.0.1:${first + 2}/api/v1/version`,
    env: { E2E_PORT: String(first) },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
