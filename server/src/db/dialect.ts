// Where SQLite and PostgreSQL differ, in one place (issue #12). Queries elsewhere are Kysely's
// portable builders (upserts through onConflict, RETURNING, lower(…) LIKE … for case-insensitive
// matching, integer unix times instead of date functions, no JSON columns); what cannot be written
// once for both is here:
//   - the column names of a table (SQLite's pragma vs information_schema);
//   - per-repository locks that hold across server processes (advisory locks on PostgreSQL);
//   - whether other processes may write to the database (then nothing is kept in memory between
//     requests: db/index.ts dbVersion()).
import type { PoolClient } from 'pg';
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './types.ts';
import type { PgHandles } from './postgres.ts';

export type DialectInfo = { kind: 'sqlite' } | { kind: 'postgres'; pg: PgHandles };

const dialects = new WeakMap<object, DialectInfo>();

export function registerDialect(db: Db, info: DialectInfo): void {
  dialects.set(db, info);
}

export function dialectOf(db: Db): DialectInfo {
  return dialects.get(db) ?? { kind: 'sqlite' };
}

export const isPostgres = (db: Db) => dialectOf(db).kind === 'postgres';

// What else holds a connection of its own to the database (the live events' LISTEN connection,
// db/live-notify.ts): ended with the database.
const closers = new WeakMap<object, Set<() => Promise<void>>>();

/** Runs `close` when the database is closed (closeDialect); returns a function that forgets it. */
export function onDialectClose(db: Db, close: () => Promise<void>): () => void {
  let set = closers.get(db);
  if (!set) closers.set(db, (set = new Set()));
  set.add(close);
  return () => set.delete(close);
}

/** Ends what openDb opened beside Kysely's own pool (PostgreSQL's lock connections). */
export async function closeDialect(db: Db): Promise<void> {
  const d = dialects.get(db);
  const others = closers.get(db);
  closers.delete(db);
  await Promise.all([...(others ?? [])].map((close) => close().catch(() => undefined)));
  // The connection that holds this process's lock goes back first: the pool's end waits for it.
  // Unlocked explicitly: a closed connection's locks go only once the server has noticed, and a
  // process starting right after must see this one gone.
  const held = processLocks.get(db);
  processLocks.delete(db);
  if (held) {
    try {
      await held.query('select pg_advisory_unlock_all()');
      held.release();
    } catch (e) {
      held.release(e instanceof Error ? e : true);
    }
  }
  if (d?.kind === 'postgres' && !d.pg.locks.ended) await d.pg.locks.end();
}

/** Closes the database: Kysely's connections and the lock connections. */
export async function closeDb(db: Db): Promise<void> {
  await db.destroy();
  await closeDialect(db);
}

/** A table's column names, in schema order. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const rows =
    dialectOf(db).kind === 'postgres'
      ? await sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
          db,
        )
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * PostgreSQL only: moves the sequence behind each serial column of `tables` past the largest value
 * the column holds, after rows went in with their ids given (migrate-data), so the next insert
 * gets the next id instead of one already taken. An empty table's sequence starts at 1.
 */
export async function resetIdSequences(db: Db, tables: string[]): Promise<void> {
  const { rows } = await sql<{ table: string; column: string; seq: string | null }>`
    select table_name as "table", column_name as "column", pg_get_serial_sequence(format('%I', table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%' and table_name = any(${tables})`.execute(db);
  for (const r of rows) {
    if (!r.seq) continue;
    await sql`select setval(${r.seq}, coalesce((select max(${sql.ref(r.column)}) from ${sql.table(r.table)}), 0) + 1, false)`.execute(db);
  }
}

// ---------------------------------------------------------------------------------------------
// Per-repository locks

/** What a lock serializes; each is its own lock so that one kind of work never waits on the other. */
export type LockScope = 'merge' | 'push';
const SCOPE_KEY: Record<LockScope, number> = { merge: 0x666f7201, push: 0x666f7202 };

/**
 * Runs `fn` after every earlier call for the same scope and repository has finished — in this
 * process through a promise queue, and on PostgreSQL also across processes through a session
 * advisory lock (pg_advisory_lock(scope, repo)), which the server releases by itself if the
 * process holding it dies.
 */
export function withRepoLock<T>(db: Db, scope: LockScope, repoId: number, fn: () => Promise<T>): Promise<T> {
  return withLock(db, `${scope}:${repoId}`, 'select pg_advisory_lock($1, $2)', 'select pg_advisory_unlock($1, $2)', [SCOPE_KEY[scope], repoId], fn);
}

const queues = new Map<string, Promise<void>>();

async function withLock<T>(db: Db, key: string, lockSql: string, unlockSql: string, params: unknown[], fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = previous.then(() => new Promise<void>((r) => (release = r)));
  queues.set(key, mine);
  await previous;
  let client: PoolClient | undefined;
  try {
    // A transaction is a Kysely object of its own, unknown here: on PostgreSQL its lock would
    // silently hold in this process only.
    if (!dialects.has(db) && onPostgres(db)) throw new Error(`lock ${key}: pass the database, not a transaction`);
    const d = dialectOf(db);
    if (d.kind === 'postgres') {
      client = await d.pg.locks.connect();
      await client.query(lockSql, params);
    }
    return await fn();
  } finally {
    if (client) {
      try {
        await client.query(unlockSql, params);
        client.release();
      } catch (e) {
        // A connection that failed is dropped, and its locks with it.
        client.release(e instanceof Error ? e : true);
      }
    }
    release();
    if (queues.get(key) === mine) queues.delete(key);
  }
}

