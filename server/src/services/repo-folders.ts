// Moving repository folders so that a crash (kill -9, power cut) at any point leaves the database
// and the disk in a state a user never sees as half-done, or one reconcile.ts repairs at start:
// - new repositories are prepared under <data>/tmp and renamed into place inside the transaction
//   that inserts their row (the rename is its last step, so the row becomes visible with a whole
//   repository; a crash before the commit leaves a folder without a row → lost+found);
// - deleted repositories are renamed to <data>/tmp/trash-<id>-… inside the transaction that deletes
//   their rows, and removed after it committed (a crash before the commit: the row is still there
//   and reconciliation renames the folder back);
// - renames (of a repository or of its owner) write an intent file first, rename inside the
//   transaction, and delete the intent after the commit; reconciliation reads a leftover intent
//   and moves the folder to wherever the committed row says it belongs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crashAtSetting, type Config } from '../config.ts';
import { conflict } from '../errors.ts';

export const TRASH_PREFIX = 'trash-';
export const MOVE_PREFIX = 'move-';

export const tmpRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp');

/**
 * This process's name in the entries it makes under <data>/tmp. Several processes may share one
 * data folder (issue #12): reconcile.ts leaves alone the entries of a process that still runs
 * (db/dialect.ts holdProcessLock / processAlive).
 */
export const processTag = crypto.randomBytes(4).toString('hex');

/** A fresh path under <data>/tmp (not created) for work that will be renamed into place: <kind>-p<process tag>-<random><suffix>. */
export function asidePath(config: Pick<Config, 'dataDir'>, kind: string, suffix = ''): string {
  const root = tmpRoot(config);
  fs.mkdirSync(root, { recursive: true });
  return path.join(root, `${kind}-p${processTag}-${crypto.randomBytes(8).toString('hex')}${suffix}`);
}

/** The process tag in an asidePath name, or undefined for an entry made otherwise (or by an older version). */
export function processTagOf(name: string): string | undefined {
  return /-p([0-9a-f]{8})-[0-9a-f]{16}(?:\.[a-z]+)?$/.exec(name)?.[1];
}

/**
 * Test-only failure points: with FORGE_CRASH_AT=<name> the process kills itself with SIGKILL
 * there, as a power cut would, so tests can check what a restart finds.
 */
export function crashPoint(name: string): void {
  if (crashAtSetting() === name) process.kill(process.pid, 'SIGKILL');
}

/** Renames a prepared repository (under tmp) to `dir`; 409 when something already lives there. */
export function placeRepository(prepared: string, dir: string): void {
  // rename(2) would silently replace an empty folder, so check first.
  if (fs.existsSync(dir)) throw conflict('The repository with the same name already exists. (its files exist on disk)');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.renameSync(prepared, dir);
}

/** Renames `dir` to tmp/trash-<repoId>-…; returns that path, or null when there was no folder. */
export function moveToTrash(config: Pick<Config, 'dataDir'>, dir: string, repoId: number): string | null {
  if (!fs.existsSync(dir)) return null;
  const trash = asidePath(config, `${TRASH_PREFIX}${repoId}`);
  fs.renameSync(dir, trash);
  return trash;
}

/** What a leftover intent says: folder `from` was being renamed to `to` for this row. */
export interface MoveIntent {
  kind: 'repo' | 'owner';
  /** repository.id or user.id */
  id: number;
  from: string;
  to: string;
}

/** Writes (and syncs) an intent file before a folder rename; returns its path for endMove. */
export function beginMove(config: Pick<Config, 'dataDir'>, intent: MoveIntent): string {
  const file = asidePath(config, MOVE_PREFIX.slice(0, -1), '.json');
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(intent));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

export function endMove(file: string | undefined): void {
  if (file) fs.rmSync(file, { force: true });
}
