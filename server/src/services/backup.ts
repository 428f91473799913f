// Backups as Gitea's `gitea dump` / restore: `forge dump` writes one .tar.gz holding a consistent
// copy of the data folder while the forge keeps serving; `forge restore` unpacks one into an empty
// folder. Both work on the data folder directly (never through a running server), so they are safe
// beside one: the database is copied with SQLite's own `VACUUM INTO` (one read transaction: a
// consistent snapshot, never a raw copy of a live WAL database), and each repository through git's
// own transport (`git fetch` from it into a fresh copy), which takes the refs at one moment and
// then exactly the objects they reach, so no copied ref points to a missing object. This file writes
// dumps; backup-restore.ts reads them back.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { listRepositories, snapshotDatabase, updateEmptyFlags, type RepoEntry } from '../db/backup.ts';
import { hasAnyBranch } from '../git/repo.ts';
import { fetchAllRefs, initEmptyBare } from '../git/repo-admin.ts';
import { FORMAT, MANIFEST, type Manifest, refuseOnPostgres } from './backup-format.ts';

export { restoreForge, type RestoreOptions, type RestoreSummary } from './backup-restore.ts';

// Entries of the data folder a dump leaves out: the live database files (copied by SQLite
// instead), repositories (copied by git), scratch space, and the hooks folder, which the server
// writes again at start with the path of its own node binary.
const SKIP_TOP = new Set(['forge.db', 'forge.db-wal', 'forge.db-shm', 'forge.db-journal', 'repositories', 'tmp', 'hooks']);
// In a repository folder: objects and refs come through git; the rest is scratch or reflogs.
const SKIP_IN_REPO = new Set(['objects', 'refs', 'packed-refs', 'logs', 'worktrees', 'FETCH_HEAD', 'ORIG_HEAD', 'MERGE_HEAD', 'shallow']);

export interface DumpOptions {
  dataDir: string;
  /** Archive to write; default ./forge-dump-<UTC time>.tar.gz in the current folder. */
  file?: string;
  /** Where the copy is assembled before it is packed (default: the system's temp folder). */
  tempDir?: string;
  /** FORGE_DATABASE_URL: set, the database is not in the data folder and a dump is refused. */
  databaseUrl?: string;
  log?: (message: string) => void;
}

export interface DumpSummary {
  file: string;
  repositories: number;
  /** Repositories the database names whose folder was missing (not in the archive). */
  missing: string[];
  files: number;
  bytes: number;
}

