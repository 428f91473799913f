// A clean stop of the real `forge serve` process: SIGTERM lets a git push in flight finish, refuses
// new connections, checkpoints and closes SQLite and exits 0; a stuck request is cut off after
// FORGE_SHUTDOWN_TIMEOUT_SECONDS; a second signal exits at once.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/index.ts';
import { startServer } from './cli-process.ts';

const exec = promisify(execFile);
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-stop-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

const gitEnv = { PATH: process.env.PATH, HOME: tmpRoot, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };
const git = (cwd: string, ...args: string[]) => exec('git', args, { cwd, env: gitEnv });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * A TCP relay in front of the server that forwards everything, except that once a client sends the
 * head of a receive-pack POST it holds the rest of that client's bytes until release(): a push
 * that is certainly in flight (the server has the request) at a moment the test picks.
 */
function holdingProxy(targetPort: number) {
  let held!: () => void;
  const pushHeld = new Promise<void>((r) => (held = r));
  let releaseAll!: () => void;
  const released = new Promise<void>((r) => (releaseAll = r));
  // Only the first receive-pack POST is held.
  let heldOnce = false;
  const server = net.createServer((client) => {
    client.pause();
    const upstream = net.connect(targetPort, '127.0.0.1', () => client.resume());
    upstream.pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('end', () => upstream.end());
    let tail = '';
    let holding = false;
    const queue: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      if (holding) {
        queue.push(chunk);
        return;
      }
      if (heldOnce) {
        upstream.write(chunk);
        return;
      }
      // latin1 maps bytes 1:1, so offsets in `text` past `tail` are offsets in `chunk`.
      const text = tail + chunk.toString('latin1');
      const post = text.search(/POST \S*git-receive-pack HTTP/);
      const headEnd = post >= 0 ? text.indexOf('\r\n\r\n', post) : -1;
      if (headEnd < 0) {
        tail = text.slice(-4096);
        upstream.write(chunk);
        return;
      }
      // The request's head goes through; its body waits.
      const cut = Math.max(0, headEnd + 4 - tail.length);
      upstream.write(chunk.subarray(0, cut));
      queue.push(chunk.subarray(cut));
      holding = true;
      heldOnce = true;
      held();
      void released.then(() => {
        holding = false;
        for (const b of queue.splice(0)) upstream.write(b);
      });
    });
  });
  const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return { listening, pushHeld, release: () => releaseAll(), close: () => server.close() };
}

function connectFails(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(null);
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('clean stop of forge serve', () => {
  it('finishes a git push in flight, refuses new connections, checkpoints SQLite and exits 0', async () => {
    const dataDir = path.join(tmpRoot, 'push');
    const srv = await startServer(dataDir);
    try {
      const auth = basic('forge-admin', srv.password!);
      const created = await fetch(`${srv.base}/api/v1/user/repos`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'big' }),
      });
      expect(created.status).toBe(201);

      // A commit whose pack is a few hundred KiB (random, so it does not compress): one POST.
      const work = path.join(tmpRoot, 'work');
      fs.mkdirSync(work);
      await git(work, 'init', '--quiet', '--initial-branch=main');
      fs.writeFileSync(path.join(work, 'blob.bin'), crypto.randomBytes(400 * 1024));
      await git(work, 'add', '.');
      await git(work, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'big file');
      const sha = (await git(work, 'rev-parse', 'HEAD')).stdout.trim();

      const proxy = holdingProxy(srv.port);
      const proxyPort = await proxy.listening;
      const push = git(work, 'push', `http://forge-admin:${encodeURIComponent(srv.password!)}@127.0.0.1:${proxyPort}/forge-admin/big.git`, 'main').then(
        () => 'ok',
        (e: { stderr?: string }) => `failed: ${e.stderr}`,
      );
      // (A push that ends before its POST was held went wrong: say how rather than wait forever.)
      const early = await Promise.race([proxy.pushHeld.then(() => null), push]);
      expect(early).toBeNull();

      srv.child.kill('SIGTERM');
      await srv.waitFor(/Received SIGTERM: stopping\. No new connections; waiting for 1 request\(s\) in flight/);
      // Stopped accepting: a new connection is refused while the push is still running.
      expect(await connectFails(srv.port)).toBe('ECONNREFUSED');
      proxy.release();

      expect(await push).toBe('ok');
      expect(await srv.exited).toBe(0);
      proxy.close();
      const log = srv.output();
      expect(log).toContain('All requests finished.');
      expect(log).toMatch(/SQLite: write-ahead log \(\d+ KiB\) checkpointed into the database and emptied; database closed\./);
      expect(log).toMatch(/Stopped cleanly in \d+ ms\./);
      // The write-ahead log is folded into forge.db: absent or empty.
      expect(fs.statSync(path.join(dataDir, 'forge.db-wal'), { throwIfNoEntry: false })?.size ?? 0).toBe(0);

      // The push landed, effects included: the forge on this folder knows the branch and that
      // the repository is no longer empty.
      const db = await openDb(path.join(dataDir, 'forge.db'));
      try {
        const app = createApp({ db, config: { ...loadConfig({}), dataDir, webDir: undefined } });
        const repo = await (await app.request('/api/v1/repos/forge-admin/big')).json();
        expect(repo.empty).toBe(false);
        const branch = await (await app.request('/api/v1/repos/forge-admin/big/branches/main')).json();
        expect(branch.commit.id).toBe(sha);
        const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        await db.destroy();
      }
    } finally {
      srv.killAll();
    }
  }, 120_000);

  it('closes a request that does not finish within FORGE_SHUTDOWN_TIMEOUT_SECONDS, then still exits 0', async () => {
    const dataDir = path.join(tmpRoot, 'stuck');
    const srv = await startServer(dataDir, { FORGE_SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      // A request whose body never arrives.
      const sock = net.connect(srv.port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      const closedByServer = new Promise<void>((r) => sock.once('close', () => r()));
      sock.on('error', () => {});
      sock.write(
        `POST /api/v1/user/repos HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic('forge-admin', srv.password!)}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
      );
      await new Promise((r) => setTimeout(r, 300));

      const t0 = Date.now();
      srv.child.kill('SIGTERM');
      await srv.waitFor(/waiting for 1 request\(s\) in flight \(up to 1 s\)/);
      await closedByServer;
      expect(await srv.exited).toBe(0);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
      expect(srv.output()).toContain('1 request(s) still running after 1 s; closing their connections.');
      expect(srv.output()).toMatch(/database closed\.[\s\S]*Stopped cleanly/);
      expect(fs.statSync(path.join(dataDir, 'forge.db-wal'), { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    } finally {
      srv.killAll();
    }
  }, 120_000);

  it('exits at once on a second signal', async () => {
    const dataDir = path.join(tmpRoot, 'twice');
    const srv = await startServer(dataDir, { FORGE_SHUTDOWN_TIMEOUT_SECONDS: '60' });
    try {
      const sock = net.connect(srv.port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      sock.on('error', () => {});
      sock.write(`POST /api/v1/user/repos HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`);
      await new Promise((r) => setTimeout(r, 300));

      srv.child.kill('SIGINT');
      await srv.waitFor(/Received SIGINT: stopping\. .*waiting for 1 request\(s\) in flight \(up to 60 s\)/);
      const t0 = Date.now();
      srv.child.kill('SIGINT');
      const code = await srv.exited;
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(code).toBe(1);
      expect(srv.output()).toContain('SIGINT again: exiting now without waiting.');
      sock.destroy();
    } finally {
      srv.killAll();
    }
  }, 120_000);
});
