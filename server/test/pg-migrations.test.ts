// Migrations on PostgreSQL (issue #12): processes starting together on an empty database migrate it
// once — Kysely's Migrator holds a lock for the whole run — and all of them then serve it.
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { closeDb } from '../src/db/dialect.ts';
import { openDb } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations.ts';
import { freshPostgresDatabase } from './pg-databases.ts';

const empty = await freshPostgresDatabase({ migrated: false });
afterAll(() => empty.drop());

it('three processes opening an empty database at once apply every migration exactly once and all see the tables', async () => {
  const before = await tablesWithoutMigrating();
  expect(before).toEqual([]);
  const dbs = await Promise.all([openDb(empty.url), openDb(empty.url), openDb(empty.url)]);
  try {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbs[0]!);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    for (const db of dbs) expect(await db.selectFrom('user').select('id').execute()).toEqual([]);
    // Each can write, and sees what the others wrote.
    await dbs[1]!.insertInto('login_failure').values({ key: 'a:someone', failures: 1, ends_at: 1 }).execute();
    expect(await dbs[2]!.selectFrom('login_failure').select('key').execute()).toEqual([{ key: 'a:someone' }]);
  } finally {
    await Promise.all(dbs.map((db) => closeDb(db)));
  }
});

/** The tables of the empty database, read without migrating it. */
async function tablesWithoutMigrating(): Promise<string[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  try {
    const r = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
    return r.rows.map((x) => x.table_name);
  } finally {
    await client.end();
  }
}
