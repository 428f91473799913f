// Issue #20: a user's further e-mail addresses (Gitea's email_address). The primary address stays
// user.email, so every existing user keeps it without a data copy; this table holds the others.
// lower_email is unique across the table: an address belongs to one account at most (the
// primaries in user.email are checked by the service before an insert, under a database lock).
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_address')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('uid', 'integer', (c) => c.notNull())
      .addColumn('email', 'varchar(255)', (c) => c.notNull())
      .addColumn('lower_email', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('is_activated', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_unix', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_address_uid').on('email_address').column('uid').execute();
  },
};
