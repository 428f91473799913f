// Prints one plain line "N passed, N failed" summed over the Vitest (Node 20, Node 24, PostgreSQL),
// Playwright and reliability suite (reports/reliability.json: one count per check) JSON reports.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numTotalTestSuites && vitest.success === false && !vitest.numFailedTests ? 1 : 0);
} else failed += 1;

// The server suite under Node 24 (scripts/node-lts.mjs); crashed workers leave success false.
const lts = read('reports/vitest-node24.json');
if (lts) {
  passed += lts.numPassedTests ?? 0;
  failed += (lts.numFailedTests ?? 0) + (lts.success === false && !lts.numFailedTests ? 1 : 0);
} else failed += 1;

// The server suite on PostgreSQL (FORGE_TEST_DATABASE=postgres).
const onPg = read('reports/vitest-postgres.json');
if (onPg) {
  passed += onPg.numPassedTests ?? 0;
  failed += (onPg.numFailedTests ?? 0) + (onPg.success === false && !onPg.numFailedTests ? 1 : 0);
} else failed += 1;

const pw = read('reports/playwright.json');
if (pw?.stats) {
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected ?? 0;
} else failed += 1;

const reliability = read('reports/reliability.json');
if (reliability) {
  passed += reliability.passed ?? 0;
  failed += reliability.failed ?? 0;
} else failed += 1;

console.log(`${passed} passed, ${failed} failed`);
