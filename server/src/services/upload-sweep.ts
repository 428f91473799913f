// Removes the temporary files of uploads cut short by a crash (attachments/tmp/*.part, made by
// attachment-store.ts receiveUpload), run once as the server starts. On SQLite one process serves
// a data folder and nothing is being received yet, so every one goes. Several processes on one
// PostgreSQL database share the folder: a file is left alone while the process named in it still
// runs (db/dialect.ts processAlive) and it was written within the last hour (a live upload writes
// as its bytes arrive); one from a process that is gone, or untouched for longer, is removed.
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../context.ts';
import { isPostgres, processAlive } from '../db/dialect.ts';
import { uploadTempDir } from './attachment-store.ts';
import { processTagOf } from './repo-folders.ts';
import { SHARED_GRACE_MS } from './reconcile.ts';

export interface SweepOptions {
  /** Whether other processes may share the folder; the database's kind unless given. */
  shared?: boolean;
  /** How long unwritten before a shared file is a leftover; SHARED_GRACE_MS (an hour) unless given. */
  graceMs?: number;
  /** Whether the process with this tag runs; processAlive unless given. */
  alive?: (tag: string) => Promise<boolean>;
}

/** Removes stale `.part` files; returns the names removed. */
export async function sweepStaleUploads(deps: Deps, opts: SweepOptions = {}, log: (line: string) => void = (l) => console.log(l)): Promise<string[]> {
  const dir = uploadTempDir(deps.config);
  const shared = opts.shared ?? isPostgres(deps.db);
  const graceMs = opts.graceMs ?? SHARED_GRACE_MS;
  const alive = opts.alive ?? ((tag: string) => processAlive(deps.db, tag));
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.part')) : [];
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st) continue;
    if (shared && Date.now() - st.mtimeMs < graceMs) {
      const tag = processTagOf(name);
      // Without a tag (an older version's file) only age tells.
      if (!tag || (await alive(tag))) continue;
    }
    fs.rmSync(file, { force: true });
    removed.push(name);
  }
  if (removed.length) log(`removed ${removed.length} unfinished upload${removed.length === 1 ? '' : 's'} from attachments/tmp`);
  return removed;
}
