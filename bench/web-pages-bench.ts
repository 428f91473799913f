// Issue #22, the browser rows: what the repository home, an issue and a pull request's conversation
// cost a new visitor (cold browser cache), each against the same budgets: JS gzipped (goal ≤ 120 KB),
// serial API request rounds after the HTML (goal ≤ 2) and main content drawn from navigation (goal
// ≤ 800 ms on a quiet machine). Then the first and the second pull request opened on a freshly
// started forge, each in a new browser context, so only what the server (or the page) does the
// first time differs. Figures are medians of 3 with os.loadavg() beside them: the machine is shared.
// The web app is built with the project's Vite config (hidden source maps) and served by the real
// server. Run alone: npx tsx bench/web-pages-bench.ts [--web-dir <built folder>]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { build } from 'vite';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { CHROMIUM_ARGS, createAdminCli, ensureServerBuild, freePort, median, startServer, stopServer, waitFor } from './bench-server.ts';
import { describePackages, drawnAt, git, kb, pushFrom, serialRounds, watchDrawn, type Ready } from './web-home-bench.ts';

// Long enough that a call starting after another's answer by chance (a slow render, a busy
// machine) is rare: the rounds are then the page's own request chain.
const LATENCY_MS = 400;
const RUNS = Number(process.env.WEB_PAGES_RUNS ?? 3);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const README = [
  '# bench-repo',
  '',
  'A repository with a README, as most have: a paragraph, a [link](docs/guide.md), a list, a table and a code block.',
  '',
  '- fast',
  '- small',
  '',
  '| figure | goal |',
  '|---|---|',
  '| JS | 120 KB |',
  '',
  '```ts',
  'export const answer: number = 42;',
  '```',
  '',
].join('\n');

/** main with a README and a few files, and `branches` feature branches of one commit each. */
function pushRepo(remote: string, branches: number) {
  pushFrom(remote, (work, write) => {
    write('README.md', README);
    write('package.json', '{\n  "name": "bench-repo"\n}\n');
    write('docs/guide.md', '# Guide\n');
    for (let i = 0; i < 20; i++) write(`src/module${i}.ts`, `export const value${i} = ${i};\n`);
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'Initial commit');
    for (let b = 1; b <= branches; b++) {
      git(work, 'checkout', '-q', '-b', `feature-${b}`, 'main');
      write(`src/module${b}.ts`, `export const value${b} = ${b * 100};\nexport const extra${b} = 'feature ${b}';\n`);
      write(`src/new${b}.ts`, `export function added${b}(n: number) {\n  return n + ${b};\n}\n`);
      git(work, 'commit', '-q', '-am', `Feature ${b}`);
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', `Feature ${b}: new file`);
    }
    return ['main', ...Array.from({ length: branches }, (_, i) => `feature-${i + 1}`)];
  });
}

const auth = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;

