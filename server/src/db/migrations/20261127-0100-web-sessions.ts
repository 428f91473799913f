// Issue #23: web sessions of the embedded server's web app, kept in the database so every server
// process sharing it knows them. id_hash: SHA-256 of the secret the cookie carries (the secret
// itself is never stored); created_at / last_used_at: epoch milliseconds, for the absolute and idle
// expiry (auth/sessions.ts); user_agent and ip: what the settings page shows of each session.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('web_session')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('id_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('web_session_user_id').on('web_session').column('user_id').execute();
  },
};
