// Opens the database behind Kysely — a SQLite file (WAL), or PostgreSQL for a postgres:// URL —
// and brings its schema up to date. What differs between the two lives in dialect.ts.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations.ts';
import { openSqlite, type SqliteDb, type SqliteStatement } from './sqlite.ts';
import { isPostgresUrl, openPostgres } from './postgres.ts';
import { registerDialect, closeDialect, dialectOf, isPostgres } from './dialect.ts';
import { isPureSelect, newWriteBook, recordWrite, scopedVersion, type Dependencies, type WriteBook } from './write-scopes.ts';
import { noteSnapshot } from './pg-scopes.ts';
import { nowTicket, snapshotAfter } from './pg-snapshot.ts';

export { nowTicket, requestTicket } from './pg-snapshot.ts';

import type { Db } from './types.ts';

export type { Db };

// The SQLite handle behind each Kysely instance, so a clean stop can checkpoint it before closing.
const handles = new WeakMap<Db, SqliteDb>();

/**
 * Kysely prepares every query anew; preparing was about an eighth of a list request's CPU. The
 * same SQL text gets the same prepared statement back (bounded, least recently used dropped).
 * Safe because Kysely's SQLite driver runs one query at a time to completion (nothing here uses
 * `.stream()`, whose open iterator would hold a statement).
 */
