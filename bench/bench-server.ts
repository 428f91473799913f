// What the browser benchmarks share: the built web app, the real server in a child process on a
// data folder of their own, a free port of the range they were given, and Chromium's launch args.
// Not a `-bench.ts` file, so bench/run.ts does not run it as a benchmark.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const tsx = path.resolve('node_modules/.bin/tsx');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function ensureWebBuild() {
  if (!fs.existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
}

export async function waitFor(url: string, timeoutMs = 30_000) {
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

/** The first port of `ports` nothing listens on (another run or a dev server may hold one). */
export async function freePort(ports: number[]): Promise<number> {
  for (const port of ports) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${ports.join(', ')}`);
}

/** The server as `npm start` runs it: the bundled server/ (rebuilt here, it takes a moment) on plain node. */
export function ensureServerBuild() {
  const r = spawnSync('npm', ['run', '-s', 'build:server'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('server build failed');
}

export function startServer(port: number, dataDir: string, extra: string[] = ['--no-demo'], env: Record<string, string> = {}): ChildProcess {
  if (!fs.existsSync('dist-server/main.js')) ensureServerBuild();
  return spawn(process.execPath, ['dist-server/main.js', 'serve', ...extra], {
    env: { ...process.env, PORT: String(port), FORGE_DATA_DIR: dataDir, FORGE_ROOT_URL: `http://127.0.0.1:${port}/`, ...env },
    stdio: 'ignore',
  });
}

export async function stopServer(p: ChildProcess) {
  if (p.exitCode !== null || p.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

/** A site administrator made the way an operator would: the CLI on the data folder. */
export function createAdminCli(dataDir: string, username: string, password: string) {
  const r = spawnSync(
    tsx,
    ['server/src/main.ts', 'admin', 'user', 'create', '--username', username, '--email', `${username}@example.com`, '--password', password, '--admin'],
    {
      env: { ...process.env, FORGE_DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`admin user create: ${r.stderr || r.stdout}`);
}
