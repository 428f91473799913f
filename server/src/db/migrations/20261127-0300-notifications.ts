// Issue #20: notifications (one row per user and issue; status 1 unread, 2 read, 3 pinned) and
// issue subscriptions (issue_watch: follow or mute one thread), as Gitea's tables of those names.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notification')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('source', 'integer', (c) => c.notNull())
      .addColumn('issue_id', 'integer', now0)
      .addColumn('commit_id', 'varchar(64)', str)
      .addColumn('comment_id', 'integer', now0)
      .addColumn('updated_by', 'integer', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('notification_user_issue').on('notification').columns(['user_id', 'issue_id']).unique().execute();
    await db.schema.createIndex('notification_user_status_updated').on('notification').columns(['user_id', 'status', 'updated_unix']).execute();
    await db.schema.createIndex('notification_repo').on('notification').column('repo_id').execute();
    await db.schema
      .createTable('issue_watch')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('is_watching', 'integer', (c) => c.notNull())
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('issue_watch_user_issue').on('issue_watch').columns(['user_id', 'issue_id']).unique().execute();
    await db.schema.createIndex('issue_watch_issue').on('issue_watch').column('issue_id').execute();
  },
};
