// A large pull request's Files changed, in Chromium: 1,000 files / 100,000 changed lines drawn by
// the diff engine (src/features/diff, with the file tree, Viewed, comments and keyboard on, as the
// pull request page uses it), against plain diff2html drawing the same diff with html() in one go.
// The page is a small harness (bench/pr-diff-harness) built by Vite in production mode and served
// as static files, so the figures are the engine's own, not the API's. Budget (issue #6): first file
// within 500 ms of the data arriving, every frame under 100 ms while scrolling to the end, heap
// under 300 MB. Run alone: npx tsx bench/pr-diff-bench.ts
// (bench/run.ts calls the first exported function by name order: benchPrDiff, not makeDiff.)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { CHROMIUM_ARGS, freePort, median } from './bench-server.ts';

const FILES = 1_000;
const CHANGED_LINES = 100_000;
// PR_DIFF_RUNS / PR_DIFF_SCROLL_MS shorten a run alone while working on the engine.
const RUNS = Number(process.env.PR_DIFF_RUNS ?? 3);
// A fast flick: 3,000 px (three screens) a frame, ~660 frames over the whole diff. Each file is
// still drawn as it passes (the engine draws two files beyond the viewport). The whole scroll's
// work is about the same at any step (every file is drawn once); a larger step puts more of it
// in each frame, so it is the harder test for long tasks, and it keeps the bench short.
const SCROLL_STEP_PX = Number(process.env.PR_DIFF_SCROLL_STEP ?? 3_000);
// The budget stops the scroll on a busy machine, so the whole bench stays within about 70 s
// (the figures then say how far it got).
const SCROLL_BUDGET_MS = Number(process.env.PR_DIFF_SCROLL_MS ?? 40_000);
// Plain diff2html (the baseline) draws a million DOM nodes: ~30 s more. PR_DIFF_PLAIN=1 runs it.
const PLAIN = process.env.PR_DIFF_PLAIN === '1';
const HARNESS = 'bench/pr-diff-harness/index.html';

/**
 * A diff of `files` files with `lines` changed lines in all: mostly modified files of a few
 * hunks (changed lines paired, as edits are), some added, deleted and renamed files, a binary, and
 * sizes from a dozen lines to a few thousand (those few wait behind "Load diff").
 */
export function makeDiff(files = FILES, lines = CHANGED_LINES): string {
  const binary = (i: number) => i % 200 === 7;
  const sizes = Array.from({ length: files }, (_, i) => (binary(i) ? 0 : i % 97 === 50 ? 2_400 : [12, 30, 48, 64, 80, 96, 120, 160, 200][i % 9]!));
  // Scale to the exact total, keeping each size even (half deleted, half added for edits).
  const sum = sizes.reduce((a, b) => a + b, 0);
  let left = lines;
  for (let i = 0; i < files; i++) {
    const s = binary(i) ? 0 : i === files - 1 ? left : Math.max(2, Math.round((sizes[i]! * lines) / sum / 2) * 2);
    sizes[i] = s;
    left -= s;
  }
  const out: string[] = [];
  const code = (f: number, n: number, tag: string) => `    const value${n} = compute(${f}, ${n}, '${tag}', { retries: ${n % 5}, label: "item ${n}" });`;
  for (let f = 0; f < files; f++) {
    const dir = `src/module${f % 23}/part${f % 7}`;
    const p = `${dir}/file${f}.ts`;
    const size = sizes[f]!;
    if (binary(f)) {
      out.push(
        `diff --git a/${dir}/image${f}.png b/${dir}/image${f}.png`,
        'new file mode 100644',
        'index 0000000..1234567',
        `Binary files /dev/null and b/${dir}/image${f}.png differ`,
      );
      continue;
    }
    if (f % 50 === 3) {
      // Added file.
      out.push(`diff --git a/${p} b/${p}`, 'new file mode 100644', 'index 0000000..1111111', '--- /dev/null', `+++ b/${p}`, `@@ -0,0 +1,${size} @@`);
      for (let i = 1; i <= size; i++) out.push(`+${code(f, i, 'new')}`);
      continue;
    }
    if (f % 50 === 4) {
      out.push(`diff --git a/${p} b/${p}`, 'deleted file mode 100644', 'index 1111111..0000000', `--- a/${p}`, '+++ /dev/null', `@@ -1,${size} +0,0 @@`);
      for (let i = 1; i <= size; i++) out.push(`-${code(f, i, 'old')}`);
      continue;
    }
    const from = f % 50 === 5 ? `${dir}/old-name${f}.ts` : p;
    out.push(`diff --git a/${from} b/${p}`);
    if (from !== p) out.push('similarity index 90%', `rename from ${from}`, `rename to ${p}`);
    out.push('index 1111111..2222222 100644', `--- a/${from}`, `+++ b/${p}`);
    // Hunks of up to 40 changed lines (20 edited lines), 3 lines of context around each.
    let oldLine = 1;
    let newLine = 1;
    for (let done = 0; done < size;) {
      const n = Math.min(40, size - done) / 2;
      oldLine += 10;
      newLine += 10;
      out.push(`@@ -${oldLine},${n + 6} +${newLine},${n + 6} @@ export function handler${f}(request: Request) {`);
      for (let i = 0; i < 3; i++) out.push(`   const context${oldLine + i} = prepare(request, ${i});`);
      for (let i = 0; i < n; i++) out.push(`-${code(f, oldLine + 3 + i, 'old')}`);
      for (let i = 0; i < n; i++) out.push(`+${code(f, newLine + 3 + i, 'new')}`);
      for (let i = 0; i < 3; i++) out.push(`   return finish(context${oldLine + i}, ${i});`);
      oldLine += n + 6;
      newLine += n + 6;
      done += 2 * n;
    }
  }
  return `${out.join('\n')}\n`;
}

