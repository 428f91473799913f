// Opens the SQLite database (WAL) behind Kysely and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations.ts';

export type Db = Kysely<Database>;

export async function openDb(file: string): Promise<Db> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return db;
}

export const nowUnix = () => Math.floor(Date.now() / 1000);
export const unixToIso = (s: number) => (s ? new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : new Date(0).toISOString().replace(/\.\d{3}Z$/, 'Z'));
