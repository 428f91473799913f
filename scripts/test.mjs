// `npm test`: everything, in order — type check, lint, contract freshness, server and web unit
// tests, the server tests again on Node 24 and on PostgreSQL, build, browser tests, reliability.
// Every step runs even if an earlier one failed, so one run shows all problems; the exit code is
// non-zero if any step failed.
//
// A throwaway PostgreSQL server (scripts/postgres.mjs: Debian's package, installed with apt when
// missing and root) runs for the whole command: FORGE_TEST_POSTGRES_URL tells every step where it
// is (tests about PostgreSQL itself use it in every run) and the PostgreSQL step puts every test
// forge on it (FORGE_TEST_DATABASE=postgres).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { startPostgres } from './postgres.mjs';

fs.rmSync('reports', { recursive: true, force: true });
fs.mkdirSync('reports', { recursive: true });

const steps = [
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format check', 'npx', ['prettier', '--check', '.']],
  ['server and web unit tests', 'npx', ['vitest', 'run']],
  ['server tests on Node 24 LTS', 'node', ['scripts/node-lts.mjs']],
  [
    'server tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    null,
    { FORGE_TEST_DATABASE: 'postgres', FORGE_VITEST_REPORT: 'reports/vitest-postgres.json' },
  ],
  // The web app only (the browser tests run the server from its sources), stamped for npm start.
  ['build', 'node', ['scripts/build.mjs', 'web']],
  // No screenshots for people to look at (e2e/fixtures.ts): nobody keeps them from a CI run.
  ['browser tests (Playwright)', 'npx', ['playwright', 'test'], () => ensureChromium(), { E2E_SCREENSHOTS: '0' }],
  // Live pages across processes: two forges on a PostgreSQL of their own behind a round-robin proxy
  // (playwright.multi.config.ts starts them); reports/playwright-multi.json goes into the summary.
  [
    'browser tests on two processes (PostgreSQL)',
    'npx',
    ['playwright', 'test', '-c', 'playwright.multi.config.ts'],
    () => ensureChromium(),
    { E2E_SCREENSHOTS: '0' },
  ],
  // The short reliability suite (fuzzing, permission matrix, concurrency, 3 kill -9 rounds); its
  // pass/fail counts go into reports/reliability.json for the summary line.
  ['reliability suite (short)', 'npx', ['tsx', 'server/reliability/run.ts'], null, { RELIABILITY_SHORT: '1', RELIABILITY_REPORT: 'reports/reliability.json' }],
];

let postgres = null;
try {
  postgres = await startPostgres({ stopWithProcess: process.pid });
  process.env.FORGE_TEST_POSTGRES_URL = postgres.url;
} catch (e) {
  // The steps that need it fail and say so; the rest still run.
  console.error(`PostgreSQL could not start: ${e instanceof Error ? e.message : e}`);
}

const results = [];
for (const [name, cmd, args, before, env] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  let status = 0;
  try {
    before?.();
    status = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  } catch (e) {
    console.error(e);
    status = 1;
  }
  results.push({ name, ok: status === 0, secs: ((Date.now() - started) / 1000).toFixed(1) });
}

await postgres?.stop();

console.log('\nSteps:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.secs}s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
