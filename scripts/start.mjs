// `npm start`: builds what is stale — the web app (dist/) and the server bundle (dist-server/)
// each on its own, judged by their build stamps (scripts/build-stamp.mjs) — then runs
// `node dist-server/main.js serve` with this command's arguments (`npm start -- --no-demo`).
//
// Signals: the server runs in its own process group, so a Ctrl-C in the terminal reaches it once,
// through this script, and not also straight from the terminal; npm forwards the same Ctrl-C to
// this script a second time, so a signal coming within a second of the last one forwarded is
// dropped (the server takes a second signal as "exit now without waiting"). SIGHUP (the terminal
// closed) stops the server cleanly with SIGTERM. This script exits with the server's exit code.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildTarget, checkFresh, targets } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');

for (const target of [targets.web, targets.server]) {
  const started = performance.now();
  const state = checkFresh(root, target);
  if (state.fresh) continue;
  console.log(`Building the ${target.name} (${state.reason})…`);
  if (!buildTarget(root, target, state.hash)) {
    console.error(`The ${target.name} build failed; not starting the forge.`);
    process.exit(1);
  }
  console.log(`Built the ${target.name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, [path.join(root, targets.server.output), 'serve', ...process.argv.slice(2)], {
  stdio: 'inherit',
  detached: true,
});

// The same Ctrl-C arrives from the terminal and from npm within milliseconds.
const SAME_SIGNAL_MS = 1000;
let lastForwarded = -Infinity;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = performance.now();
    if (now - lastForwarded < SAME_SIGNAL_MS) return;
    lastForwarded = now;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

server.on('error', (e) => {
  console.error(`Could not start the server: ${e.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
// Should this script end some other way, the server does not outlive it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