async function buildHarness(outDir: string) {
  await build({
    configFile: false,
    root: process.cwd(),
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': path.resolve('src') } },
    build: { outDir, emptyOutDir: true, target: 'es2022', rollupOptions: { input: HARNESS } },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.txt': 'text/plain', '.svg': 'image/svg+xml' };

function serve(dir: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The renderer processes' ids (Chromium's own list). */
async function rendererPids(browser: Browser): Promise<number[]> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    await cdp.detach();
    return processInfo.filter((x) => x.type === 'renderer').map((x) => x.id);
  } catch {
    return [];
  }
}

/** Resident memory (MB) of the largest of `pids`: the JS heap plus what Blink holds (DOM, layout). Linux only. */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb = Math.max(kb, Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0));
    } catch {}
  }
  return kb ? kb / 1024 : NaN;
}

const rendererMb = async (browser: Browser) => rssMb(await rendererPids(browser));

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

interface Load {
  firstFileMs: number;
  allParsedMs: number;
  domNodes: number;
  filesInDom: number;
  heapMb: number;
  rendererMb: number;
  htmlMs?: number;
}

async function load(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void>; load: Load }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__firstFile !== undefined && (window.__allParsed !== undefined || window.__htmlMs !== undefined), null, {
    timeout: 120_000,
  });
  // Let the deferred work (the file tree, measuring) settle before counting.
  await page.waitForTimeout(300);
  const atLoad = await page.evaluate(() => ({
    firstFileMs: window.__firstFile! - window.__dataAt!,
    allParsedMs: (window.__allParsed ?? window.__firstFile!) - window.__dataAt!,
    domNodes: document.getElementsByTagName('*').length,
    filesInDom: document.querySelectorAll('[data-file-index], .d2h-file-wrapper').length,
    htmlMs: window.__htmlMs,
  }));
  return { page, close: () => context.close(), load: { ...atLoad, heapMb: await heapMb(page), rendererMb: await rendererMb(browser) } };
}

/** The renderer main thread's tasks in a Chromium trace: wall and thread CPU time (ms) of each. */
function mainThreadTasks(trace: Buffer): { wall: number; cpu: number }[] {
  const events = (
    JSON.parse(trace.toString('utf8')) as {
      traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[];
    }
  ).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }));
}

