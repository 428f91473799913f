// Issue #12: failed sign-ins counted in the database (auth/throttle.ts), so every server process
// sharing it sees the same windows. key: 'a:' + lower-cased account name, or 'i:' + client
// address; ends_at: epoch milliseconds when the window (or lockout) ends, indexed for the sweep
// of expired rows.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_failure')
      .addColumn('key', 'varchar(140)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failure_ends_at').on('login_failure').column('ends_at').execute();
  },
};
