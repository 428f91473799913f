// `forge migrate-data --from sqlite:PATH --to postgres://…` (issue #12): copies an existing forge's
// SQLite database into an empty PostgreSQL database, so the forge can move to PostgreSQL keeping
// everything (ids, issue numbers, tokens, password hashes). Repositories, attachments and avatars
// stay in the data folder; only the database moves.
//
// Both sides are first brought to the latest migration by openDb, so they have the same tables and
// columns; the tables to copy are read from the source (sqlite_master), so a table a later
// migration adds is copied with no change here. Everything goes in one transaction on the target:
// a failure (a value PostgreSQL cannot hold, a lost connection) leaves it as empty as it was.
import fs from 'node:fs';
import path from 'node:path';
import { openDb } from '../db/index.ts';
import type { Db } from '../db/types.ts';
import { isPostgresUrl } from '../db/postgres.ts';
import { closeDb, resetIdSequences, tableColumns } from '../db/dialect.ts';
import {
  countRows,
  insertRows,
  listPostgresColumns,
  listSqliteTables,
  readRowsAfterRowid,
  sqliteFileTableNames,
  sqliteForeignKeyTables,
  tableHasRows,
} from '../db/migrate-data.ts';

export interface MigrateDataOptions {
  /** `sqlite:PATH` or a plain path to forge.db. */
  from: string;
  /** postgres://user:password@host:port/database */
  to: string;
  log?: (message: string) => void;
}

export interface MigrateDataSummary {
  /** Every table copied, in copy order, with its number of rows. */
  tables: { name: string; rows: number }[];
  rows: number;
  /** The target's URL without its password. */
  target: string;
}

/** Tables Kysely's Migrator keeps for itself: the target's own are written by openDb. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** At most this many rows per INSERT (and fewer for wide tables: PostgreSQL takes 65535 parameters). */
const BATCH_ROWS = 500;
/** Values PostgreSQL would refuse that are listed before giving up. */
const MAX_LISTED = 20;

interface TargetColumn {
  name: string;
  /** information_schema's data_type: integer, bigint, text, character varying… */
  type: string;
  maxLength: number | null;
}

