// Issue #21: releases (Gitea's `release` table) and their assets, kept as rows of the existing
// `attachment` table with a release_id (0 for issue and comment attachments), as Gitea does.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('release')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('publisher_id', 'integer', (c) => c.notNull())
      .addColumn('tag_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('lower_tag_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('target', 'varchar(255)', str)
      .addColumn('title', 'varchar(255)', str)
      .addColumn('sha1', 'varchar(64)', str)
      .addColumn('note', 'text', str)
      .addColumn('is_draft', 'integer', now0)
      .addColumn('is_prerelease', 'integer', now0)
      .addColumn('created_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('release_repo_tag').on('release').columns(['repo_id', 'tag_name']).unique().execute();
    await db.schema.createIndex('release_repo_created').on('release').columns(['repo_id', 'created_unix']).execute();
    await db.schema.alterTable('attachment').addColumn('release_id', 'integer', now0).execute();
    await db.schema.createIndex('attachment_release_id').on('attachment').column('release_id').execute();
  },
};
