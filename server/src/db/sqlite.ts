// One way to open SQLite, whatever the Node version.
//
// better-sqlite3 12 is the driver on Node 20 and 22. On Node 24.19 and later it aborts the
// process (`Assertion failed: (env) != nullptr`) when the garbage collector frees a statement:
// Node's ObjectWrap header changed, and better-sqlite3 13, which copes, needs Node 22+. Node 24
// has SQLite built in (node:sqlite, no flag, same SQLite), so there the forge uses that and never
// loads the native addon. FORGE_SQLITE_DRIVER=better-sqlite3 | node overrides the choice.
//
// Callers see the small subset of better-sqlite3's API the forge uses (and Kysely's SqliteDialect
// needs): prepare() with reader/all/get/run/iterate, pragma(), exec(), close(), name, open.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { sqliteDriverSetting } from '../config.ts';

export interface SqliteStatement {
  /** Whether the statement returns rows (SELECT, PRAGMA, … RETURNING). */
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...params: unknown[]): IterableIterator<unknown>;
}

export interface SqliteDb {
  readonly name: string;
  readonly open: boolean;
  prepare(sql: string): SqliteStatement;
  /** `pragma('integrity_check')` → rows; with `{ simple: true }` the first column of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  exec(sql: string): void;
  close(): void;
}

export interface OpenOptions {
  readonly?: boolean;
  fileMustExist?: boolean;
}

export type SqliteDriver = 'better-sqlite3' | 'node';

export function sqliteDriver(): SqliteDriver {
  const forced = sqliteDriverSetting();
  if (forced === 'better-sqlite3' || forced === 'node') return forced;
  const major = Number(process.versions.node.split('.')[0]);
  return major >= 24 ? 'node' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

// node:sqlite as used here (@types/node is pinned to Node 20's, which has no node:sqlite).
interface NodeStatementSync {
  columns(): unknown[];
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...params: unknown[]): IterableIterator<unknown>;
}
interface NodeDatabaseSync {
  prepare(sql: string): NodeStatementSync;
  exec(sql: string): void;
  close(): void;
}
type NodeSqliteModule = { DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => NodeDatabaseSync };

export function openSqlite(file: string, options: OpenOptions = {}): SqliteDb {
  if (sqliteDriver() === 'better-sqlite3') {
    let Database: typeof import('better-sqlite3');
    try {
      Database = require('better-sqlite3') as typeof import('better-sqlite3');
    } catch (e) {
      // An optional dependency: its native build may have failed at install.
      throw new Error(
        `better-sqlite3 could not be loaded for Node ${process.version} (${(e as Error).message.split('\n')[0]}). ` +
          'Run `npm rebuild better-sqlite3` (needs python3, make and a C++ compiler), or use Node 24, whose built-in SQLite the forge uses.',
      );
    }
    return new Database(file, { readonly: !!options.readonly, fileMustExist: !!options.fileMustExist }) as unknown as SqliteDb;
  }
  return openNodeSqlite(file, options);
}

/** Kysely hands parameters as one array; our own callers spread them. Both work, as in better-sqlite3. */
const flat = (params: unknown[]): unknown[] => (params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params);

function openNodeSqlite(file: string, options: OpenOptions): SqliteDb {
  if ((options.fileMustExist || options.readonly) && file !== ':memory:' && !fs.existsSync(file)) {
    throw new Error(`unable to open database file: ${file} does not exist`);
  }
  const { DatabaseSync } = require('node:sqlite') as NodeSqliteModule;
  const db = new DatabaseSync(file, { readOnly: !!options.readonly });
  // better-sqlite3 waits 5 s on a locked database by default; keep that.
  db.exec('PRAGMA busy_timeout = 5000');
  let open = true;
  const prepare = (sql: string): SqliteStatement => {
    const stmt = db.prepare(sql);
    const reader = stmt.columns().length > 0;
    return {
      reader,
      all: (...p) => stmt.all(...flat(p)),
      get: (...p) => stmt.get(...flat(p)),
      run: (...p) => stmt.run(...flat(p)),
      iterate: (...p) => stmt.iterate(...flat(p)),
    };
  };
  return {
    name: file,
    get open() {
      return open;
    },
    prepare,
    pragma(source, opts) {
      const rows = prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
      if (!opts?.simple) return rows;
      const first = rows[0];
      return first ? Object.values(first)[0] : undefined;
    },
    exec: (sql) => db.exec(sql),
    close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