function withStatementCache(sqlite: SqliteDb, writes: WriteCount, book: WriteBook, max = 500): SqliteDb {
  const cache = new Map<string, SqliteStatement>();
  const prepare = sqlite.prepare.bind(sqlite);
  const cached = ((source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      const prepared = prepare(source);
      const readonly = (prepared as { readonly?: boolean }).readonly;
      stmt = countingWrites(withFastRows(prepared), writes, readonly);
      if (readonly !== true) stmt = recordingWrites(stmt, source, book);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  }) as SqliteDb['prepare'];
  return new Proxy(sqlite, {
    get(target, key) {
      if (key === 'prepare') return cached;
      const value: unknown = Reflect.get(target, key, target);
      // Native methods need the real handle as `this`.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

interface WriteCount {
  n: number;
}
// Per database: statements run through this connection that may change data (any statement
// better-sqlite3 does not know to be read-only, transactions included) and PRAGMA data_version,
// which moves when another connection (a CLI command, a restore) commits. node:sqlite cannot tell
// a read-only statement: there the statements that return no rows are counted (writes, BEGIN and
// COMMIT, schema changes) and SQLite's total_changes() (rows inserted, updated or deleted through
// this connection) covers those that do, `INSERT … RETURNING` say.
interface Versions {
  writes: WriteCount;
  dataVersion: SqliteStatement;
  changes?: SqliteStatement;
  book: WriteBook;
  /** The last data_version read, with the ticket clock when it was read. */
  read?: { at: number; value: unknown };
}
const versions = new WeakMap<Db, Versions>();
const firstValue = (row: unknown) => (Array.isArray(row) ? row[0] : Object.values(row as Record<string, unknown>)[0]);

/**
 * PRAGMA data_version (it moves with other connections' commits; this connection's writes are
 * counted as they run) as of a moment after `ticket`: as a PostgreSQL snapshot (db/pg-snapshot.ts),
 * a read taken after a request arrived answers for all of its checks (its token, its kept answer),
 * and for requests that arrived before that read. Without a ticket (dbVersion), a read now.
 */
function otherCommits(v: Versions, ticket?: number): unknown {
  if (ticket !== undefined && v.read && v.read.at > ticket) return v.read.value;
  const at = nowTicket();
  const value = firstValue(v.dataVersion.get());
  v.read = { at, value };
  return value;
}

/**
 * A value that changes whenever the database's data may have changed, for answers kept between
 * requests (api/answer-memo.ts): equal versions mean nothing was written in between. `ticket`:
 * other connections' commits as of any moment after it (otherCommits).
 */
let unversioned = 0;
export function dbVersion(db: Db, ticket?: number): string {
  const v = versions.get(db);
  // PostgreSQL: other processes write to the same database and this one cannot see it happen, so
  // every call differs and nothing is kept between requests (issue #12).
  if (!v) return `none:${++unversioned}`;
  const version = `${v.writes.n}:${otherCommits(v, ticket)}`;
  return v.changes ? `${version}:${firstValue(v.changes.get())}` : version;
}

/**
 * dbVersion() for answers kept between requests (api/answer-memo.ts), on PostgreSQL too, at the
 * cost of one query there: the cluster's current snapshot (txid_current_snapshot(): the oldest
 * transaction still running, the next transaction id, and those running in between). A transaction
 * gets an id when it first writes, and leaves the list when it commits or rolls back, so any commit
 * anywhere (by this process or another; in another database of the cluster too, which only costs a
 * recomputed answer) changes the value, while reads, which take no id, leave it alone. Equal
 * values before and after an answer was made therefore mean it saw one committed state, and still
 * holds while the value is unchanged. On SQLite: dbVersion(). `ticket`: any snapshot sent after
 * it will do (db/pg-snapshot.ts; a request's own ticket lets its reads share one); by default one
 * sent from now on.
 */
export async function sharedDbVersion(db: Db, ticket = nowTicket()): Promise<string> {
  if (!isPostgres(db)) return dbVersion(db, ticket);
  return `pg:${await snapshotAfter(db, ticket)}`;
}

/**
 * Every run of a statement that may write is recorded by scope (db/write-scopes.ts). Kysely runs
 * one statement at a time on the one SQLite connection, so nothing reads between a transaction's
 * write and its commit: recording at the statement is as good as at the commit.
 */
function recordingWrites(stmt: SqliteStatement, source: string, book: WriteBook): SqliteStatement {
  if (isPureSelect(source)) return stmt;
  const params = (p: unknown[]) => (p.length === 1 && Array.isArray(p[0]) ? (p[0] as unknown[]) : p);
  return {
    reader: stmt.reader,
    all: (...p) => (recordWrite(book, source, params(p)), stmt.all(...p)),
    get: (...p) => (recordWrite(book, source, params(p)), stmt.get(...p)),
    run: (...p) => (recordWrite(book, source, params(p)), stmt.run(...p)),
    iterate: (...p) => (recordWrite(book, source, params(p)), stmt.iterate(...p)),
  };
}

/**
 * sharedDbVersion() for an answer with these dependencies (db/write-scopes.ts): it moves with
 * writes by other connections or processes, and with this process's writes the answer may see.
 * On PostgreSQL one query, as sharedDbVersion().
 */
export async function scopedDbVersion(db: Db, deps: Dependencies, ticket = nowTicket()): Promise<string> {
  const d = dialectOf(db);
  if (d.kind === 'postgres') {
    noteSnapshot(d.pg.scopes, await snapshotAfter(db, ticket));
    return `pg:${scopedVersion(d.pg.scopes.book, deps)}`;
  }
  const v = versions.get(db);
  if (!v) return `none:${++unversioned}`;
  // Another connection's commit (a CLI command, a restore) moves data_version.
  const other = otherCommits(v, ticket);
  if (other !== v.book.epochSource) {
    v.book.epochSource = other;
    v.book.epoch++;
  }
  return scopedVersion(v.book, deps);
}

/** This process's writes to `db` by scope (for tests and benchmarks). */
export function writeBookOf(db: Db): WriteBook | undefined {
  const d = dialectOf(db);
  return d.kind === 'postgres' ? d.pg.scopes.book : versions.get(db)?.book;
}

/** `readonly` is what the driver says of the statement, undefined when it cannot tell (node:sqlite). */
function countingWrites(stmt: SqliteStatement, writes: WriteCount, readonly: boolean | undefined): SqliteStatement {
  if (readonly === true || (readonly === undefined && stmt.reader)) return stmt;
  return {
    reader: stmt.reader,
    all: (...p) => (writes.n++, stmt.all(...p)),
    get: (...p) => (writes.n++, stmt.get(...p)),
    run: (...p) => (writes.n++, stmt.run(...p)),
    iterate: (...p) => (writes.n++, stmt.iterate(...p)),
  };
}

type RawCapable = SqliteStatement & { raw?(on: boolean): unknown; columns?(): { name: string }[] };

/**
 * better-sqlite3 builds each row object from C++ one property at a time, which for the wide rows
 * of `select *` (a repository has 40 columns) cost more than the query itself. In raw mode it
 * hands back arrays, and a constructor compiled once per statement makes objects of one fixed
 * shape: the same keys in the same order, later duplicate names winning as before.
 */
function withFastRows(stmt: SqliteStatement): SqliteStatement {
  const s = stmt as RawCapable;
  if (!s.reader || typeof s.raw !== 'function' || typeof s.columns !== 'function') return stmt;
  const columns = s.columns;
  const compile = () => {
    const names = columns.call(s).map((c) => c.name);
    // An object literal would set the prototype for this key; keep the driver's own objects then.
    if (names.includes('__proto__')) return null;
    const f = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => unknown;
    return { width: names.length, f };
  };
  let shape = compile();
  if (!shape) return stmt;
  s.raw(true);
  // A schema change (a migration's ALTER TABLE) makes SQLite re-prepare `select *` with other columns.
  const make = (r: unknown[]) => {
    if (r.length !== shape!.width) shape = compile() ?? shape;
    return shape!.f(r);
  };
  return {
    reader: true,
    all: (...p) => (s.all(...p) as unknown[][]).map(make),
    get: (...p) => {
      const r = s.get(...p) as unknown[] | undefined;
      return r === undefined ? undefined : make(r);
    },
    run: (...p) => s.run(...p),
    iterate: function* (...p) {
      for (const r of s.iterate(...p)) yield make(r as unknown[]);
    },
  };
}

/** Opens `target`: a postgres:// URL, else a SQLite file path. */
export async function openDb(target: string): Promise<Db> {
  if (isPostgresUrl(target)) {
    const { db, handles: pg } = openPostgres(target);
    registerDialect(db, { kind: 'postgres', pg });
    try {
      await migrate(db);
    } catch (e) {
      await db.destroy();
      throw e;
    }
    return db;
  }
  return openSqliteDb(target);
}

// Kysely's Migrator takes a lock on PostgreSQL (pg_advisory_xact_lock, one transaction for the
// whole run), so processes starting together migrate once; SQLite's write lock does the same.
async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

async function openSqliteDb(file: string): Promise<Db> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writes: WriteCount = { n: 0 };
  const book = newWriteBook();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes, book) as unknown as SqliteDialectConfig['database'] }),
  });
  handles.set(db, sqlite);
  const knowsReadonly = typeof (sqlite.prepare('select 1') as { readonly?: boolean }).readonly === 'boolean';
  versions.set(db, {
    writes,
    dataVersion: sqlite.prepare('PRAGMA data_version'),
    changes: knowsReadonly ? undefined : sqlite.prepare('select total_changes()'),
    book,
  });
  registerDialect(db, { kind: 'sqlite' });
  await migrate(db);
  return db;
}

/**
 * Folds the write-ahead log into the database file (`PRAGMA wal_checkpoint(TRUNCATE)`, which
 * leaves forge.db-wal empty) and closes the database. Returns the log's size before; `busy` means
 * another connection (a dump, say) held the checkpoint back. On PostgreSQL it only closes the
 * connections (`postgres: true`).
 */
export async function checkpointAndClose(db: Db): Promise<{ busy: boolean; walBytes: number; postgres: boolean }> {
  const sqlite = handles.get(db);
  let result = { busy: false, walBytes: 0, postgres: isPostgres(db) };
  if (sqlite?.open) {
    const walBytes = fs.statSync(`${sqlite.name}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const [row] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    result = { busy: (row?.busy ?? 0) !== 0, walBytes, postgres: false };
  }
  await db.destroy();
  await closeDialect(db);
  return result;
}

export const nowUnix = () => Math.floor(Date.now() / 1000);
export const unixToIso = (s: number) => (s ? new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : new Date(0).toISOString().replace(/\.\d{3}Z$/, 'Z'));
