// Build stamps: whether dist/ (the web app) and dist-server/ (the server bundle) are current.
//
// A successful build writes `<outDir>/.build-stamp.json` holding a hash of its inputs (every
// file's path and contents, and the build command), taken before the build ran. An output counts
// as fresh when its main file and its stamp exist and the stamp's hash is the inputs' hash now. A
// build first removes the old stamp and writes the new one only when it succeeded, so a failed or
// interrupted build leaves the output stale. Hashing the whole tree (about 800 files, 5 MB) takes well under a
// second; mtimes are not trusted (a checkout or a copy changes them without changing a file).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.build-stamp.json';

// Bump when what goes into the hash changes, so every older stamp counts as stale.
const SCHEME = 1;

/**
 * What `npm start` and `npm run build` build. `inputs` are files or folders (taken whole) relative
 * to the repository root; the lockfile stands for the dependencies' versions. `script` is the
 * package.json script that builds it: its text goes into the hash (not the whole package.json, so
 * editing another script does not rebuild).
 */
export const targets = {
  web: {
    name: 'web app',
    outDir: 'dist',
    output: 'dist/index.html',
    inputs: ['src', 'index.html', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
    script: 'build:web',
    command: ['npm', ['run', '-s', 'build:web']],
  },
  server: {
    name: 'server bundle',
    outDir: 'dist-server',
    output: 'dist-server/main.js',
    inputs: ['server/src', 'tsconfig.json', 'package-lock.json'],
    script: 'build:server',
    command: ['npm', ['run', '-s', 'build:server']],
  },
};

/** Every file under `inputs` (relative paths with `/`, sorted); a missing input is left out. */
export function listInputs(root, inputs) {
  const files = [];
  const walk = (rel) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(path.join(root, rel))) walk(`${rel}/${name}`);
    } else if (stat.isFile()) {
      files.push(rel);
    }
  };
  for (const input of inputs) walk(input.replace(/\\/g, '/').replace(/\/+$/, ''));
  return [...new Set(files)].sort();
}

/** The package.json script's text, or '' when there is none. */
function scriptText(root, name) {
  if (!name) return '';
  try {
    return String(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.[name] ?? '');
  } catch {
    return '';
  }
}

/**
 * The hash of the target's inputs: its build command and script, then each input file's path,
 * size and contents.
 */
export function inputHash(root, target) {
  const hash = createHash('sha256');
  hash.update(`forge-build-stamp ${SCHEME}\0${JSON.stringify(target.command)}\0${scriptText(root, target.script)}\0`);
  for (const rel of listInputs(root, target.inputs)) {
    const data = fs.readFileSync(path.join(root, rel));
    hash.update(`${rel}\0${data.length}\0`);
    hash.update(data);
  }
  return hash.digest('hex');
}

function stampPath(root, target) {
  return path.join(root, target.outDir, STAMP_FILE);
}

/** The stamp's content, or null when there is none or it cannot be read. */
export function readStamp(root, target) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampPath(root, target), 'utf8'));
    return typeof stamp?.hash === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/** Writes the stamp (through a temporary file and a rename, so it is whole or absent). */
export function writeStamp(root, target, hash) {
  const file = stampPath(root, target);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

export function removeStamp(root, target) {
  fs.rmSync(stampPath(root, target), { force: true });
}

/**
 * Is the target's output current? `hash` is the inputs' hash now (for the stamp a build writes);
 * `reason` says why not.
 */
export function checkFresh(root, target) {
  const hash = inputHash(root, target);
  if (!fs.existsSync(path.join(root, target.output))) return { fresh: false, hash, reason: `no ${target.output}` };
  const stamp = readStamp(root, target);
  if (!stamp) return { fresh: false, hash, reason: `no build stamp in ${target.outDir}/` };
  if (stamp.hash !== hash) return { fresh: false, hash, reason: 'sources changed since the last build' };
  return { fresh: true, hash, reason: 'up to date' };
}

/**
 * Builds the target with its command and stamps it when the command succeeded. `hash` should be
 * taken before the build (a file edited while it runs then makes the next start build again).
 * Returns whether the build succeeded.
 */
export function buildTarget(root, target, hash = inputHash(root, target)) {
  removeStamp(root, target);
  const [cmd, args] = target.command;
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.error) console.error(result.error.message);
  if (result.status !== 0) return false;
  writeStamp(root, target, hash);
  return true;
}