export async function benchPrDiff(): Promise<Record<string, number | string>> {
  const exe = findChromium();
  if (!exe) return { 'pr-diff: large pull request': 'skipped: no Chromium (run scripts/ensure-chromium.mjs)' };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-pr-diff-'));
  const loadStart = os.loadavg()[0]!;
  let server: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    const t = performance.now();
    await buildHarness(outDir);
    const buildMs = performance.now() - t;
    const diff = makeDiff();
    fs.writeFileSync(path.join(outDir, 'bench/pr-diff-harness/diff.txt'), diff);
    const port = await freePort([3301, 3302, 3303, 3304, 3305, 3306]);
    server = await serve(outDir, port);
    const url = (q: string) => `http://127.0.0.1:${port}/bench/pr-diff-harness/index.html?${q}`;
    browser = await chromium.launch({ executablePath: exe, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });

    const engine: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await load(browser, url('mode=engine'));
      engine.push(r.load);
      await r.close();
    }
    const split: Load[] = [];
    for (let i = 0; i < 1; i++) {
      const r = await load(browser, url('mode=engine&style=split'));
      split.push(r.load);
      await r.close();
    }

    // Scroll the whole diff, 1,500 px a frame (a quick flick, faster than reading), timing each frame.
    const run = await load(browser, url('mode=engine'));
    // The renderer's memory, sampled from outside while the page scrolls.
    // (/proc only: asking Chromium for its processes while it scrolls would disturb the frames.)
    const pids = await rendererPids(browser);
    // A trace of the renderer's tasks while scrolling: each task's wall time and its thread's own
    // CPU time. On a shared machine the wall time stretches with everyone else's load; the CPU
    // time is what the page itself spent, the figure to compare with a quiet machine's.
    await browser.startTracing(run.page, { categories: ['toplevel'] });
    let peakRenderer = 0;
    const sampler = setInterval(() => (peakRenderer = Math.max(peakRenderer, rssMb(pids) || 0)), 250);
    const scroll = await run.page.evaluate(
      async ({ step, budgetMs }) => {
        // Long tasks (over 50 ms, Chromium's own measure) while scrolling: the issue's figure.
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
        observer.observe({ type: 'longtask' });
        const t0 = performance.now();
        let prev = t0;
        const frames: number[] = [];
        let peakHeap = 0;
        let maxDom = document.getElementsByTagName('*').length;
        const seen = new Set<number>();
        // (No named functions in here: tsx's keepNames would reference a helper the page lacks.)
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        while (performance.now() - t0 < budgetMs && window.scrollY < document.documentElement.scrollHeight - window.innerHeight - 1) {
          window.scrollBy(0, step);
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const now = performance.now();
          frames.push(now - prev);
          prev = now;
          for (const e of document.querySelectorAll<HTMLElement>('[data-file-index]')) seen.add(Number(e.dataset.fileIndex));
          if (memory && frames.length % 10 === 0) peakHeap = Math.max(peakHeap, memory.usedJSHeapSize);
          if (frames.length % 5 === 0) maxDom = Math.max(maxDom, document.getElementsByTagName('*').length);
        }
        // Let the last frame's tasks be reported before counting.
        await new Promise((r) => setTimeout(r, 100));
        tasks.push(...observer.takeRecords().map((e) => e.duration));
        observer.disconnect();
        const sorted = [...frames].sort((a, b) => a - b);
        for (const e of document.querySelectorAll<HTMLElement>('[data-file-index]')) seen.add(Number(e.dataset.fileIndex));
        const drawn = [...document.querySelectorAll<HTMLElement>('[data-file-index]')].map((e) => Number(e.dataset.fileIndex));
        return {
          scrollMs: performance.now() - t0,
          frames: frames.length,
          slowestFrameMs: sorted.at(-1) ?? 0,
          p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
          framesOver100: frames.filter((f) => f > 100).length,
          lastFileDrawn: Math.max(-1, ...seen),
          filesDrawn: seen.size,
          scrollHeight: document.documentElement.scrollHeight,
          filesInDom: drawn.length,
          domNodes: document.getElementsByTagName('*').length,
          peakHeapMb: peakHeap / 1024 / 1024,
          tasksOver100: tasks.filter((d) => d > 100).length,
          tasksOver200: tasks.filter((d) => d > 200).length,
          longestTaskMs: Math.max(0, ...tasks),
          maxDom: Math.max(maxDom, document.getElementsByTagName('*').length),
        };
      },
      { step: SCROLL_STEP_PX, budgetMs: SCROLL_BUDGET_MS },
    );
    clearInterval(sampler);
    const cpuTasks = mainThreadTasks(await browser.stopTracing());
    const endHeap = await heapMb(run.page);
    const endRenderer = await rendererMb(browser);
    await run.close();

    const plain: Load[] = [];
    for (let i = 0; PLAIN && i < 2; i++) {
      const r = await load(browser, url('mode=plain'));
      plain.push(r.load);
      await r.close();
    }

    const m = (xs: Load[], k: keyof Load) => median(xs.map((x) => x[k] ?? 0));
    const ms = (n: number) => Math.round(n);
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    return {
      // Timings are wall-clock: on a shared machine they stretch with its load, as plain diff2html's do.
      'pr-diff: machine (CPUs / load average over 1 min, at start and end)': `${os.cpus().length} / ${loadStart.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      'pr-diff: diff (files / changed lines / bytes)': `${FILES} / ${CHANGED_LINES.toLocaleString('en-US')} / ${(diff.length / 1024 / 1024).toFixed(1)} MB`,
      'pr-diff: harness build (Vite, production; ms)': ms(buildMs),
      'pr-diff: engine, data to first file drawn (p50 of 3, unified; goal ≤ 500 ms)': `${ms(m(engine, 'firstFileMs'))} ms${m(engine, 'firstFileMs') <= 500 ? '' : ' — goal not met'}`,
      'pr-diff: engine, data to every file parsed (p50 of 3; the first files are drawn meanwhile)': `${ms(m(engine, 'allParsedMs'))} ms`,
      'pr-diff: engine, data to first file shown (1 run, split)': ms(m(split, 'firstFileMs')),
      'pr-diff: engine, DOM nodes / files in the DOM after load': `${ms(m(engine, 'domNodes'))} / ${ms(m(engine, 'filesInDom'))}`,
      'pr-diff: engine, after load: JS heap (after GC) / renderer memory': `${mb(m(engine, 'heapMb'))} / ${mb(m(engine, 'rendererMb'))}`,
      'pr-diff: engine, scroll to the end (ms, frames)': `${ms(scroll.scrollMs)} ms, ${scroll.frames} frames of ${SCROLL_STEP_PX} px over ${(scroll.scrollHeight / 1e6).toFixed(2)}M px${scroll.lastFileDrawn === FILES - 1 ? '' : ` (stopped at file ${scroll.lastFileDrawn + 1} of ${FILES})`}`,
      'pr-diff: engine, files drawn while scrolling (a flick passes some files between two frames)': `${scroll.filesDrawn} of ${FILES}, the last one ${scroll.lastFileDrawn === FILES - 1 ? 'included' : 'not reached'}`,
      'pr-diff: engine, tasks over 100 / 200 ms while scrolling to the end (goal 0 / 0)': `${scroll.tasksOver100} / ${scroll.tasksOver200} (longest ${ms(scroll.longestTaskMs)} ms)${scroll.tasksOver100 === 0 ? '' : ' — goal not met'}`,
      "pr-diff: engine, tasks over 100 / 200 ms of the page's own CPU time while scrolling (goal 0 / 0; load-independent)": `${cpuTasks.filter((t) => t.cpu > 100).length} / ${cpuTasks.filter((t) => t.cpu > 200).length} (longest ${ms(Math.max(0, ...cpuTasks.map((t) => t.cpu)))} ms CPU, of ${cpuTasks.length} tasks; ${(cpuTasks.reduce((n, t) => n + t.cpu, 0) / Math.max(1, scroll.frames)).toFixed(1)} ms CPU per frame)`,
      'pr-diff: engine, max DOM nodes while scrolling (goal: bounded, whatever the diff size)': `${scroll.maxDom} (${ms(m(engine, 'domNodes'))} after load${PLAIN ? `; plain diff2html ${ms(m(plain, 'domNodes'))}` : ''})`,
      'pr-diff: engine, slowest frame while scrolling (budget 100 ms)': `${ms(scroll.slowestFrameMs)} ms (p95 ${ms(scroll.p95FrameMs)} ms, ${scroll.framesOver100} frames over 100 ms)`,
      'pr-diff: engine, while scrolling: peak JS heap / peak renderer memory (budget 300 MB)': `${mb(scroll.peakHeapMb)} / ${mb(peakRenderer)}`,
      'pr-diff: engine, at the end: JS heap (after GC) / renderer memory': `${mb(endHeap)} / ${mb(endRenderer)}`,
      'pr-diff: engine, DOM nodes / files in the DOM at the end': `${scroll.domNodes} / ${scroll.filesInDom}`,
      ...(PLAIN
        ? {
            'pr-diff: plain diff2html html() alone (p50 of 2)': `${ms(m(plain, 'htmlMs'))} ms`,
            'pr-diff: plain diff2html, data to drawn in one go (p50 of 2)': `${ms(m(plain, 'firstFileMs'))} ms`,
            'pr-diff: plain diff2html, DOM nodes / JS heap (after GC) / renderer memory': `${ms(m(plain, 'domNodes'))} / ${mb(m(plain, 'heapMb'))} / ${mb(m(plain, 'rendererMb'))}`,
          }
        : { 'pr-diff: plain diff2html baseline': 'not run (PR_DIFF_PLAIN=1 adds it: ~30 s, a million DOM nodes)' }),
    };
  } finally {
    await browser?.close();
    server?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t = performance.now();
  const figures = await benchPrDiff();
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  console.log(`(bench took ${((performance.now() - t) / 1000).toFixed(1)} s)`);
  process.exit(0);
}
