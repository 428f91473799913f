// A clean stop for `forge serve`: on SIGTERM/SIGINT the server stops accepting connections, lets
// the requests in flight (git pushes included) finish within a limit, closes what is left, folds
// SQLite's write-ahead log into the database file, closes it and exits 0. A second signal exits
// at once.
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { checkpointAndClose } from './db/index.ts';
import type { Db } from './db/types.ts';

export interface CleanStopOptions {
  server: Server;
  db: Db;
  /** How long in-flight work may take before its connections are closed (FORGE_SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
  log?: (message: string) => void;
  exit?: (code: number) => never | void;
  /** Called as the stop begins: endless answers (live event streams) end so they are not waited for. */
  onStop?: () => void;
  /** Background work to stop before the database closes (the webhook delivery worker). */
  stopBackground?: () => Promise<void>;
}

/**
 * Counts the requests in flight on `server` (from the request until its response is fully sent or
 * its connection drops — a git push's response ends only after its effects are recorded) and
 * installs the signal handlers. Returns `stop` for callers that want to stop without a signal.
 */
export function installCleanStop(opts: CleanStopOptions): { stop: (reason: string) => Promise<void>; inFlight: () => number } {
  const { server, db, timeoutMs } = opts;
  const log = opts.log ?? ((m: string) => console.log(m));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const active = new Set<ServerResponse>();
  let stopping = false;
  let drained: (() => void) | null = null;

  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    active.add(res);
    // A request that arrives on a kept-alive connection while stopping is still answered, but the
    // client is told to go elsewhere for the next one.
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active.delete(res);
      if (!stopping) return;
      // Its connection is idle now; close it so server.close() can complete.
      setImmediate(() => server.closeIdleConnections());
      if (active.size === 0) drained?.();
    });
  });

  async function stop(reason: string): Promise<void> {
    const started = performance.now();
    stopping = true;
    opts.onStop?.();
    const seconds = Math.round(timeoutMs / 1000);
    // Closed before it is logged, so whoever reads "No new connections" finds it true.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    log(`${reason}: stopping. No new connections; waiting for ${active.size} request(s) in flight (up to ${seconds} s).`);

    const deadline = Date.now() + timeoutMs;
    const timedOut = await waitUntil(
      new Promise<void>((resolve) => {
        drained = resolve;
        if (active.size === 0) resolve();
      }),
      deadline,
    );
    if (timedOut && active.size > 0) {
      log(`${active.size} request(s) still running after ${seconds} s; closing their connections.`);
    } else {
      log('All requests finished.');
    }
    server.closeAllConnections();
    await waitUntil(closed, Date.now() + 2000);

    // A push whose client went away keeps running (receive-pack and its effects): wait for the
    // git processes this server started, within what is left of the limit.
    const children = childProcessCount();
    if (children > 0) {
      log(`Waiting for ${children} git process(es) to finish.`);
      const left = await pollUntil(() => childProcessCount() === 0, deadline);
      if (!left) log(`${childProcessCount()} git process(es) still running after ${seconds} s; stopping without them.`);
    }

    if (opts.stopBackground) {
      // Deliveries in flight finish (each within its time limit); queued ones wait for the next start.
      await waitUntil(opts.stopBackground(), Math.max(deadline, Date.now() + 1000));
      log('Background work stopped.');
    }

    try {
      const r = await checkpointAndClose(db);
      log(
        r.postgres
          ? 'PostgreSQL: connections closed.'
          : r.busy
            ? 'SQLite: the checkpoint was held back by another connection (a dump?); the write-ahead log is kept and replayed at the next start. Database closed.'
            : `SQLite: write-ahead log (${Math.ceil(r.walBytes / 1024)} KiB) checkpointed into the database and emptied; database closed.`,
      );
    } catch (e) {
      log(`The database could not be closed cleanly: ${e instanceof Error ? e.message : String(e)}`);
      exit(1);
      return;
    }
    log(`Stopped cleanly in ${Math.round(performance.now() - started)} ms.`);
    exit(0);
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now without waiting.`);
      exit(1);
      return;
    }
    void stop(`Received ${signal}`);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return { stop, inFlight: () => active.size };
}

/** Resolves true when the deadline passed before `p` settled. */
async function waitUntil(p: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([p.then(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks `done` every 50 ms until it holds (true) or the deadline passes (false). */
async function pollUntil(done: () => boolean, deadline: number): Promise<boolean> {
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * Git processes this process started (Linux /proc; elsewhere 0, and the wait is skipped). Other
 * children (tsx's esbuild service) live as long as the process and do not count.
 */
function childProcessCount(): number {
  try {
    let n = 0;
    for (const task of fs.readdirSync(`/proc/${process.pid}/task`)) {
      const list = fs.readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
      for (const pid of list ? list.split(/\s+/) : []) {
        let comm = '';
        try {
          comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        } catch {
          // It exited meanwhile.
        }
        if (comm.startsWith('git')) n++;
      }
    }
    return n;
  } catch {
    return 0;
  }
}
