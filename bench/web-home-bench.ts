// Issue #11, the web rows: what a repository home with a README costs the browser. The web app is
// built with the project's own Vite config into a folder of its own and served by the real server
// (so assets go out as the server sends them, precompressed), on a repository with a README.
// Figures: the JS Chromium runs for the page, gzipped (goal ≤ 120 KB) and as sent (brotli), and
// the serial request rounds of its API calls (goal ≤ 2): every API answer is held back by
// LATENCY_MS, so a request that waits for another's answer starts a round later, and a round is
// one step of that chain. Run alone: npx tsx bench/web-home-bench.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { CHROMIUM_ARGS, createAdminCli, ensureServerBuild, freePort, startServer, stopServer, waitFor } from './bench-server.ts';

// Long enough (issue #22) that a call starting after another's answer by chance (a slow render, a
// busy machine) is rare: the rounds are then the page's own request chain.
const LATENCY_MS = 400;
const README = [
  '# bench-repo',
  '',
  'A repository with a README, as most have: a paragraph, a list, a table and a code block.',
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

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** What marks a page as drawn: an element matching `css`, or `text` in the page. */
export interface Ready {
  css?: string;
  text?: string;
}

/**
 * Watches for `ready` from the page's first frame on (call before page.goto). Playwright's own
 * waitFor() checks at growing intervals, up to 500 ms apart: a page drawn at 550 ms was then
 * reported at 550 or at 1,000 ms. Here the page looks once per frame and notes the frame's time.
 */
export async function watchDrawn(page: Page, ready: Ready): Promise<void> {
  // As text: a function would be sent as tsx compiled it, calling a helper the page lacks.
  const found = ready.css
    ? `document.querySelector(${JSON.stringify(ready.css)}) !== null`
    : `!!document.body && document.body.textContent.includes(${JSON.stringify(ready.text ?? '')})`;
  await page.addInitScript({
    content: `(() => { const look = (t) => { if (${found}) window.__drawnAt = t; else requestAnimationFrame(look); }; requestAnimationFrame(look); })();`,
  });
}

/** When the page's frame first showed what watchDrawn() watched for: ms from navigation. */
export async function drawnAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __drawnAt?: number }).__drawnAt, null, { polling: 'raf', timeout: 30_000 });
  return Math.round((await handle.jsonValue()) as number);
}

/** Runs git in `cwd` as the bench user; throws with git's message when it fails. */
export function git(cwd: string, ...args: string[]) {
  const r = spawnSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
}

/**
 * A new work tree in a temp folder: `build` writes files and commits (on main, which it starts with
 * `git init -b main`) and returns the refs to push; they are pushed over smart HTTP as the bench
 * user, as a user would, and the folder is removed. The web benches' repositories are made so.
 */