/** Takes a repository's lock and hands back its release, for work that ends in a callback. */
export function lockRepo(db: Db, scope: LockScope, repoId: number): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    withRepoLock(db, scope, repoId, () => {
      resolve(done);
      return finished;
    }).catch(reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Named locks

const NAMED_KEY = 0x666f7203;

/**
 * Runs `fn` while holding a named lock across every process on the database (PostgreSQL: a
 * session advisory lock; SQLite: one process serves a data folder, so an in-process queue), for
 * one-time work such as a first start's administrator and demo data.
 */
export function withDatabaseLock<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  return withLock(db, `named:${name}`, 'select pg_advisory_lock($1, hashtext($2))', 'select pg_advisory_unlock($1, hashtext($2))', [NAMED_KEY, name], fn);
}

// ---------------------------------------------------------------------------------------------
// Which processes are alive

const PROCESS_KEY = 0x666f7204;
const processLocks = new WeakMap<object, PoolClient>();

/**
 * Holds, until the database is closed (or the process dies), a lock named by this process's `tag`,
 * so that other processes on the same database can tell whether work this process left under the
 * shared data folder is still in progress (processAlive). SQLite: one process serves a data
 * folder, nothing to hold.
 */
export async function holdProcessLock(db: Db, tag: string): Promise<void> {
  const d = dialectOf(db);
  if (d.kind !== 'postgres' || processLocks.has(db)) return;
  const client = await d.pg.locks.connect();
  await client.query('select pg_advisory_lock($1, hashtext($2))', [PROCESS_KEY, tag]);
  processLocks.set(db, client);
}

/** Whether a process holding holdProcessLock(tag) still runs (SQLite: no other process does). */
export async function processAlive(db: Db, tag: string): Promise<boolean> {
  const d = dialectOf(db);
  if (d.kind !== 'postgres') return false;
  const client = await d.pg.locks.connect();
  try {
    const got = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [PROCESS_KEY, tag])).rows[0]!.ok;
    if (got) await client.query('select pg_advisory_unlock($1, hashtext($2))', [PROCESS_KEY, tag]);
    return !got;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * A unique index refused a row: two requests (maybe in two processes) created the same thing at
 * once, past the service's own "already exists" check. SQLite: SQLITE_CONSTRAINT_UNIQUE or
 * _PRIMARYKEY; PostgreSQL: 23505.
 */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (code === 'ERR_SQLITE_ERROR' && /UNIQUE constraint failed/.test(String((e as Error).message)))
  );
}

/**
 * PostgreSQL refused a value the request carried (issue #12), where SQLite, dynamically typed,
 * would have stored it or found nothing: 'range' — a number beyond its column's type (an id past
 * 2^31 in a path: no such row); 'text' — a NUL byte in text, or text not valid in the column's
 * type. Null for anything else.
 */
export function invalidValue(e: unknown): 'range' | 'text' | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === '22003') return 'range';
  if (code === '22021' || code === '22P02' || code === '22P05') return 'text';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Row locks, matching, integers

/** The largest value of an `integer` column (ids, numbers, counters) on PostgreSQL (int4). */
export const MAX_INT32 = 2 ** 31 - 1;

/**
 * A number from a request's query compared with an integer column (an id filter): past int4 no row
 * can match it, so it becomes -1, which no id holds. SQLite simply finds nothing for such a value;
 * PostgreSQL refuses the comparison.
 */
export const int32OrNone = (n: number) => (Math.abs(n) <= MAX_INT32 ? n : -1);

/** Whether a URL path has a segment that is a number no integer column can hold (an id past int4). */
export const hasNumberPastInt32 = (path: string) => path.split('/').some((s) => /^\d+$/.test(s) && Number(s) > MAX_INT32);

/** Whether `db` — the database or a transaction on it (a transaction is its own Kysely object) — is PostgreSQL. */
const onPostgres = (db: Db | Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Locks a row until the caller's transaction ends, before a read-modify-write of what hangs off it
 * (a counter recounted from rows, the next per-commit status number, the last owner): SELECT … FOR
 * UPDATE on PostgreSQL, where READ COMMITTED lets another connection's transaction interleave and
 * a statement that waited for a row lock still counts with the snapshot it started with. SQLite has
 * no FOR UPDATE and needs none: one writer, and Kysely runs one transaction at a time on its single
 * connection. Call it inside a transaction, first thing for that row.
 */
export async function lockRow(trx: Db, table: 'repository' | 'issue' | 'team', id: number): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

/**
 * Makes text columns compare and sort byte by byte (migrations): PostgreSQL's text follows the
 * database's locale (en_US puts "a_c" before "a-b" before "ab", ignoring punctuation first), SQLite's
 * BINARY collation compares bytes, which is what `COLLATE "C"` does on PostgreSQL. SQLite: nothing to do.
 */
export async function compareBytewise(db: Kysely<any>, columns: Array<[table: string, column: string, type: string]>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const [table, column, type] of columns) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type ${sql.raw(type)} collate "C"`.execute(db);
  }
}

/**
 * `expr LIKE '%text%'` with text lower-cased: callers pass lower(column) or a lower_name column, so
 * it is case-insensitive on both (PostgreSQL's LIKE is case-sensitive, SQLite's folds ASCII). % and
 * _ typed in `text` stay wildcards, as in Gitea's builder.Like; a backslash is a backslash on both
 * (PostgreSQL's LIKE escapes with it by default, SQLite's has no escape character).
 */
export function likeContains(expr: Expression<string>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/\\/g, '\\\\')}%`;
  return sql<SqlBool>`${expr} like ${pattern} escape '\\'`;
}
