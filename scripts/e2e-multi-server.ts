// Starts what e2e/*.multi.ts runs against (issue #20): a throwaway PostgreSQL, two forge processes
// on it sharing one data folder (E2E_PORT and E2E_PORT+1), and the round-robin proxy in front of
// them (E2E_PORT+2), as a deployment of several processes behind a balancer. Live events cross
// from one process to the other through PostgreSQL's LISTEN/NOTIFY. Everything stops, and the
// folders go, on SIGTERM/SIGINT (playwright.multi.config.ts asks for a SIGTERM).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRoundRobinProxy } from '../server/test/round-robin-proxy.ts';
import { createE2eAdmin } from './e2e-admin.mjs';

const first = Number(process.env.E2E_PORT ?? 3190);
const ports = [first, first + 1];
const proxyPort = first + 2;
const tsx = path.resolve('node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-e2e-multi-'));

// @ts-expect-error: a plain ES module, without types
const { startPostgres } = (await import('./postgres.mjs')) as {
  startPostgres(o: { stopWithProcess: number }): Promise<{ url: string; stop(): Promise<void> }>;
};
const pg = await startPostgres({ stopWithProcess: process.pid });
const env = { ...process.env, FORGE_DATA_DIR: dataDir, FORGE_DATABASE_URL: pg.url };

// The admin first: this also runs the migrations, once, before two processes share the database.
const created = createE2eAdmin(env);
if (created !== 0) {
  await pg.stop();
  process.exit(created);
}

// Each process knows itself by its own address (links, the same-origin check of web sessions).
const servers: ChildProcess[] = ports.map((port) =>
  spawn(tsx, ['server/src/main.ts', 'serve', '--no-demo'], {
    env: { ...env, PORT: String(port), FORGE_ROOT_URL: `http://127.0.0.1:${port}/` },
    stdio: 'inherit',
  }),
);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.exitCode !== null || s.signalCode !== null) return resolve();
          s.once('exit', () => resolve());
          s.kill('SIGTERM');
        }),
    ),
  );
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
for (const s of servers) s.once('exit', (code) => void stop(code ?? 1));

async function up(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the forge on port ${port} did not start`);
}
try {
  await Promise.all(ports.map(up));
  // Playwright waits for the proxy's /api/v1/version: it answers once both processes do.
  await startRoundRobinProxy(
    ports.map((p) => `http://127.0.0.1:${p}`),
    proxyPort,
  );
  console.log(`Two forge processes on PostgreSQL: ${ports.join(', ')}; round-robin proxy on ${proxyPort}`);
} catch (e) {
  console.error(e);
  await stop(1);
}
