// Live pages (issue #20): how long a comment takes from its POST to its arrival on another
// client's event stream (p50, p95), on one process (SQLite) and on two processes on PostgreSQL
// behind the round-robin proxy (the stream on one, writes alternating, so half cross processes
// through LISTEN/NOTIFY); and what 1,000 idle event streams cost one process: its memory (RSS
// delta) and the latency of API requests with and without them.
// Run alone: npx tsx bench/live-bench.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readSse } from '../server/test/sse-client.ts';
import { startRoundRobinProxy } from '../server/test/round-robin-proxy.ts';
import { benchPostgres } from './bench-postgres.ts';
import { createAdminCli, ensureServerBuild, freePort, waitFor } from './bench-server.ts';
import { quantile, round } from './bench-stats.ts';

const COMMENTS = 60;
const IDLE_STREAMS = 1_000;
const REQUESTS = 300;
const ADMIN = { name: 'live-admin', password: 'live-admin-password' };
const PORTS = [3361, 3362, 3363, 3364, 3365, 3366, 3367, 3368];

function serve(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['dist-server/main.js', 'serve', '--no-demo'], {
    env: { ...process.env, ...env, PORT: String(port), FORGE_DATA_DIR: dataDir, FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
    stdio: 'ignore',
  });
}

async function stop(p: ChildProcess) {
  if (p.exitCode !== null || p.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A token, a repository and an issue to comment on. */
async function setUp(base: string): Promise<string> {
  const basic = `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}`;
  const token = `token ${(await call(base, basic, 'POST', `/users/${ADMIN.name}/tokens`, { name: `live-${Date.now()}` })).sha1}`;
  await call(base, token, 'POST', '/user/repos', { name: 'live', auto_init: true });
  await call(base, token, 'POST', `/repos/${ADMIN.name}/live/issues`, { title: 'Live' });
  return token;
}

/** POST a comment through `writeBase`, time until the stream on `streamBase` has it. */
/** The POSTs' own durations (their answer), beside the arrival figures. */
const postTimes: number[] = [];

async function commentLatency(writeBase: string, streamBase: string, token: string): Promise<number[]> {
  postTimes.length = 0;
  const res = await fetch(`${streamBase}/api/v1/events?repo=${ADMIN.name}/live`, { headers: { Authorization: token } });
  const s = readSse(res);
  await s.next('ready');
  const out: number[] = [];
  for (let i = 0; i < COMMENTS; i++) {
    const t0 = performance.now();
    const c = await call(writeBase, token, 'POST', `/repos/${ADMIN.name}/live/issues/1/comments`, { body: `comment ${i}` });
    postTimes.push(performance.now() - t0);
    const e = await s.next((x) => x.event === 'issue.commented' && x.data.comment === c.id);
    out.push(e.at - t0);
  }
  await s.close();
  return out;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

async function apiLatency(base: string, token: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await call(base, token, 'GET', `/repos/${ADMIN.name}/live/issues/1`);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Opens n idle streams, each on its own connection; resolves once every one said ready. */
async function openIdle(port: number, token: string, n: number): Promise<http.ClientRequest[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const reqs: http.ClientRequest[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/v1/events?repo=${ADMIN.name}/live`, headers: { Authorization: token }, agent });
    reqs.push(req);
    ready.push(
      new Promise<void>((resolve, reject) => {
        req.on('error', reject);
        req.on('response', (res) => {
          res.once('data', () => resolve());
          res.on('data', () => undefined);
        });
      }),
    );
    if (i % 100 === 99) await Promise.all(ready.slice(i - 99, i + 1));
  }
  await Promise.all(ready);
  return reqs;
}

const ms = (xs: number[]) => `p50 ${round(quantile(xs, 0.5))} ms, p95 ${round(quantile(xs, 0.95))} ms`;

export async function benchLive(): Promise<Record<string, number | string>> {
  if (!fs.existsSync('dist-server/main.js')) ensureServerBuild();
  const out: Record<string, number | string> = {};

  // One process on SQLite.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-live-'));
  createAdminCli(dataDir, ADMIN.name, ADMIN.password);
  const port = await freePort(PORTS);
  const one = serve(port, dataDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/v1/version`);
    const token = await setUp(base);
    out['comment POST → event on another stream, one process (SQLite)'] = ms(await commentLatency(base, base, token));
    out['  (the POST answer alone, one process)'] = ms(postTimes);

    await apiLatency(base, token); // warm-up
    const before = await apiLatency(base, token);
    const rss0 = rssKb(one.pid!);
    const idle = await openIdle(port, token, IDLE_STREAMS);
    await new Promise((r) => setTimeout(r, 1000));
    const rss1 = rssKb(one.pid!);
    const during = await apiLatency(base, token);
    out[`${IDLE_STREAMS} idle streams: server RSS delta`] =
      `${((rss1 - rss0) / 1024).toFixed(1)} MB (${(rss0 / 1024).toFixed(0)} → ${(rss1 / 1024).toFixed(0)} MB)`;
    out[`GET issue without streams (${REQUESTS} requests)`] = ms(before);
    out[`GET issue with ${IDLE_STREAMS} idle streams open`] = ms(during);
    // One event fanned out to every idle stream: the comment's latency as one of 1,001 listeners.
    out[`comment POST → event with ${IDLE_STREAMS} other streams listening`] = ms((await commentLatency(base, base, token)).slice(0, 20));
    for (const r of idle) r.destroy();
  } finally {
    await stop(one);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // Two processes on PostgreSQL behind the round-robin proxy.
  const pg = await benchPostgres('forge_live_bench');
  if ('error' in pg) {
    out['two processes (PostgreSQL)'] = `not run: ${pg.error.split('\n')[0]}`;
    return out;
  }
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-live-pg-'));
  const env = { FORGE_DATABASE_URL: pg.url };
  const servers: ChildProcess[] = [];
  try {
    const previous = process.env.FORGE_DATABASE_URL;
    process.env.FORGE_DATABASE_URL = pg.url;
    try {
      createAdminCli(pgDir, ADMIN.name, ADMIN.password);
    } finally {
      if (previous === undefined) delete process.env.FORGE_DATABASE_URL;
      else process.env.FORGE_DATABASE_URL = previous;
    }
    const ports = [await freePort(PORTS.slice(2)), 0];
    servers.push(serve(ports[0]!, pgDir, env));
    ports[1] = await freePort(PORTS.slice(2).filter((p) => p !== ports[0]));
    servers.push(serve(ports[1], pgDir, env));
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    for (const b of bases) await waitFor(`${b}/api/v1/version`);
    const proxy = await startRoundRobinProxy(bases);
    try {
      const token = await setUp(proxy.base);
      out['comment POST → event, two processes on PostgreSQL behind the round-robin proxy'] = ms(await commentLatency(proxy.base, proxy.base, token));
      out['  (the POST answer alone, two processes)'] = ms(postTimes);
      out['comment POST on process 1 → event on a stream of process 2 (PostgreSQL)'] = ms(await commentLatency(bases[0]!, bases[1]!, token));
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(servers.map(stop));
    await pg.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchLive();
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  process.exit(0);
}
