// The real command line (`forge serve`, `forge dump`, `forge restore`) as a child process, for
// tests of what only a whole process shows: signals, exit codes, dump and restore.
// The server runs as `npm start` runs it: today's sources bundled by esbuild exactly as
// `npm run build:server` bundles them, then plain `node bundle.mjs …`. That starts in a fraction of
// the time tsx takes to compile the sources on every start (these tests start a dozen servers), and
// the server is the child process itself, so signals reach it with no wrapper relaying them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

let bundled: Promise<string> | undefined;

/**
 * The server bundle, built once per test process next to node_modules (so its packages resolve),
 * named by its content: runs and workers with the same sources share one file, and bundles older
 * than a day are removed (a worker is ended without an exit event to clean up after itself).
 */
export function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const dir = path.join(root, 'node_modules/.cache/forge-test');
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [path.join(root, 'server/src/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      target: 'node20',
      outfile: path.join(dir, 'main.mjs'),
      write: false,
      logLevel: 'warning',
    });
    const code = out.outputFiles[0]!.contents;
    const file = path.join(dir, `main-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    fs.mkdirSync(dir, { recursive: true });
    for (const old of fs.readdirSync(dir)) {
      const p = path.join(dir, old);
      if (p !== file && Date.now() - (fs.statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 86_400_000) fs.rmSync(p, { force: true });
    }
    if (!fs.existsSync(file)) {
      // Written aside and renamed: another worker may be starting a server from the same name.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, code);
      fs.renameSync(tmp, file);
    } else {
      const now = new Date();
      fs.utimesSync(file, now, now);
    }
    return file;
  })();
  return bundled;
}

export interface CliRun {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the output matches (rejects when the process exits first or after `ms`). */
  waitFor: (re: RegExp, ms?: number) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** SIGKILL to the whole process group (the server and any git it runs), for cleanup. */
  killAll: () => void;
}

export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, [await serverBundle(), ...args], {
    cwd: root,
    env: { ...process.env, FORGE_NO_DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so cleanup reaches the git processes it started too.
    detached: true,
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const l of listeners) l();
  });
  const waitFor = (re: RegExp, ms = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`timed out waiting for ${re} in:\n${out}`)), ms);
      const check = () => {
        const m = out.match(re);
        if (m) finish(null, m);
        else if (done) finish(new Error(`process exited before ${re} appeared:\n${out}`));
      };
      const finish = (err: Error | null, m?: RegExpMatchArray) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (err) reject(err);
        else resolve(m!);
      };
      listeners.add(check);
      check();
    });
  const killAll = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return { child, output: () => out, waitFor, exited, killAll };
}

/** Starts `serve` on a free port over `dataDir`; resolves once it listens, with the admin's password on a fresh folder. */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const run = await runCli(['serve', '--no-demo'], { FORGE_DATA_DIR: dataDir, PORT: String(port), FORGE_ROOT_URL: `http://127.0.0.1:${port}/`, ...env });
  await run.waitFor(/Forge listening on/);
  const password = run.output().match(/password: +(\S+)/)?.[1];
  return { ...run, port, base: `http://127.0.0.1:${port}`, password };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
