// Issue #20: notification threads of commits and releases, as Gitea's unique_key. A thread was one
// row per (user, issue); a commit or a release thread has no issue, so a thread is now one row per
// (user, unique_key): `issue-<id>` (issue or pull request), `commit-<repo>-<sha>`, `release-<id>`,
// `repo-<id>`. release_id is the release a thread is about.
import { sql, type Kysely, type Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('notification').addColumn('release_id', 'integer', now0).execute();
    await db.schema.alterTable('notification').addColumn('unique_key', 'varchar(255)', str).execute();
    // Every existing row is an issue's or a pull request's thread.
    await db
      .updateTable('notification')
      .set({ unique_key: sql`'issue-' || cast(issue_id as varchar(20))` })
      .execute();
    await db.schema.dropIndex('notification_user_issue').execute();
    await db.schema.createIndex('notification_user_key').on('notification').columns(['user_id', 'unique_key']).unique().execute();
    await db.schema.createIndex('notification_issue').on('notification').column('issue_id').execute();
    await db.schema.createIndex('notification_release').on('notification').column('release_id').execute();
  },
};
