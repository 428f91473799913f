// A throwaway PostgreSQL server for tests and benchmarks: Debian's `postgresql` package (installed
// with apt when it is missing and we are root; otherwise the exact command is printed), a fresh
// cluster in a temp folder, listening on 127.0.0.1 at a free port, stopped and deleted after.
//
//   node scripts/postgres.mjs <command> [args…]   runs the command with FORGE_TEST_POSTGRES_URL set
//   import { startPostgres } from './postgres.mjs' → { url, stop(), stopSync() }
//
// FORGE_TEST_POSTGRES_URL is a superuser's URL to the server's `postgres` database; tests make
// databases of their own from it (server/test/pg-databases.ts). FORGE_TEST_DATABASE=postgres
// puts every test forge on it; otherwise only the tests that are about PostgreSQL use it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const INSTALL = 'sudo apt-get update && sudo apt-get install -y postgresql';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function binDir() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** The PostgreSQL server programs' folder, installing Debian's package first when we may. */
export function ensurePostgres() {
  let bin = binDir();
  if (bin) return bin;
  if (!isRoot()) throw new Error(`PostgreSQL's server is not installed. Install it with:\n  ${INSTALL}`);
  console.log('Installing PostgreSQL (apt-get install postgresql)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed; install it with:\n  ${INSTALL}`);
  }
  bin = binDir();
  if (!bin) throw new Error(`PostgreSQL's server programs are still missing; install them with:\n  ${INSTALL}`);
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// PostgreSQL refuses to run as root; then its programs run as the package's `postgres` user.
function asServerUser(cmd, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

async function ready(bin, port, proc, log) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`PostgreSQL stopped while starting:\n${log()}`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) {
      // Accepting connections is not the same as accepting queries ("the database system is starting up").
      const r = spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'forge', '-d', 'postgres'], { encoding: 'utf8' });
      if (r.status === 0) return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL did not start within 30 s:\n${log()}`);
}

// Stops the server and removes its folder once process `pid` is gone, however it ended (a test
// worker is often ended by a signal, when no exit handler runs). A detached Node process that
// checks every second.
const WATCHDOG = `
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const [pid, cmd, ...args] = JSON.parse(process.argv[1]);
const dir = args.pop();
const t = setInterval(() => {
  try { process.kill(pid, 0); return; } catch {}
  clearInterval(t);
  spawnSync(cmd, args, { stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
}, 1000);
`;

/**
 * Starts a fresh server; `stop()` shuts it down and deletes its folder. `stopWithProcess: pid`
 * also stops it when that process is gone, for servers started by a process that may not get to
 * call stop().
 */
export async function startPostgres({ quiet = false, stopWithProcess } = {}) {
  const bin = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-pg-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  if (isRoot()) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'forge', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  // Durability is off: the cluster lives for one test run. Many connections: every test forge is
  // a database with its own small pool, and several processes share the server.
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dir}`,
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=400',
    'shared_buffers=128MB',
    'log_min_messages=warning',
    'log_checkpoints=off',
  ];
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings.flatMap((s) => ['-c', s])]);
  // The server's log goes to a file, not a pipe: `npm test` runs its steps with spawnSync, and a
  // pipe nobody reads meanwhile fills up until the server's next log line blocks it (the
  // checkpointer, and with it every DROP DATABASE, stopped there once the suite grew).
  const logFile = path.join(dir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const proc = spawn(cmd, args, { stdio: ['ignore', logFd, logFd] });
  fs.closeSync(logFd);
  const output = () => {
    try {
      return fs.readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const exited = new Promise((r) => proc.once('exit', r));
  try {
    await ready(bin, port, proc, output);
  } catch (e) {
    proc.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  if (stopWithProcess) {
    const [c, a] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawn(process.execPath, ['-e', WATCHDOG, JSON.stringify([stopWithProcess, c, ...a, dir])], { detached: true, stdio: 'ignore' }).unref();
  }
  const url = `postgres://forge@127.0.0.1:${port}/postgres`;
  if (!quiet) console.log(`PostgreSQL ${path.basename(path.dirname(bin))} on ${url} (throwaway, in ${dir})`);
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      if (proc.exitCode === null) {
        // pg_ctl signals the postmaster itself (runuser, as root, would not pass a signal on):
        // a fast shutdown ends sessions without waiting for clients.
        const [c, a] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '15', 'stop']);
        await new Promise((r) => spawn(c, a, { stdio: 'ignore' }).once('exit', r).once('error', r));
        const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(t);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  // For exit handlers, where nothing asynchronous runs: an immediate stop, then the folder.
  const stopSync = () => {
    if (proc.exitCode === null) {
      const [c, a] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(c, a, { stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url, port, dir, stop, stopSync, output };
}

// Command-line use: run a command beside a throwaway server.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('Usage: node scripts/postgres.mjs <command> [args…]');
    process.exit(2);
  }
  let pg;
  try {
    pg = await startPostgres({ stopWithProcess: process.pid });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, FORGE_TEST_POSTGRES_URL: pg.url } });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise((r) => child.once('exit', (c, s) => r(c ?? (s ? 1 : 0))));
  await pg.stop();
  process.exit(code);
}
