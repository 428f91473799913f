// Issue #20: emoji reactions on issues and comments (Gitea's `reaction` table). One row per user,
// type and subject (comment_id 0: the issue itself); the unique index makes a second identical
// reaction impossible, so "already exists" is one query away.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('reaction')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('type', 'varchar(255)', (c) => c.notNull())
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('comment_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_unix', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reaction_subject_user_type').on('reaction').columns(['issue_id', 'comment_id', 'user_id', 'type']).unique().execute();
    await db.schema.createIndex('reaction_user_id').on('reaction').column('user_id').execute();
  },
};
