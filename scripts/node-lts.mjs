// Runs the server test suite under another Node release (default: the newest Node 24, the LTS
// beside the Node 20 the project is installed with). The Node binary comes from the npm registry
// (package node-<platform>-<arch>, the one `node@24` installs), so nothing else is downloaded.
//
//   node scripts/node-lts.mjs [version]      e.g. 24, 24.21.0, 22 (or FORGE_LTS_NODE=…)
//
// From Node 24 on, the forge opens SQLite with Node's built-in node:sqlite (server/src/db/sqlite.ts:
// better-sqlite3 12 aborts on Node 24.19+), and every other dependency is plain JavaScript or
// Node-API, so the suite runs straight from this checkout's node_modules. For an older release
// (22), better-sqlite3 must be built for it: the tree is copied to a temp folder and `npm ci` runs
// there with that Node and its headers (the package ships include/node), leaving node_modules alone.
// The JSON report goes to reports/vitest-node<major>.json (scripts/summarize-reports.mjs counts it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const version = process.argv[2] ?? process.env.FORGE_LTS_NODE ?? '24';
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

/** The repository's files as CI would see them once committed (tracked + new, not ignored). */
function copyTree(copy) {
  const ls = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (ls.status !== 0) throw new Error('git ls-files failed');
  for (const f of ls.stdout.split('\0').filter(Boolean)) {
    const src = path.join(root, f);
    if (!fs.existsSync(src) || !fs.statSync(src).isFile()) continue; // deleted, not yet staged
    fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    fs.copyFileSync(src, path.join(copy, f));
  }
}

let status = 1;
try {
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

  // `node`, npm's node and node-gyp's headers all that release; npm_* variables from an outer
  // `npm test` would point npm and node-gyp back at this Node.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`;
  env.npm_config_nodedir = nodeDir;
  const actual = spawnSync('node', ['-p', 'process.version'], { env, encoding: 'utf8' }).stdout.trim();
  const major = Number(actual.replace(/^v/, '').split('.')[0]);
  const report = path.join(root, `reports/vitest-node${major}.json`);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  env.FORGE_VITEST_REPORT = report;

  let cwd = root;
  if (major < 24) {
    if (!fs.existsSync(path.join(nodeDir, 'include/node/node_api.h')))
      throw new Error(`${pkg} has no include/node headers: better-sqlite3 cannot be built for it here`);
    cwd = path.join(tmp, 'forge');
    timed('copy', () => copyTree(cwd));
    const ci = timed('npm ci', () => run('npm', ['ci', '--no-audit', '--no-fund'], { cwd, env }));
    if (ci !== 0) throw new Error(`npm ci failed under Node ${actual}`);
  }
  console.log(`Server tests under Node ${actual} in ${cwd}`);
  status = timed('server tests', () => run('node', [path.join(cwd, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server'], { cwd, env }));
  if (!fs.existsSync(report)) status = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  status = 1;
} finally {
  if (!process.env.FORGE_LTS_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`Node ${version}: ${timings.join(', ')}`);
}
process.exit(status);
