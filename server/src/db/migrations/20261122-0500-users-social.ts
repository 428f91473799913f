// U1 (issue #7): follows, stars, watches, SSH keys, and the user columns Gitea keeps for them.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // Counters kept in the same transaction as the rows they count, as Gitea's user columns.
    for (const col of ['num_followers', 'num_following', 'num_stars', 'keep_email_private', 'keep_activity_private', 'use_custom_avatar']) {
      await db.schema.alterTable('user').addColumn(col, 'integer', now0).execute();
    }
    await db.schema.alterTable('user').addColumn('avatar', 'varchar(64)', str).execute();
    await db.schema.alterTable('user').addColumn('diff_view_style', 'varchar(16)', str).execute();
    await db.schema.alterTable('user').addColumn('theme', 'varchar(32)', str).execute();

    await db.schema
      .createTable('follow')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('follow_id', 'integer', (c) => c.notNull())
      .addColumn('created_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('follow_user_follow').on('follow').columns(['user_id', 'follow_id']).unique().execute();
    await db.schema.createIndex('follow_follow').on('follow').column('follow_id').execute();

    await db.schema
      .createTable('star')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('uid', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('created_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('star_uid_repo').on('star').columns(['uid', 'repo_id']).unique().execute();
    await db.schema.createIndex('star_repo').on('star').column('repo_id').execute();

    // mode: 1 normal watch (Gitea's RepoWatchModeNormal); 0 rows are not kept.
    await db.schema
      .createTable('watch')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('watch_user_repo').on('watch').columns(['user_id', 'repo_id']).unique().execute();
    await db.schema.createIndex('watch_repo').on('watch').column('repo_id').execute();

    await db.schema
      .createTable('public_key')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('fingerprint', 'varchar(255)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('key_type', 'varchar(64)', str)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('public_key_owner').on('public_key').column('owner_id').execute();
    await db.schema.createIndex('public_key_fingerprint').on('public_key').column('fingerprint').execute();
  },
};
