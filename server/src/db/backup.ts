// The database side of `forge dump` / `forge restore`: they work on SQLite files in a data folder
// (never through a running server), so each function opens the file it is given and closes it.
import { openSqlite } from './sqlite.ts';

/** `VACUUM INTO`: a compact copy of the database as one read transaction saw it; returns its row counts. */
export function snapshotDatabase(dbFile: string, target: string): Record<string, number> {
  const db = openSqlite(dbFile, { fileMustExist: true });
  try {
    // A writer holding the lock briefly must not fail the dump.
    db.pragma('busy_timeout = 30000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  return checkDatabase(target).tables;
}

const COUNTED = ['user', 'repository', 'issue', 'pull_request', 'comment', 'attachment'];

/** SQLite's integrity check of a database file, and the row counts of its main tables. */
export function checkDatabase(file: string): { integrity: string; tables: Record<string, number> } {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const integrity = rows.map((r) => r.integrity_check).join('; ');
    const present = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const tables: Record<string, number> = {};
    for (const t of COUNTED) {
      if (present.has(t)) tables[t] = (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n;
    }
    return { integrity, tables };
  } finally {
    db.close();
  }
}

/** A repository as a dump sees it: enough to find its folder and check its empty flag. */
export interface RepoEntry {
  id: number;
  owner: string;
  name: string;
  default_branch: string;
  is_empty: number;
}

/** Every repository of the database file with its owner's name, by id. */
export function listRepositories(dbFile: string): RepoEntry[] {
  const db = openSqlite(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'SELECT r.id AS id, u.name AS owner, r.name AS name, r.default_branch AS default_branch, r.is_empty AS is_empty FROM repository r JOIN "user" u ON u.id = r.owner_id ORDER BY r.id',
      )
      .all() as RepoEntry[];
  } finally {
    db.close();
  }
}

/** Sets repository.is_empty of each given repository in the database file, in one transaction. */
export function updateEmptyFlags(dbFile: string, changes: { id: number; empty: number }[]): void {
  const db = openSqlite(dbFile, { fileMustExist: true });
  try {
    const update = db.prepare('UPDATE repository SET is_empty = ? WHERE id = ?');
    db.exec('BEGIN');
    try {
      for (const c of changes) update.run(c.empty, c.id);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  } finally {
    db.close();
  }
}