export async function dumpForge(opts: DumpOptions): Promise<DumpSummary> {
  refuseOnPostgres('dump', opts.databaseUrl);
  const log = opts.log ?? ((m: string) => console.log(m));
  const started = performance.now();
  const dataDir = path.resolve(opts.dataDir);
  const dbFile = path.join(dataDir, 'forge.db');
  if (!fs.existsSync(dbFile)) throw new Error(`No forge data in ${dataDir} (forge.db is missing). Set FORGE_DATA_DIR to the forge's data folder.`);
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = path.resolve(opts.file ?? `forge-dump-${stamp}.tar.gz`);
  if (isInside(file, dataDir)) throw new Error(`Refusing to write the dump inside the data folder it copies (${file}).`);
  const stage = fs.mkdtempSync(path.join(opts.tempDir ?? os.tmpdir(), 'forge-dump-'));
  const out = path.join(stage, 'data');
  fs.mkdirSync(out);
  log(`Dumping ${dataDir} (the forge may keep running).`);
  try {
    // Attachments, avatars and anything else in the folder, before and again after the database
    // snapshot: a file created or removed meanwhile is there whichever side of the snapshot its
    // row fell on.
    const firstPass = Date.now();
    copyOtherFiles(dataDir, out, null);
    const tables = snapshotDatabase(dbFile, path.join(out, 'forge.db'));
    // The second pass also copies again what changed since the first began (a file caught while
    // it was being written).
    copyOtherFiles(dataDir, out, firstPass - 2000);
    const files = countFiles(out) - 1;
    log(
      `  database: consistent snapshot (${Object.entries(tables)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')})`,
    );
    log(`  files: ${files} (attachments, avatars and the rest of the data folder)`);

    // Every repository the snapshot knows, copied after it: a repository created later has no row
    // and stays out; pushes that land meanwhile are in the copy as after a crash, never half.
    const snapshot = path.join(out, 'forge.db');
    const repos = listRepositories(snapshot);
    const missing: string[] = [];
    let copied = 0;
    for (const r of repos) {
      const rel = path.join('repositories', r.owner.toLowerCase(), `${r.name.toLowerCase()}.git`);
      const src = path.join(dataDir, rel);
      const dst = path.join(out, rel);
      const error = await copyRepositoryRetrying(src, dst);
      if (error === null) {
        copied++;
        continue;
      }
      // A row whose folder is missing or unreadable: a creation in progress when the snapshot was
      // taken, or a repository already lost. The archive gets an empty repository for it, so the
      // restored forge serves it as empty instead of failing on it.
      missing.push(`${r.owner}/${r.name} (${error})`);
      fs.rmSync(dst, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dst), { recursive: true });
      await initEmptyBare(dst, r.default_branch || 'main');
    }
    log(`  repositories: ${copied} copied`);
    if (missing.length)
      log(
        `  ${missing.length} repositor${missing.length === 1 ? 'y' : 'ies'} named by the database could not be copied and are empty in the dump: ${missing.join('; ')}`,
      );
    // The archive agrees with itself: a push (or a creation's first commit) that landed between
    // the snapshot and the copy leaves `empty` stale in the snapshot, as a crash would; fix it here.
    const fixed = await alignEmptyFlags(snapshot, repos, (r) => path.join(out, 'repositories', r.owner.toLowerCase(), `${r.name.toLowerCase()}.git`));
    if (fixed.length) log(`  marked ${fixed.length} repositor${fixed.length === 1 ? 'y' : 'ies'} empty/non-empty as copied: ${fixed.join(', ')}`);
    const known = new Set(repos.map((r) => `${r.owner.toLowerCase()}/${r.name.toLowerCase()}.git`));
    const strays = listRepositoryFolders(path.join(dataDir, 'repositories')).filter((p) => !known.has(p));
    if (strays.length) log(`  left out ${strays.length} repository folder(s) with no database row: ${strays.join(', ')}`);

    const manifest: Manifest = { format: FORMAT, created: new Date().toISOString(), tables, repositories: copied, files };
    fs.writeFileSync(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    // Written aside and renamed: an interrupted dump never leaves a file that looks complete.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial-${crypto.randomBytes(4).toString('hex')}`;
    try {
      await tar.c({ gzip: true, file: partial, cwd: stage, portable: true }, [MANIFEST, 'data']);
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    const bytes = fs.statSync(file).size;
    log(`Wrote ${file} (${formatBytes(bytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    log(`Restore it with: FORGE_DATA_DIR=<empty folder> npm run forge -- restore ${file}`);
    return { file, repositories: copied, missing, files, bytes };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Sets is_empty in the snapshot from whether each copied repository has a branch; returns the names it changed. */
async function alignEmptyFlags(dbFile: string, repos: RepoEntry[], dirOf: (r: RepoEntry) => string): Promise<string[]> {
  const changes: { id: number; empty: number; name: string }[] = [];
  for (const r of repos) {
    const empty = (await hasAnyBranch(dirOf(r))) ? 0 : 1;
    if (empty !== r.is_empty) changes.push({ id: r.id, empty, name: `${r.owner}/${r.name}` });
  }
  if (changes.length === 0) return [];
  updateEmptyFlags(dbFile, changes);
  return changes.map((c) => c.name);
}

/** `owner/name.git` of every repository folder on disk. */
function listRepositoryFolders(root: string): string[] {
  const out: string[] = [];
  for (const owner of safeReaddir(root)) {
    for (const repo of safeReaddir(path.join(root, owner))) if (repo.endsWith('.git')) out.push(`${owner}/${repo}`);
  }
  return out;
}

/**
 * A self-contained copy of a bare repository: its small files (HEAD, config, description …), then
 * `git fetch` of every ref from it. upload-pack reads the refs once and sends every object they
 * reach, so refs and objects agree even while pushes land; alternates are not carried over.
 */
async function copyRepositoryRetrying(src: string, dst: string): Promise<string | null> {
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 500));
    if (!fs.existsSync(path.join(src, 'HEAD'))) {
      last = 'no repository folder';
      continue;
    }
    try {
      fs.rmSync(dst, { recursive: true, force: true });
      await copyRepository(src, dst);
      return null;
    } catch (e) {
      last = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
    }
  }
  return last;
}

async function copyRepository(src: string, dst: string): Promise<void> {
  fs.mkdirSync(dst, { recursive: true });
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (SKIP_IN_REPO.has(entry.name) || entry.name.endsWith('.lock')) continue;
    copyTree(path.join(src, entry.name), path.join(dst, entry.name), entry, null);
  }
  for (const d of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags']) fs.mkdirSync(path.join(dst, d), { recursive: true });
  await fetchAllRefs(dst, src, 6 * 60 * 60_000);
}

/** Copies the data folder's other entries into `out` (see copyTree for `changedSince`). */
function copyOtherFiles(dataDir: string, out: string, changedSince: number | null): void {
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (SKIP_TOP.has(entry.name)) continue;
    copyTree(path.join(dataDir, entry.name), path.join(out, entry.name), entry, changedSince);
  }
}

/**
 * Regular files and folders under `src` (no links or devices); a file that vanishes meanwhile is
 * skipped. A file copied already is copied again only when it changed at or after `changedSince`
 * (or its size differs); with null, never.
 */
function copyTree(src: string, dst: string, entry: fs.Dirent, changedSince: number | null): void {
  if (entry.isDirectory()) {
    fs.mkdirSync(dst, { recursive: true });
    for (const child of safeReaddir(src, true)) copyTree(path.join(src, child.name), path.join(dst, child.name), child, changedSince);
    return;
  }
  if (!entry.isFile()) return;
  try {
    const copied = fs.statSync(dst, { throwIfNoEntry: false });
    if (copied) {
      const now = fs.statSync(src);
      if (changedSince === null || (now.size === copied.size && now.mtimeMs < changedSince)) return;
    }
    fs.copyFileSync(src, dst);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

function countFiles(dir: string): number {
  let n = 0;
  for (const e of safeReaddir(dir, true)) n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : e.isFile() ? 1 : 0;
  return n;
}

function safeReaddir(dir: string): string[];
function safeReaddir(dir: string, withTypes: true): fs.Dirent[];
function safeReaddir(dir: string, withTypes?: boolean): string[] | fs.Dirent[] {
  try {
    return withTypes ? fs.readdirSync(dir, { withFileTypes: true }) : fs.readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

const isInside = (p: string, dir: string) => {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
