// Runs the server test suite under another Node release (default: Node 24 LTS) beside the Node
// the project is installed with, without touching the main node_modules (better-sqlite3 there is
// built for the running Node). The Node binary and its headers come from the npm registry
// (package node-<platform>-<arch>, the one `node@24` installs): they ship include/node, so
// node-gyp builds better-sqlite3 from source against them, needing no other download.
// Steps: copy the repository's files (tracked and new, not ignored) to a temp folder, `npm ci`
// there with that Node first on PATH, run the server Vitest project, copy its JSON report to
// reports/vitest-node<major>.json (scripts/summarize-reports.mjs counts it), delete the folder.
//
//   node scripts/node-lts.mjs [version]      e.g. 22, 24, 24.18.1 (or FORGE_LTS_NODE=…)
//
// Why the default is pinned to 24.18.1: from Node 24.19.0 on, node_object_wrap.h registers an
// environment cleanup hook in ObjectWrap's constructor and removes it in the destructor, which
// CHECK-fails (`Assertion failed: (env) != nullptr`, SIGABRT) when V8 garbage-collects a
// better-sqlite3 12 Statement outside a JS context; Vitest's forked workers die mid-file. The
// fix is better-sqlite3 13 (Node-API), which needs Node >= 22 — it comes with dropping Node 20.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const version = process.argv[2] ?? process.env.FORGE_LTS_NODE ?? '24.18.1';
const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-node-lts-'));
const timings = [];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function timed(label, fn) {
  const started = Date.now();
  const out = fn();
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return out;
}

let status = 1;
try {
  // 1. The Node binary and headers, from the registry through npm's own client.
  const pkg = `node-${process.platform}-${process.arch}@${version}`;
  const nodeDir = path.join(tmp, 'node');
  timed('node download', () => {
    const packed = spawnSync('npm', ['pack', pkg, '--silent', '--pack-destination', tmp], { encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed: ${packed.stderr}`);
    const tgz = path.join(tmp, packed.stdout.trim().split('\n').pop());
    fs.mkdirSync(nodeDir);
    if (run('tar', ['xzf', tgz, '-C', nodeDir, '--strip-components=1']) !== 0) throw new Error('tar failed');
    fs.rmSync(tgz);
  });
  if (!fs.existsSync(path.join(nodeDir, 'include/node/node_api.h'))) {
    throw new Error(`${pkg} has no include/node headers: better-sqlite3 cannot be built for it here`);
  }

  // 2. The working tree's files as CI would see them once committed (tracked + new, not ignored).
  const copy = path.join(tmp, 'forge');
  timed('copy', () => {
    const ls = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
    if (ls.status !== 0) throw new Error('git ls-files failed');
    for (const f of ls.stdout.split('\0').filter(Boolean)) {
      const src = path.join(root, f);
      if (!fs.existsSync(src) || !fs.statSync(src).isFile()) continue; // deleted, not yet staged
      fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      fs.copyFileSync(src, path.join(copy, f));
    }
  });

  // 3. An environment where `node`, npm's own node and node-gyp's headers are all that release.
  // npm_* variables from an outer `npm test` would point npm and node-gyp back at this Node.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`;
  env.npm_config_nodedir = nodeDir;
  const actual = spawnSync('node', ['-p', 'process.version'], { env, encoding: 'utf8' }).stdout.trim();
  const major = actual.replace(/^v/, '').split('.')[0];
  console.log(`Server tests under Node ${actual} in ${copy}`);

  const ci = timed('npm ci', () => run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, env }));
  if (ci !== 0) throw new Error(`npm ci failed under Node ${actual}`);

  // 4. The server Vitest project; vitest.config.ts writes reports/vitest.json in the copy.
  status = timed('server tests', () => run('npx', ['vitest', 'run', '--project', 'server'], { cwd: copy, env }));
  const report = path.join(copy, 'reports/vitest.json');
  fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
  if (fs.existsSync(report)) fs.copyFileSync(report, path.join(root, `reports/vitest-node${major}.json`));
  else status = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  status = 1;
} finally {
  if (!process.env.FORGE_LTS_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`Node ${version}: ${timings.join(', ')}`);
}
process.exit(status);