export async function migrateData(opts: MigrateDataOptions): Promise<MigrateDataSummary> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const started = performance.now();
  const file = sourcePath(opts.from);
  if (!isPostgresUrl(opts.to)) throw new Error(`--to must be a postgres:// URL (got ${redactUrl(opts.to)}).`);
  const target = redactUrl(opts.to);
  const scrub = scrubber(opts.to);
  checkSource(file);

  log(`Copying ${file} to ${target}.`);
  const source = await openDb(file);
  let dest: Db;
  try {
    dest = await openDb(opts.to);
  } catch (e) {
    await closeDb(source);
    throw new Error(`Cannot open the PostgreSQL database ${target}: ${scrub(messageOf(e))}`);
  }
  try {
    const tables = await sourceTables(source);
    const columns = await targetColumns(dest);
    checkSameSchema(tables, columns, await sourceColumnsOf(source, tables));

    const copied = await dest.transaction().execute(async (trx) => {
      await refuseUnlessEmpty(trx, tables, target);
      // One read transaction on the source: a consistent snapshot even if it is still being written.
      return source.transaction().execute(async (src) => {
        const problems: string[] = [];
        let problemCount = 0;
        const counts: { name: string; rows: number }[] = [];
        for (const table of tables) {
          const cols = columns.get(table)!;
          const batch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(65_535 / cols.length)));
          const key = cols.some((c) => c.name === 'id') ? 'id' : null;
          let last = -Infinity;
          let rows = 0;
          for (;;) {
            // Keyset pages by rowid: every table here is a rowid table (no WITHOUT ROWID).
            const page = await readRowsAfterRowid(
              src,
              table,
              cols.map((c) => c.name),
              last === -Infinity ? Number.MIN_SAFE_INTEGER : last,
              batch,
            );
            if (page.length === 0) break;
            last = Number(page[page.length - 1]!.__rowid);
            const values = page.map((r) => {
              const { __rowid, ...row } = r;
              for (const c of cols) {
                const why = refusal(row[c.name], c);
                if (why) {
                  problemCount++;
                  if (problems.length < MAX_LISTED)
                    problems.push(`  table "${table}", ${key ? `id ${String(row[key])}` : `rowid ${String(__rowid)}`}, column "${c.name}": ${why}`);
                }
              }
              return row;
            });
            rows += values.length;
            // Once one value cannot go in, nothing will be kept: only look for more of them.
            if (problemCount > 0) continue;
            try {
              await insertRows(trx, table, values);
            } catch (e) {
              const ids = key ? ` (ids ${String(values[0]![key])}…${String(values[values.length - 1]![key])})` : '';
              throw new Error(`Copying table "${table}"${ids} failed: ${scrub(messageOf(e))}. Nothing was copied.`);
            }
          }
          counts.push({ name: table, rows });
        }
        if (problemCount > 0) {
          throw new Error(
            `Nothing was copied: ${problemCount} value${problemCount === 1 ? '' : 's'} in ${file} cannot go into PostgreSQL:\n${problems.join('\n')}` +
              `${problemCount > problems.length ? `\n  … and ${problemCount - problems.length} more` : ''}\n` +
              'Correct them in the SQLite database (with the forge stopped; e.g. sqlite3 forge.db "update issue set content = replace(content, char(0), \'\') where id = 12" for a NUL byte) and run migrate-data again.',
          );
        }
        await resetIdSequences(trx, tables);
        // Every table holds exactly what the source held, or nothing is kept.
        for (const { name, rows } of counts) {
          const [s, d] = await Promise.all([countRows(src, name), countRows(trx, name)]);
          if (s !== rows || d !== rows) throw new Error(`Table "${name}": ${s} rows in the source, ${rows} read, ${d} in the target. Nothing was copied.`);
        }
        return counts;
      });
    });

    const width = Math.max(...copied.map((t) => t.name.length));
    for (const t of copied) log(`  ${t.name.padEnd(width)}  ${t.rows} row${t.rows === 1 ? '' : 's'}`);
    const rows = copied.reduce((n, t) => n + t.rows, 0);
    log(
      `Copied ${rows} row${rows === 1 ? '' : 's'} in ${copied.length} tables to ${target}${hasPassword(opts.to) ? ' (password hidden)' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    log('Start the forge with FORGE_DATABASE_URL set to that database and the same FORGE_DATA_DIR (repositories, attachments and avatars stay there).');
    return { tables: copied, rows, target };
  } catch (e) {
    throw new Error(scrub(messageOf(e)));
  } finally {
    await closeDb(source);
    await closeDb(dest);
  }
}

/** `sqlite:PATH`, `sqlite://PATH` or a plain path, as an absolute path. */
function sourcePath(from: string): string {
  const p = from.replace(/^sqlite:(\/\/(?=\/))?/i, '');
  if (!p) throw new Error('--from needs the SQLite database: --from sqlite:PATH/forge.db');
  return path.resolve(p);
}

/** Refuses a missing file (openDb would create an empty database) or one that is not a forge's. */
function checkSource(file: string): void {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new Error(`No SQLite database at ${file}. Give the forge's database with --from sqlite:PATH (it is forge.db in the data folder).`);
  if (!stat.isFile()) throw new Error(`${file} is not a file. Give the forge's database with --from sqlite:PATH (it is forge.db in the data folder).`);
  let names: string[];
  try {
    names = sqliteFileTableNames(file);
  } catch (e) {
    throw new Error(`${file} is not a readable SQLite database: ${messageOf(e)}`);
  }
  // Never add the forge's tables to some other database.
  if (!names.includes('kysely_migration') || !names.includes('user')) throw new Error(`${file} is not a forge database (it has no forge tables).`);
}

/** The forge's tables in the source, referenced tables before the tables referring to them, else by name. */
async function sourceTables(db: Db): Promise<string[]> {
  const names = (await listSqliteTables(db)).filter((n) => !MIGRATOR_TABLES.has(n));
  const refs = new Map<string, string[]>();
  for (const n of names) refs.set(n, (await sqliteForeignKeyTables(db, n)).sort());
  const out: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t) || !refs.has(t)) return;
    path.add(t);
    for (const r of refs.get(t)!) visit(r, path);
    path.delete(t);
    done.add(t);
    out.push(t);
  };
  for (const n of names) visit(n, new Set());
  return out;
}

async function sourceColumnsOf(db: Db, tables: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const t of tables) out.set(t, await tableColumns(db, t));
  return out;
}

async function targetColumns(db: Db): Promise<Map<string, TargetColumn[]>> {
  const rows = await listPostgresColumns(db);
  const out = new Map<string, TargetColumn[]>();
  for (const r of rows) {
    if (MIGRATOR_TABLES.has(r.table)) continue;
    if (!out.has(r.table)) out.set(r.table, []);
    out.get(r.table)!.push({ name: r.name, type: r.type, maxLength: r.max });
  }
  return out;
}

