// `npm run bench`: prints the figures we track. Benchmarks print numbers; they never pass or fail
// on timing. Run after `npm run build` (it builds if dist/ is missing). Arguments pick parts:
// start, bundle, or a bench module by name (commits, issues, timeline, merge, pr-diff, code-search).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { buildTarget, checkFresh, targets } from '../scripts/build-stamp.mjs';
import { CHROMIUM_ARGS, createAdminCli, ensureServerBuild, freePort, ensureWebBuild, median, startServer, stopServer, waitFor } from './bench-server.ts';

const figures: [string, string][] = [];
const tables: string[] = [];
const report = (name: string, value: string) => {
  figures.push([name, value]);
  console.log(`${name}: ${value}`);
};

/** Server start to first answer, on a fresh data folder and on an existing one. */
async function benchStart() {
  const fresh: number[] = [];
  const warm: number[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-start-'));
  // A port nothing else answers on, or we would time someone else's server.
  const port = await freePort([3281, 3282, 3283, 3284, 3285, 3286, 3287, 3288, 3289]);
  for (let i = 0; i < 3; i++) {
    for (const [list, dir] of [
      [fresh, fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-fresh-'))],
      [warm, dataDir],
    ] as const) {
      const t0 = performance.now();
      const p = startServer(port, dir);
      await waitFor(`http://127.0.0.1:${port}/api/v1/version`);
      list.push(performance.now() - t0);
      await stopServer(p);
    }
  }
  report('server start to first answer (fresh data folder, p50 of 3)', `${median(fresh).toFixed(0)} ms`);
  report('server start to first answer (existing data folder, p50 of 3)', `${median(warm).toFixed(0)} ms`);
  await benchRestart(port, dataDir);
}

/**
 * `npm start` on a checkout whose build is current (issue #22: goal ≤ 2 s): scripts/start.mjs
 * checks both build stamps, builds nothing, and runs the server; timed from the command to the
 * server's first answer. The build is made (and stamped) first when it is not current.
 */
async function benchRestart(port: number, dataDir: string) {
  const root = path.resolve('.');
  for (const target of [targets.web, targets.server]) if (!checkFresh(root, target).fresh) buildTarget(root, target);
  const check: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c0 = performance.now();
    const fresh = [targets.web, targets.server].every((t) => checkFresh(root, t).fresh);
    check.push(performance.now() - c0);
    if (!fresh) throw new Error('the build is not current after building it');
    const t0 = performance.now();
    const p = spawn(process.execPath, ['scripts/start.mjs', '--no-demo'], {
      env: { ...process.env, PORT: String(port), FORGE_DATA_DIR: dataDir, FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
      stdio: 'ignore',
    });
    await waitFor(`http://127.0.0.1:${port}/api/v1/version`);
    restart.push(performance.now() - t0);
    await stopServer(p);
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  report(
    'npm start, build current: command to first answer (goal ≤ 2 s; p50 of 3)',
    `${median(restart).toFixed(0)} ms (runs ${restart.map((n) => n.toFixed(0)).join(', ')}; load ${load})`,
  );
  report('  of which the build-stamp check of web app and server (p50 of 3)', `${median(check).toFixed(0)} ms`);
}

interface ScriptCost {
  name: string;
  raw: number;
  gz: number;
}

/** Every script Chromium loads for `url` in a fresh context (cold cache), with its gzipped size. */
async function scriptsOf(browser: Browser, url: string, mustShow: string): Promise<ScriptCost[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.set(r.url(), r.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The figure is only worth printing if the page shows what it is meant to.
    await page.getByText(mustShow).first().waitFor({ timeout: 10_000 });
    const out: ScriptCost[] = [];
    for (const [u, body] of scripts) {
      const b = await body;
      out.push({ name: new URL(u).pathname.split('/').pop()!, raw: b.length, gz: gzipSync(b, { level: 9 }).length });
    }
    return out.sort((a, b) => b.gz - a.gz);
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (xs: ScriptCost[], k: 'raw' | 'gz') => xs.reduce((a, x) => a + x[k], 0);
const total = (xs: ScriptCost[]) => `${kb(sum(xs, 'gz'))} in ${xs.length} files (${(sum(xs, 'raw') / 1024).toFixed(0)} KB raw)`;

/** A repository with a few files and no README, pushed over smart HTTP as a user would. */
function pushWithoutReadme(base: string, name: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-push-'));
  const git = (...args: string[]) => {
    const r = spawnSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    });
    if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
  };
  try {
    fs.writeFileSync(path.join(work, 'package.json'), '{\n  "name": "no-readme",\n  "version": "1.0.0"\n}\n');
    fs.mkdirSync(path.join(work, 'src'));
    fs.writeFileSync(path.join(work, 'src', 'index.ts'), 'export const answer = 42;\n');
    fs.writeFileSync(path.join(work, '.gitignore'), 'node_modules/\n');
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'Initial commit');
    const url = new URL(`${base}/bench/${name}.git`);
    url.username = 'bench';
    url.password = 'bench-password';
    git('push', '-q', url.href, 'main');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Gzipped JS that Chromium loads for a repository home page with a README (the budget figure),
 * the same for one without a README, and the five largest files, so we see what costs what.
 */
async function benchBundle() {
  ensureWebBuild();
  const exe = findChromium();
  if (!exe) {
    report('repository home route JS (gzip)', 'skipped: no Chromium (run scripts/ensure-chromium.mjs)');
    return;
  }
  const port = 3292;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-'));
  createAdminCli(dataDir, 'bench', 'bench-password');
  const server = startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/v1/version`);
    const auth = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;
    const createRepo = async (body: object) => {
      const created = await fetch(`${base}/api/v1/user/repos`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (created.status !== 201) throw new Error(`create repo: ${created.status} ${await created.text()}`);
    };
    await createRepo({ name: 'bench-repo', auto_init: true, description: 'A repository with a README', readme: 'Default', license: 'MIT' });
    await createRepo({ name: 'no-readme', auto_init: false, description: 'A repository without a README' });
    pushWithoutReadme(base, 'no-readme');
    const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
    const withReadme = await scriptsOf(browser, `${base}/bench/bench-repo`, 'README.md');
    const withoutReadme = await scriptsOf(browser, `${base}/bench/no-readme`, 'package.json');
    await browser.close();
    report('repository home route JS (gzip, budget 120 KB)', total(withReadme));
    report('repository home route JS without a README (gzip)', total(withoutReadme));
    const plain = new Set(withoutReadme.map((s) => s.name));
    withReadme.slice(0, 5).forEach((s, i) => {
      report(`  largest JS #${i + 1} on the README home${plain.has(s.name) ? '' : ' (README only)'}`, `${s.name} ${kb(s.gz)} gzip (${kb(s.raw)} raw)`);
    });
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchModules() {
  for (const file of fs.readdirSync('bench').filter((f) => f.endsWith('-bench.ts') && wanted(f.slice(0, -'-bench.ts'.length)))) {
    const mod = await import(`./${file}`);
    const fn = Object.values(mod).find((v) => typeof v === 'function') as (() => Promise<Record<string, number | string>>) | undefined;
    if (!fn) continue;
    const out = await fn();
    // Name each figure after its benchmark unless it already says where it comes from.
    const name = file.slice(0, -'-bench.ts'.length);
    for (const [k, v] of Object.entries(out)) {
      // A module may hand back whole tables ('table', 'table: …': the server figures of issues #11
      // and #12) to print at the end.
      if (k === 'table' || k.startsWith('table:')) tables.push(String(v));
      else report(k.includes(':') ? k : `${name}: ${k}`, String(v));
    }
  }
}

// `npx tsx bench/run.ts bundle timeline` runs only those parts (start, bundle, or a module's name).
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);
// Measure the server as `npm start` runs it, built from the current source.
ensureServerBuild();
if (wanted('start')) await benchStart();
if (wanted('bundle')) await benchBundle();
await benchModules();
console.log('\nSummary');
for (const [k, v] of figures) console.log(`  ${k.padEnd(64)} ${v}`);
for (const t of tables) console.log(`\n${t}`);
process.exit(0);
