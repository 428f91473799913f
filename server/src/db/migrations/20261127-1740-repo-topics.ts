// Repository topics, as Gitea's `topic` and `repo_topic` tables, plus the `topics` column Gitea
// keeps on `repository` (its syncTopicsInRepository): repository lists show topics without a query
// per row, and a topic search or a topic-only repository search joins the two tables.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('topic')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('repo_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_unix', 'bigint', (c) => c.notNull())
      .addColumn('updated_unix', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('repo_topic')
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('topic_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('repo_topic_pk', ['repo_id', 'topic_id'])
      .execute();
    await db.schema.createIndex('repo_topic_topic_id').on('repo_topic').column('topic_id').execute();
    // A JSON array of names, most used first (Gitea's repository.topics).
    await db.schema
      .alterTable('repository')
      .addColumn('topics', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