/** Both databases ran the same migrations, so they agree; anything else would lose data. */
function checkSameSchema(tables: string[], target: Map<string, TargetColumn[]>, source: Map<string, string[]>): void {
  const onlySource = tables.filter((t) => !target.has(t));
  const onlyTarget = [...target.keys()].filter((t) => !tables.includes(t));
  const diffs: string[] = [];
  if (onlySource.length) diffs.push(`tables only in the source: ${onlySource.join(', ')}`);
  if (onlyTarget.length) diffs.push(`tables only in the target: ${onlyTarget.join(', ')}`);
  for (const t of tables) {
    const d = target.get(t);
    if (!d) continue;
    const s = source.get(t) ?? [];
    const missing = s.filter((c) => !d.some((x) => x.name === c));
    const extra = d.filter((x) => !s.includes(x.name)).map((x) => x.name);
    if (missing.length) diffs.push(`columns of "${t}" only in the source: ${missing.join(', ')}`);
    if (extra.length) diffs.push(`columns of "${t}" only in the target: ${extra.join(', ')}`);
  }
  if (diffs.length)
    throw new Error(`The two databases' schemas differ (${diffs.join('; ')}). Both should be at the same migration; is the target another program's database?`);
}

async function refuseUnlessEmpty(db: Db, tables: string[], target: string): Promise<void> {
  const full: string[] = [];
  for (const t of tables) {
    if (await tableHasRows(db, t)) full.push(t);
  }
  if (full.length) {
    throw new Error(
      `Refusing to copy into ${target}: it is not empty (table${full.length === 1 ? '' : 's'} ${full.map((t) => `"${t}"`).join(', ')} ${full.length === 1 ? 'has' : 'have'} rows). ` +
        'Nothing was copied. Use an empty database (createdb NAME, then --to postgres://…/NAME).',
    );
  }
}

const INT4 = 2 ** 31;

/** Why PostgreSQL would refuse this SQLite value for the column, or null when it takes it. */
function refusal(v: unknown, c: TargetColumn): string | null {
  if (v === null || v === undefined) return null;
  if (c.type === 'integer' || c.type === 'bigint' || c.type === 'smallint') {
    if (typeof v === 'bigint') return c.type === 'bigint' && v >= -(2n ** 63n) && v < 2n ** 63n ? null : `${v} is out of range for ${c.type}`;
    if (typeof v !== 'number') return `holds ${describe(v)}, not a number`;
    if (!Number.isInteger(v)) return `holds ${v}, not a whole number`;
    const limit = c.type === 'integer' ? INT4 : c.type === 'smallint' ? 2 ** 15 : 2 ** 63;
    return v >= -limit && v < limit ? null : `${v} is out of range for ${c.type}`;
  }
  if (typeof v === 'string') {
    if (v.includes('\0')) return `contains a NUL byte at character ${v.indexOf('\0') + 1} (PostgreSQL text cannot hold one)`;
    if (c.maxLength !== null && v.length > c.maxLength) {
      const chars = [...v].length;
      if (chars > c.maxLength) return `is ${chars} characters long; the column holds at most ${c.maxLength}`;
    }
    return null;
  }
  if (v instanceof Uint8Array) return 'holds binary data, not text';
  return null;
}

const describe = (v: unknown) =>
  typeof v === 'string' ? `text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}` : v instanceof Uint8Array ? 'binary data' : typeof v;

const messageOf = (e: unknown) => (e instanceof Error ? e.message || String((e as { code?: unknown }).code ?? e.name) : String(e));

const hasPassword = (url: string) => {
  try {
    return new URL(url).password !== '';
  } catch {
    return true;
  }
};

/** The URL as it may be shown: user, host, port and database, never the password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.searchParams.delete('password');
    return u.toString();
  } catch {
    // Not a URL the parser takes: show the scheme only.
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
    return scheme ? `${scheme}//… (the rest not shown)` : '(a value that is not a URL)';
  }
}

/** Removes the URL's password from any text (a driver's error message may quote the URL). */
function scrubber(url: string): (text: string) => string {
  const secrets = new Set<string>();
  try {
    const u = new URL(url);
    if (u.password) {
      secrets.add(u.password);
      secrets.add(decodeURIComponent(u.password));
    }
    const q = u.searchParams.get('password');
    if (q) secrets.add(q);
  } catch {
    const m = /^[a-z]+:\/\/[^:/@]*:([^@]*)@/i.exec(url);
    if (m?.[1]) secrets.add(m[1]);
  }
  return (text) => {
    let out = text.split(url).join(redactUrl(url));
    for (const s of secrets) if (s.length >= 1) out = out.split(s).join('***');
    return out;
  };
}
