// The statements of `forge migrate-data` (services/migrate-data.ts): reading a forge's SQLite
// database table by table and writing the rows into PostgreSQL. Table names come from the source's
// own catalogue, never from input, and go in through sql.table / sql.ref.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import { openSqlite } from './sqlite.ts';

/** The tables of a SQLite database file, opened read-only (throws when it is not a readable SQLite database). */
export function sqliteFileTableNames(file: string): string[] {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

/** The SQLite database's own tables (not sqlite_*), by name. */
export async function listSqliteTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\_%' escape '\\' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** The tables a SQLite table's foreign keys refer to. */
export async function sqliteForeignKeyTables(db: Db, table: string): Promise<string[]> {
  const fk = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
  return fk.rows.map((r) => r.table);
}

/** Every column of the PostgreSQL schema's base tables, by table and position. */
export async function listPostgresColumns(db: Db): Promise<{ table: string; name: string; type: string; max: number | null }[]> {
  const { rows } = await sql<{ table: string; name: string; type: string; max: number | null }>`
    select c.table_name as "table", c.column_name as name, c.data_type as type, c.character_maximum_length as max
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  return rows;
}

/**
 * One keyset page of a SQLite table by rowid (every forge table is a rowid table): at most `limit`
 * rows after rowid `after`, each with the columns named and its rowid as `__rowid`.
 */
export async function readRowsAfterRowid(db: Db, table: string, columns: string[], after: number, limit: number): Promise<Record<string, unknown>[]> {
  const page = await sql<
    Record<string, unknown>
  >`select rowid as "__rowid", ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} where rowid > ${after} order by rowid limit ${limit}`.execute(
    db,
  );
  return page.rows;
}

export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  await db
    .insertInto(table as never)
    .values(rows as never)
    .execute();
}

export async function tableHasRows(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
  return rows.length > 0;
}

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}