async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const r = await fetch(url, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`POST ${url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

/** The repository, issue #1 with a few comments, and `pulls` pull requests (feature-N into main: #2, #3, …). */
async function seed(base: string, pulls: number) {
  await post(`${base}/api/v1/user/repos`, { name: 'bench-repo', description: 'A repository with a README' });
  pushRepo(`${base}/bench/bench-repo.git`, pulls);
  const api = `${base}/api/v1/repos/bench/bench-repo`;
  const issue = await post(`${api}/issues`, {
    title: 'The bench issue',
    body: 'ISSUE BODY: what happens, with some `code` and a list:\n\n- one\n- two\n\n```ts\nconst x = 1;\n```\n',
  });
  for (let i = 1; i <= 5; i++)
    await post(`${api}/issues/${String(issue.number)}/comments`, { body: `Comment ${i}: **bold**, _italic_ and a [link](https://example.com).` });
  for (let b = 1; b <= pulls; b++) {
    await post(`${api}/pulls`, { title: `Feature ${b}`, head: `feature-${b}`, base: 'main', body: `PR BODY ${b}: adds \`extra${b}\` and \`added${b}\`.` });
  }
}

interface PageRun {
  ms: number;
  rounds: number;
  bootCalls: number;
  apiCalls: number;
  scripts: { name: string; gz: number }[];
}

/**
 * Opens `url` in a new context (cold cache) and waits for `ready` (a CSS selector or text) to be
 * visible. With `latencyMs` every API answer is held back that long, to count serial rounds.
 */
async function openPage(browser: Browser, url: string, ready: Ready, latencyMs = 0, reuse?: BrowserContext): Promise<PageRun> {
  const context = reuse ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  try {
    const page = await context.newPage();
    const calls: { url: string; start: number; end: number }[] = [];
    const started = new Map<object, number>();
    const scripts: Promise<{ name: string; gz: number }>[] = [];
    if (latencyMs > 0)
      await page.route('**/api/v1/**', async (route) => {
        await new Promise((r) => setTimeout(r, latencyMs));
        await route.continue();
      });
    const t0 = performance.now();
    const debug: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) started.set(r, performance.now() - t0);
      else if (process.env.WEB_PAGES_DEBUG) debug.push(`${Math.round(performance.now() - t0)} ${new URL(r.url()).pathname.split('/').pop()}`);
    });
    const scriptEnds: number[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scriptEnds.push(performance.now() - t0);
      const start = started.get(r);
      if (start !== undefined) calls.push({ url: r.url(), start, end: performance.now() - t0 });
    });
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      scripts.push(r.body().then((b) => ({ name: new URL(r.url()).pathname.split('/').pop()!, gz: gzipSync(b, { level: 9 }).length })));
    });
    await watchDrawn(page, ready);
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await drawnAt(page);
    // And a person would see it.
    const target = ready.css ? page.locator(ready.css) : page.getByText(ready.text!);
    await target.first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // WEB_PAGES_DEBUG=1 lists the API calls of each visit (start-end ms from navigation).
    if (process.env.WEB_PAGES_DEBUG)
      console.log(
        url,
        Math.round(ms),
        calls.map((c) => `${new URL(c.url).pathname.replace(/^.*bench-repo/, '')} ${Math.round(c.start)}-${Math.round(c.end)}`).join(' | '),
        '\n  ',
        debug.join(' | '),
      );
    // What index.html itself asks for (config, the session) goes out with the HTML, alongside the
    // scripts, before any of the app's code runs: round 0. The rounds count from the app's first call.
    const appStart = Math.min(...scriptEnds);
    const boot = calls.filter((c) => c.start < appStart);
    return {
      ms,
      rounds: serialRounds(calls.filter((c) => c.start >= appStart)),
      bootCalls: boot.length,
      apiCalls: calls.length,
      scripts: await Promise.all(scripts),
    };
  } finally {
    if (!reuse) await context.close();
  }
}

const PAGES = [
  { name: 'repository home', path: '/bench/bench-repo', ready: { css: '.markdown pre code .hljs-keyword' } },
  { name: 'issue', path: '/bench/bench-repo/issues/1', ready: { text: 'Comment 5:' } },
  { name: 'pull request (conversation)', path: '/bench/bench-repo/pulls/2', ready: { text: 'PR BODY 1' } },
];

