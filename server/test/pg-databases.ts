// Test databases on PostgreSQL: when FORGE_TEST_DATABASE_URL names a server (scripts/postgres.mjs
// starts a throwaway one), every test forge gets a database of its own, copied from a template
// that was migrated once per run; without it, tests use SQLite files.
import crypto from 'node:crypto';
import pg from 'pg';
import { migrations } from '../src/db/migrations.ts';
import { closeDb } from '../src/db/dialect.ts';
import { openDb } from '../src/db/index.ts';

export const testPostgresUrl = (): string | undefined => process.env.FORGE_TEST_DATABASE_URL || undefined;

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

/** A new, migrated, empty database's URL, or undefined when tests run on SQLite. */
export async function freshTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = testPostgresUrl();
  if (!base) return undefined;
  const tmpl = await (template ??= ensureTemplate(base));
  const name = `forge_t${process.pid}_${(counter++).toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  await adminPool(base).query(`create database "${name}" template "${tmpl}"`);
  return {
    url: urlFor(base, name),
    drop: async () => {
      await adminPool(base).query(`drop database if exists "${name}" with (force)`);
    },
  };
}
