// `npm test`: everything, in order — type check, lint, contract freshness, server and web unit
// tests, build, browser tests. Every step runs even if an earlier one failed, so one run shows all
// problems; the exit code is non-zero if any step failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

fs.rmSync('reports', { recursive: true, force: true });
fs.mkdirSync('reports', { recursive: true });

const steps = [
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['server and web unit tests', 'npx', ['vitest', 'run']],
  ['server tests on Node 24 LTS', 'node', ['scripts/node-lts.mjs']],
  ['build', 'npx', ['vite', 'build']],
  ['browser tests (Playwright)', 'npx', ['playwright', 'test'], () => ensureChromium()],
  // The short reliability suite (fuzzing, permission matrix, concurrency, 3 kill -9 rounds); its
  // pass/fail counts go into reports/reliability.json for the summary line.
  ['reliability suite (short)', 'npx', ['tsx', 'server/reliability/run.ts'], null, { RELIABILITY_SHORT: '1', RELIABILITY_REPORT: 'reports/reliability.json' }],
];

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

console.log('\nSteps:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.secs}s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