/** A forge on a new data folder with `pulls` pull requests; the server is restarted after seeding, so it starts fresh. */
async function freshForge(webDir: string, pulls: number, ports: number[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-pages-data-'));
  createAdminCli(dataDir, 'bench', 'bench-password');
  const port = await freePort(ports);
  const before = process.env.FORGE_WEB_DIR;
  process.env.FORGE_WEB_DIR = webDir;
  const start = () => startServer(port, dataDir);
  let server = start();
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v1/version`);
  await seed(base, pulls);
  await stopServer(server);
  server = start();
  if (before === undefined) delete process.env.FORGE_WEB_DIR;
  else process.env.FORGE_WEB_DIR = before;
  await waitFor(`${base}/api/v1/version`);
  return {
    base,
    stop: async () => {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchWebPages(builtDir?: string): Promise<Record<string, number | string>> {
  const exe = findChromium();
  if (!exe) return { 'web-pages: home, issue, pull request': 'skipped: no Chromium (run scripts/ensure-chromium.mjs)' };
  const webDir = builtDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-pages-'));
  if (!builtDir)
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'error', build: { outDir: webDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const ports = [3320, 3321, 3322, 3323, 3324, 3325, 3326, 3327, 3328, 3329];
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  const out: Record<string, number | string> = {};
  try {
    // The first and the second pull request opened on a freshly started forge, 3 forges.
    // Each forge: #2 in a new browser (cold cache), then #3 in a new one (what the server does the
    // first time shows as the difference), then #3 again in the first one's context (its cache warm,
    // as a visitor's second pull request).
    const first: number[] = [];
    const second: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const forge = await freshForge(webDir, 2, ports);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        first.push((await openPage(browser, `${forge.base}/bench/bench-repo/pulls/2`, { text: 'PR BODY 1' }, 0, context)).ms);
        second.push((await openPage(browser, `${forge.base}/bench/bench-repo/pulls/3`, { text: 'PR BODY 2' })).ms);
        warm.push((await openPage(browser, `${forge.base}/bench/bench-repo/pulls/3`, { text: 'PR BODY 2' }, 0, context)).ms);
      } finally {
        await context.close();
        await forge.stop();
      }
    }
    const runsOf = (xs: number[]) => xs.map(Math.round).join(', ');
    out['web-pages: first pull request opened on a freshly started forge, cold browser cache (median of 3)'] =
      `${Math.round(median(first))} ms (runs ${runsOf(first)}; load ${load()})`;
    out['web-pages: second pull request, same forge, cold browser cache (median of 3)'] =
      `${Math.round(median(second))} ms (runs ${runsOf(second)}; first/second ${(median(first) / median(second)).toFixed(2)})`;
    out["web-pages: second pull request, same forge, the first one's browser (warm cache; median of 3)"] =
      `${Math.round(median(warm))} ms (runs ${runsOf(warm)}; first/this ${(median(first) / median(warm)).toFixed(2)})`;

    const forge = await freshForge(webDir, 2, ports);
    try {
      // A first visit warms the server (not the browser: each run has a new context).
      await openPage(browser, `${forge.base}${PAGES[0]!.path}`, PAGES[0]!.ready);
      for (const p of PAGES) {
        const url = `${forge.base}${p.path}`;
        const ready = p.ready;
        const runs: PageRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await openPage(browser, url, ready));
        const slow = await openPage(browser, url, ready, LATENCY_MS);
        const js = slow.scripts.reduce((a, s) => a + s.gz, 0);
        const ms = median(runs.map((r) => r.ms));
        out[`web-pages: ${p.name}: main content drawn, from navigation (goal ≤ 800 ms; median of 3)`] =
          `${Math.round(ms)} ms (runs ${runs.map((r) => Math.round(r.ms)).join(', ')}; load ${load()})${ms <= 800 ? '' : ' — goal not met'}`;
        out[`web-pages: ${p.name}: serial API rounds (goal ≤ 2; each answer held ${LATENCY_MS} ms)`] =
          `${slow.rounds} (${slow.apiCalls} API calls, ${slow.bootCalls} of them sent by index.html with the scripts); drawn at ${Math.round(slow.ms)} ms${slow.rounds <= 2 ? '' : ' — goal not met'}`;
        out[`web-pages: ${p.name}: JS gzipped (goal ≤ 120 KB)`] = `${kb(js)} in ${slow.scripts.length} files${js <= 120 * 1024 ? '' : ' — goal not met'}`;
        out[`web-pages: ${p.name}: JS by package (gzipped, estimated)`] = describePackages(webDir, slow.scripts).split(', ').slice(0, 12).join(', ');
      }
    } finally {
      await forge.stop();
    }
    return out;
  } finally {
    await browser.close();
    if (!builtDir) fs.rmSync(webDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureServerBuild();
  const at = process.argv.indexOf('--web-dir');
  const figures = await benchWebPages(at > 0 ? path.resolve(process.argv[at + 1]!) : undefined);
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  process.exit(0);
}