export function pushFrom(remote: string, build: (work: string, write: (name: string, text: string) => void) => string[]) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-push-'));
  try {
    const write = (name: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
      fs.writeFileSync(path.join(work, name), text);
    };
    const refs = build(work, write);
    const url = new URL(remote);
    url.username = 'bench';
    url.password = 'bench-password';
    git(work, 'push', '-q', url.href, ...refs);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** One commit of `files` on main. */
function pushRepo(remote: string, files: Record<string, string>) {
  pushFrom(remote, (work, write) => {
    for (const [name, text] of Object.entries(files)) write(name, text);
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'Initial commit');
    return ['main'];
  });
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`: per generated line, its segments' [column, source index] (VLQ decoded). */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segs: [number, number][] = [];
    let col = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0]!;
      if (fields.length > 1) {
        source += fields[1]!;
        segs.push([col, source]);
      } else segs.push([col, -1]);
    }
    lines.push(segs);
  }
  return lines;
}

/** Where a source file's code comes from: its npm package, or the app folder it sits in. */
function owner(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  if (src >= 0) {
    const parts = source.slice(src).split('/');
    return parts.slice(0, parts[1] === 'features' ? 3 : 2).join('/');
  }
  return source.startsWith('\0') || source.includes('vite/') ? '(vite runtime)' : source;
}

/**
 * What a built chunk is made of, from its source map: bytes of minified code per package or app
 * folder (the gzipped share of each is estimated in proportion). Empty when the map is missing.
 */
export function chunkContents(file: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!fs.existsSync(`${file}.map`)) return out;
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const code = fs.readFileSync(file, 'utf8').split('\n');
  decodeMappings(map.mappings).forEach((segs, i) => {
    const line = code[i] ?? '';
    segs.forEach(([col, src], j) => {
      const end = j + 1 < segs.length ? segs[j + 1]![0] : line.length;
      const name = src < 0 ? '(unmapped)' : owner(map.sources[src]!);
      out.set(name, (out.get(name) ?? 0) + Math.max(0, end - col));
    });
    if (segs.length === 0 && line.length > 0) out.set('(unmapped)', (out.get('(unmapped)') ?? 0) + line.length);
  });
  return out;
}

/** The page's JS by package or app folder across all its chunks (estimated gzipped share), largest first. */
export function describePackages(webDir: string, chunks: { name: string; gz: number }[]): string {
  const by = new Map<string, number>();
  for (const { name, gz } of chunks) {
    const parts = chunkContents(path.join(webDir, 'assets', name));
    const total = [...parts.values()].reduce((a, b) => a + b, 0);
    for (const [k, n] of parts) by.set(k, (by.get(k) ?? 0) + (gz * n) / total);
    if (total === 0) by.set('(no source map)', (by.get('(no source map)') ?? 0) + gz);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .filter(([, n]) => n >= 256)
    .map(([k, n]) => `${k} ${kb(n)}`)
    .join(', ');
}

/** One line per loaded chunk of 1 KB or more: its gzipped size and its largest parts (estimated gzipped share); one line for the rest. */
export function describeChunks(webDir: string, chunks: { name: string; gz: number }[]): string[] {
  const sorted = [...chunks].sort((a, b) => b.gz - a.gz);
  const small = sorted.filter((c) => c.gz < 1024);
  const lines = sorted
    .filter((c) => c.gz >= 1024)
    .map(({ name, gz }) => {
      const parts = chunkContents(path.join(webDir, 'assets', name));
      const total = [...parts.values()].reduce((a, b) => a + b, 0);
      const top = [...parts]
        .sort((a, b) => b[1] - a[1])
        .filter(([, n]) => n / total >= 0.02)
        .slice(0, 8)
        .map(([k, n]) => `${k} ${kb((gz * n) / total)}`)
        .join(', ');
      return `${name} ${kb(gz)}${top ? `: ${top}` : ''}`;
    });
  if (small.length)
    lines.push(
      `${small.length} chunks under 1 KB, ${kb(small.reduce((a, c) => a + c.gz, 0))} together: ${small.map((c) => c.name.replace(/-[\w-]{8}\.js$/, '')).join(', ')}`,
    );
  return lines;
}

interface ApiCall {
  url: string;
  start: number;
  end: number;
}

/** The longest chain of API calls where each starts after the one before it answered. */
export function serialRounds(calls: ApiCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const round: number[] = [];
  sorted.forEach((c, i) => {
    let r = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= c.start) r = Math.max(r, round[j]! + 1);
    round.push(r);
  });
  return Math.max(0, ...round);
}

/**
 * `builtDir`: measure that build as it is (e.g. one made with --sourcemap) instead of building one.
 * Either way the figures list each chunk the page ran with what it holds, when source maps exist.
 */
export async function benchWebHome(builtDir?: string): Promise<Record<string, number | string>> {
  const exe = findChromium();
  if (!exe) return { 'web-home: repository home': 'skipped: no Chromium (run scripts/ensure-chromium.mjs)' };
  const webDir = builtDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-home-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-web-home-data-'));
  // Hidden maps: the JS is byte for byte what a normal build sends (no sourceMappingURL comment).
  if (!builtDir)
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'error', build: { outDir: webDir, emptyOutDir: true, sourcemap: 'hidden' } });
  createAdminCli(dataDir, 'bench', 'bench-password');
  const port = await freePort([3311, 3312, 3313, 3314, 3315, 3316]);
  const before = process.env.FORGE_WEB_DIR;
  process.env.FORGE_WEB_DIR = webDir;
  const server = startServer(port, dataDir);
  if (before === undefined) delete process.env.FORGE_WEB_DIR;
  else process.env.FORGE_WEB_DIR = before;
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    await waitFor(`${base}/api/v1/version`);
    const auth = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;
    const json = { Authorization: auth, 'Content-Type': 'application/json' };
    const created = await fetch(`${base}/api/v1/user/repos`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'bench-repo', description: 'A repository with a README' }),
    });
    if (created.status !== 201) throw new Error(`create repo: ${created.status} ${await created.text()}`);
    pushRepo(`${base}/bench/bench-repo.git`, {
      'README.md': README,
      'package.json': '{\n  "name": "bench-repo"\n}\n',
      'src/index.ts': 'export const answer = 42;\n',
      LICENSE: 'MIT\n',
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const calls: ApiCall[] = [];
    const started = new Map<object, number>();
    const t0 = performance.now();
    // Every API answer takes LATENCY_MS longer, as over a real network.
    await page.route('**/api/v1/**', async (route) => {
      await new Promise((r) => setTimeout(r, LATENCY_MS));
      await route.continue();
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) started.set(r, performance.now() - t0);
    });
    const scriptEnds: number[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scriptEnds.push(performance.now() - t0);
      const start = started.get(r);
      if (start !== undefined) calls.push({ url: r.url(), start, end: performance.now() - t0 });
    });
    const scripts: Promise<{ name: string; gz: number; sent: number; encoding: string }>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const body = await r.body();
          const sizes = await r.request().sizes();
          return {
            name: new URL(r.url()).pathname.split('/').pop()!,
            gz: gzipSync(body, { level: 9 }).length,
            sent: sizes.responseBodySize,
            encoding: (await r.headerValue('content-encoding')) ?? 'none',
          };
        })(),
      );
    });
    // The page is done when the README is drawn, its code block highlighted.
    await watchDrawn(page, { css: '.markdown pre code .hljs-keyword' });
    await page.goto(`${base}/bench/bench-repo`);
    const drawnMs = await drawnAt(page);
    await page.waitForLoadState('networkidle');
    const list = await Promise.all(scripts);
    await context.close();

    const gz = list.reduce((a, s) => a + s.gz, 0);
    const sent = list.reduce((a, s) => a + s.sent, 0);
    const encodings = [...new Set(list.map((s) => s.encoding))].join(', ');
    // index.html's own requests (config, the session) go out with the HTML, alongside the scripts,
    // before the app's code runs (issue #22): round 0; the rounds count from the app's first call.
    const appStart = Math.min(...scriptEnds);
    const boot = calls.filter((c) => c.start < appStart).length;
    const rounds = serialRounds(calls.filter((c) => c.start >= appStart));
    const largest = [...list]
      .sort((a, b) => b.gz - a.gz)
      .slice(0, 4)
      .map((s) => `${s.name} ${kb(s.gz)}`)
      .join(', ');
    return {
      'web-home: repository home JS with a README, gzipped (goal ≤ 120 KB)': `${kb(gz)} in ${list.length} files${gz <= 120 * 1024 ? '' : ' — goal not met'}`,
      'web-home: same JS as the server sends it (Content-Encoding)': `${kb(sent)} (${encodings})`,
      'web-home: largest scripts (gzipped)': largest,
      'web-home: serial API request rounds (goal ≤ 2)': `${rounds} (${calls.length} API calls, ${boot} of them sent by index.html with the scripts: ${calls.map((c) => new URL(c.url).pathname.replace('/api/v1/repos/bench/bench-repo', '') || '/').join(' ')})${rounds <= 2 ? '' : ' — goal not met'}`,
      [`web-home: README drawn, from navigation (each API answer held ${LATENCY_MS} ms)`]: `${Math.round(drawnMs)} ms`,
      'web-home: by package (gzipped, estimated from source maps)': describePackages(webDir, list),
      ...Object.fromEntries(describeChunks(webDir, list).map((line, i) => [`web-home: chunk #${i + 1} (gzipped; parts estimated from its source map)`, line])),
    };
  } finally {
    await browser.close();
    await stopServer(server);
    if (!builtDir) fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // bench/run.ts builds the server once for every bench; alone, this one does.
  ensureServerBuild();
  // `--web-dir <folder>`: an existing build (vite build --sourcemap --outDir <folder>).
  const at = process.argv.indexOf('--web-dir');
  const figures = await benchWebHome(at > 0 ? path.resolve(process.argv[at + 1]!) : undefined);
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  process.exit(0);
}
