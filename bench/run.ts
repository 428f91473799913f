// `npm run bench`: prints the figures we track. Benchmarks print numbers; they never pass or fail
// on timing. Run after `npm run build` (it builds if dist/ is missing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/ensure-chromium.mjs';

const figures: [string, string][] = [];
const report = (name: string, value: string) => {
  figures.push([name, value]);
  console.log(`${name}: ${value}`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tsx = path.resolve('node_modules/.bin/tsx');

async function waitFor(url: string, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer from ${url}`);
}

function startServer(port: number, dataDir: string, extra: string[] = ['--no-demo']): ChildProcess {
  return spawn(tsx, ['server/src/main.ts', 'serve', ...extra], {
    env: { ...process.env, PORT: String(port), FORGE_DATA_DIR: dataDir, FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
    stdio: 'ignore',
  });
}

async function stopServer(p: ChildProcess) {
  if (p.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

/** Server start to first answer, on a fresh data folder and on an existing one. */
async function benchStart() {
  const fresh: number[] = [];
  const warm: number[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-start-'));
  for (let i = 0; i < 3; i++) {
    for (const [list, dir] of [
      [fresh, fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-fresh-'))],
      [warm, dataDir],
    ] as const) {
      const t0 = performance.now();
      const p = startServer(3291, dir);
      await waitFor('http://127.0.0.1:3291/api/v1/version');
      list.push(performance.now() - t0);
      await stopServer(p);
    }
  }
  report('server start to first answer (fresh data folder, p50 of 3)', `${median(fresh).toFixed(0)} ms`);
  report('server start to first answer (existing data folder, p50 of 3)', `${median(warm).toFixed(0)} ms`);
}

/** Gzipped JS that Chromium loads for a repository home page with a README. */
async function benchBundle() {
  if (!fs.existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const exe = findChromium();
  if (!exe) {
    report('repository home route JS (gzip)', 'skipped: no Chromium (run scripts/ensure-chromium.mjs)');
    return;
  }
  const port = 3292;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-'));
  spawnSync(tsx, ['server/src/main.ts', 'admin', 'user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench-password', '--admin'], {
    env: { ...process.env, FORGE_DATA_DIR: dataDir },
  });
  const server = startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/v1/version`);
    const auth = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;
    const created = await fetch(`${base}/api/v1/user/repos`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'bench-repo', auto_init: true, description: 'A repository with a README', readme: 'Default', license: 'MIT' }),
    });
    if (created.status !== 201) throw new Error(`create repo: ${created.status} ${await created.text()}`);
    const browser = await chromium.launch({
      executablePath: exe,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.set(r.url(), r.body());
    });
    await page.goto(`${base}/bench/bench-repo`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gz = 0;
    for (const body of await Promise.all(scripts.values())) {
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    await browser.close();
    report('repository home route JS (gzip, budget 150 KB)', `${(gz / 1024).toFixed(1)} KB in ${scripts.size} files (${(raw / 1024).toFixed(0)} KB raw)`);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchModules() {
  for (const file of fs.readdirSync('bench').filter((f) => f.endsWith('-bench.ts'))) {
    const mod = await import(`./${file}`);
    const fn = Object.values(mod).find((v) => typeof v === 'function') as (() => Promise<Record<string, number | string>>) | undefined;
    if (!fn) continue;
    const out = await fn();
    for (const [k, v] of Object.entries(out)) report(k, String(v));
  }
}

await benchStart();
await benchBundle();
await benchModules();
console.log('\nSummary');
for (const [k, v] of figures) console.log(`  ${k.padEnd(64)} ${v}`);
process.exit(0);
