// Webhooks (issue #21): the server as `npm start` runs it (dist-server/main.js, SQLite, its own
// delivery worker) with FORGE_WEBHOOK_ALLOWED_HOST_LIST=loopback, and a receiver on a loopback port
// in this process. Two repositories: one with no hook, one with 5 active hooks (push and issue
// comments) to that receiver. Figures:
//  - delivery latency p50/p95: from the start of the write (an issue comment through the API, or a
//    `git push` over HTTP) to the receiver getting the POST, for the first of the 5 hooks and for
//    all 5; for comments also from the API's answer;
//  - the push's wall time (git push over HTTP) with 0 hooks and with 5 active hooks;
//  - the API write (POST an issue comment) with 0 hooks and with 5 active hooks.
// Writes alternate between the two repositories so both see the same machine. The issue asks for
// "no measurable difference": compare the medians (the p95 is noisy on a shared machine).
// Run alone: npx tsx bench/run.ts webhooks
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createAdminCli, freePort, startServer, stopServer, waitFor } from './bench-server.ts';
import { quantile, round } from './bench-stats.ts';
import { startReceiver, type Received, type Receiver } from '../server/test/webhook-receiver.ts';

const exec = promisify(execFile);
const HOOKS = 5;
const COMMENTS = 40;
const PUSHES = 15;
const WARMUP = 3;

const p50p95 = (xs: number[]) => `${round(quantile(xs, 0.5))} / ${round(quantile(xs, 0.95))} ms (n=${xs.length})`;

/** Resolves once `n` requests that `match` accepts have arrived (or fails after 20 s). */
async function arrivals(rx: Receiver, match: (r: Received) => boolean, n: number): Promise<Received[]> {
  const deadline = performance.now() + 20_000;
  for (;;) {
    const got = rx.received.filter(match);
    if (got.length >= n) return got.slice(0, n);
    if (performance.now() > deadline) throw new Error(`only ${got.length} of ${n} deliveries arrived`);
    await Promise.race([rx.next(match, rx.received.length), new Promise((r) => setTimeout(r, 1000))]);
  }
}

export async function benchWebhooks(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-hooks-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-hooks-work-'));
  createAdminCli(dataDir, 'bench', 'bench-password');
  const port = await freePort([3340, 3341, 3342, 3343, 3344, 3345, 3346, 3347, 3348, 3349]);
  const server = startServer(port, dataDir, ['--no-demo'], { FORGE_WEBHOOK_ALLOWED_HOST_LIST: 'loopback' });
  const rx = await startReceiver();
  const base = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from('bench:bench-password').toString('base64')}`;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const git = (cwd: string, ...args: string[]) =>
    exec('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  try {
    await waitFor(`${base}/api/v1/version`);
    const repos = ['hooks0', `hooks${HOOKS}`] as const;
    const clones: Record<string, string> = {};
    for (const name of repos) {
      await api('POST', '/user/repos', { name, auto_init: true });
      await api('POST', `/repos/bench/${name}/issues`, { title: 'Benchmark issue' });
      const url = new URL(`${base}/bench/${name}.git`);
      url.username = 'bench';
      url.password = 'bench-password';
      clones[name] = path.join(work, name);
      await git(work, 'clone', '-q', url.href, clones[name]);
    }
    for (let i = 1; i <= HOOKS; i++) {
      await api('POST', `/repos/bench/hooks${HOOKS}/hooks`, {
        type: 'gitea',
        config: { url: `${rx.url}?hook=${i}`, content_type: 'json', secret: `secret-${i}` },
        events: ['push', 'issue_comment'],
        active: true,
      });
    }

    const comment: Record<string, number[]> = { hooks0: [], [`hooks${HOOKS}`]: [] };
    const fromStart = { first: [] as number[], all: [] as number[] };
    const fromAnswer = { first: [] as number[], all: [] as number[] };
    for (let i = 0; i < WARMUP + COMMENTS; i++) {
      for (const name of i % 2 ? [...repos].reverse() : repos) {
        const t0 = performance.now();
        const c = (await api('POST', `/repos/bench/${name}/issues/1/comments`, { body: `comment ${i}` })) as { id: number };
        const t1 = performance.now();
        if (name === 'hooks0') {
          if (i >= WARMUP) comment[name]!.push(t1 - t0);
          continue;
        }
        const got = await arrivals(rx, (r) => r.payload?.comment?.id === c.id, HOOKS);
        if (i < WARMUP) continue;
        comment[name]!.push(t1 - t0);
        const first = Math.min(...got.map((r) => r.at));
        const last = Math.max(...got.map((r) => r.at));
        fromStart.first.push(first - t0);
        fromStart.all.push(last - t0);
        fromAnswer.first.push(first - t1);
        fromAnswer.all.push(last - t1);
      }
    }

    const push: Record<string, number[]> = { hooks0: [], [`hooks${HOOKS}`]: [] };
    const pushDelivery = { first: [] as number[], all: [] as number[] };
    for (let i = 0; i < WARMUP + PUSHES; i++) {
      for (const name of i % 2 ? [...repos].reverse() : repos) {
        const dir = clones[name]!;
        fs.writeFileSync(path.join(dir, 'counter.txt'), `${i}\n`);
        await git(dir, 'add', 'counter.txt');
        await git(dir, 'commit', '-q', '-m', `push ${i}`);
        const sha = (await git(dir, 'rev-parse', 'HEAD')).stdout.trim();
        const t0 = performance.now();
        await git(dir, 'push', '-q', 'origin', 'HEAD');
        const t1 = performance.now();
        if (name !== 'hooks0') {
          const got = await arrivals(rx, (r) => r.payload?.after === sha, HOOKS);
          if (i >= WARMUP) {
            pushDelivery.first.push(Math.min(...got.map((r) => r.at)) - t0);
            pushDelivery.all.push(Math.max(...got.map((r) => r.at)) - t0);
          }
        }
        if (i >= WARMUP) push[name]!.push(t1 - t0);
      }
    }

    const med = (xs: number[]) => quantile(xs, 0.5);
    const h = `hooks${HOOKS}`;
    return {
      'delivery latency, issue comment → first of 5 hooks, from request start (p50 / p95)': p50p95(fromStart.first),
      'delivery latency, issue comment → all 5 hooks, from request start (p50 / p95)': p50p95(fromStart.all),
      'delivery latency, issue comment → first of 5 hooks, minus the API answer time (p50 / p95, below 0 = before the answer)': p50p95(fromAnswer.first),
      'delivery latency, git push → first of 5 hooks, from push start (p50 / p95)': p50p95(pushDelivery.first),
      'delivery latency, git push → all 5 hooks, from push start (p50 / p95)': p50p95(pushDelivery.all),
      'git push over HTTP, 0 hooks (p50 / p95)': p50p95(push.hooks0!),
      'git push over HTTP, 5 active hooks (p50 / p95)': p50p95(push[h]!),
      'git push, 5 hooks vs 0 (ratio of p50)': round(med(push[h]!) / med(push.hooks0!)),
      'API issue comment, 0 hooks (p50 / p95)': p50p95(comment.hooks0!),
      'API issue comment, 5 active hooks (p50 / p95)': p50p95(comment[h]!),
      'API issue comment, 5 hooks vs 0 (ratio of p50)': round(med(comment[h]!) / med(comment.hooks0!)),
      'deliveries received': rx.received.length,
    };
  } finally {
    await rx.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}
