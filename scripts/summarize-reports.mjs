// Prints one plain line "N passed, N failed" summed over the Vitest (Node 20, Node 24, PostgreSQL),
// Playwright (one process, and two processes on PostgreSQL) and reliability suite (reports/reliability.json: one count per check) JSON reports.
// Above it, the failed tests by name with the start of their error, so that the end of a CI log
// (often all one gets to see) says what failed.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);
const failures = [];
const firstLines = (text, n = 6) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');

/** Failed tests of a Vitest JSON report, and files that failed without a failed test (a hook, an import, a crash). */
function vitestFailures(report, step) {
  if (!report) return failures.push(`${step}: no report (the step did not finish)`);
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const bad = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad) failures.push(`${step}: ${name} > ${a.fullName ?? a.title}\n${firstLines((a.failureMessages ?? []).join('\n'))}`);
    if (!bad.length && file.status === 'failed') failures.push(`${step}: ${name} (the file failed)\n${firstLines(file.message)}`);
  }
  if (report.success === false && !report.numFailedTests && !failures.some((f) => f.startsWith(`${step}:`)))
    failures.push(`${step}: failed without a failed test (an unhandled error or a crashed worker: see the step's output)`);
}

function playwrightFailures(report, step = 'Playwright') {
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const last = (t.results ?? []).at(-1);
          failures.push(`${step}: ${file ?? suite.file} > ${spec.title}\n${firstLines(last?.error?.message ?? last?.errors?.[0]?.message)}`);
        }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  for (const e of report?.errors ?? []) failures.push(`${step}: ${firstLines(e.message, 3).trim()}`);
}

const vitest = read('reports/vitest.json');
vitestFailures(vitest, 'Vitest');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numTotalTestSuites && vitest.success === false && !vitest.numFailedTests ? 1 : 0);
} else failed += 1;

// The server suite under Node 24 (scripts/node-lts.mjs); crashed workers leave success false.
const lts = read('reports/vitest-node24.json');
vitestFailures(lts, 'Node 24');
if (lts) {
  passed += lts.numPassedTests ?? 0;
  failed += (lts.numFailedTests ?? 0) + (lts.success === false && !lts.numFailedTests ? 1 : 0);
} else failed += 1;

// The server suite on PostgreSQL (FORGE_TEST_DATABASE=postgres).
const onPg = read('reports/vitest-postgres.json');
vitestFailures(onPg, 'PostgreSQL');
if (onPg) {
  passed += onPg.numPassedTests ?? 0;
  failed += (onPg.numFailedTests ?? 0) + (onPg.success === false && !onPg.numFailedTests ? 1 : 0);
} else failed += 1;

for (const [file, step] of [
  ['reports/playwright.json', 'Playwright'],
  ['reports/playwright-multi.json', 'Playwright on two processes'],
]) {
  const pw = read(file);
  if (pw) playwrightFailures(pw, step);
  else failures.push(`${step}: no report (the step did not finish)`);
  if (pw?.stats) {
    passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    failed += pw.stats.unexpected ?? 0;
  } else failed += 1;
}

const reliability = read('reports/reliability.json');
if (!reliability) failures.push('reliability suite: no report (the step did not finish)');
else if (reliability.failed) failures.push(`reliability suite: ${reliability.failed} check(s) failed (see its figures above)`);
if (reliability) {
  passed += reliability.passed ?? 0;
  failed += reliability.failed ?? 0;
} else failed += 1;

if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  for (const f of failures.slice(0, 20)) console.log(`  - ${f}`);
  if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
  console.log('');
}
console.log(`${passed} passed, ${failed} failed`);
