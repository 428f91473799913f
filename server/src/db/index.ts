// Opens the SQLite database (WAL) behind Kysely and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations.ts';
import { openSqlite, type SqliteDb, type SqliteStatement } from './sqlite.ts';

export type Db = Kysely<Database>;

// The SQLite handle behind each Kysely instance, so a clean stop can checkpoint it before closing.
const handles = new WeakMap<Db, SqliteDb>();

/**
 * Kysely prepares every query anew; preparing was about an eighth of a list request's CPU. The
 * same SQL text gets the same prepared statement back (bounded, least recently used dropped).
 * Safe because Kysely's SQLite driver runs one query at a time to completion (nothing here uses
 * `.stream()`, whose open iterator would hold a statement).
 */
function withStatementCache(sqlite: SqliteDb, max = 500): SqliteDb {
  const cache = new Map<string, SqliteStatement>();
  const prepare = sqlite.prepare.bind(sqlite);
  const cached = ((source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      stmt = prepare(source);
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

export async function openDb(file: string): Promise<Db> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) as unknown as SqliteDialectConfig['database'] }) });
  handles.set(db, sqlite);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return db;
}

/**
 * Folds the write-ahead log into the database file (`PRAGMA wal_checkpoint(TRUNCATE)`, which
 * leaves forge.db-wal empty) and closes the database. Returns the log's size before; `busy` means
 * another connection (a dump, say) held the checkpoint back.
 */
export async function checkpointAndClose(db: Db): Promise<{ busy: boolean; walBytes: number }> {
  const sqlite = handles.get(db);
  let result = { busy: false, walBytes: 0 };
  if (sqlite?.open) {
    const walBytes = fs.statSync(`${sqlite.name}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const [row] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    result = { busy: (row?.busy ?? 0) !== 0, walBytes };
  }
  await db.destroy();
  return result;
}

export const nowUnix = () => Math.floor(Date.now() / 1000);
export const unixToIso = (s: number) => (s ? new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : new Date(0).toISOString().replace(/\.\d{3}Z$/, 'Z'));
