// Test databases on PostgreSQL. FORGE_TEST_DATABASE=postgres runs the test forges on PostgreSQL:
// each gets a database of its own, copied from a template migrated once per run; otherwise they
// use SQLite files. The server is FORGE_TEST_POSTGRES_URL (a superuser's URL, which
// scripts/postgres.mjs sets when it starts a throwaway server around a command), else a throwaway
// server this process starts on first use and stops when it exits.
import crypto from 'node:crypto';
import pg from 'pg';
import { migrations } from '../src/db/migrations.ts';
import { closeDb } from '../src/db/dialect.ts';
import { openDb } from '../src/db/index.ts';

/** Whether test forges run on PostgreSQL in this run. */
export const testsOnPostgres = (): boolean => process.env.FORGE_TEST_DATABASE === 'postgres';

let server: Promise<string> | undefined;
/** A superuser's URL to a PostgreSQL server for tests (its `postgres` database). */
export function testPostgresServer(): Promise<string> {
  return (server ??= (async () => {
    const given = process.env.FORGE_TEST_POSTGRES_URL;
    if (given) return given;
    // @ts-expect-error plain JavaScript module without types
    const { startPostgres } = (await import('../../scripts/postgres.mjs')) as {
      startPostgres(o: { quiet: boolean; stopWithProcess: number }): Promise<{ url: string; stopSync(): void }>;
    };
    // Workers are often ended by a signal, when no exit handler runs: a watchdog stops the server
    // once this process is gone.
    const pgServer = await startPostgres({ quiet: true, stopWithProcess: process.pid });
    process.once('exit', () => pgServer.stopSync());
    return pgServer.url;
  })());
}

// A closed pool's sockets may still be closing when the drop comes; waiting for them (55006:
// "being accessed by other users") keeps a forced drop from cutting them, which pg reports as an
// error on stderr. After a second, force it.
async function dropDatabase(base: string, name: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    try {
      await adminPool(base).query(`drop database if exists "${name}"`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006') throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await adminPool(base).query(`drop database if exists "${name}" with (force)`);
}

/**
 * A new, migrated, empty database on the test server (for tests that need PostgreSQL whatever the
 * run); `migrated: false` gives one without any table, as a new installation's.
 */
export async function freshPostgresDatabase(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = await testPostgresServer();
  const from = opts.migrated === false ? 'template0' : await (template ??= ensureTemplate(base));
  const name = `forge_t${process.pid}_${(counter++).toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  await adminPool(base).query(`create database "${name}" template "${from}"`);
  return {
    url: urlFor(base, name),
    drop: () => dropDatabase(base, name),
  };
}

let admin: pg.Pool | undefined;
let template: Promise<string> | undefined;
let counter = 0;

const adminPool = (url: string) => (admin ??= new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true }));
const urlFor = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

// One template per migration list: a run after a new migration never copies an old schema.
async function ensureTemplate(base: string): Promise<string> {
  const name = `forge_template_${crypto.createHash('sha1').update(Object.keys(migrations).join('\n')).digest('hex').slice(0, 12)}`;
  const pool = adminPool(base);
  const client = await pool.connect();
  try {
    // Workers start together; one makes the template, the others wait for it.
    await client.query('select pg_advisory_lock(7100712)');
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) {
      await client.query(`create database "${name}_tmp"`);
      const db = await openDb(urlFor(base, `${name}_tmp`));
      await closeDb(db);
      await client.query(`alter database "${name}_tmp" rename to "${name}"`);
    }
  } finally {
    await client.query('select pg_advisory_unlock(7100712)').catch(() => {});
    client.release();
  }
  return name;
}

/** The database for a test forge: a fresh PostgreSQL database in a PostgreSQL run, else undefined (SQLite). */
export async function freshTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  return testsOnPostgres() ? freshPostgresDatabase() : undefined;
}
