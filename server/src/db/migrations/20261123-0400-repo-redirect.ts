// Issue #10: Gitea's repo_redirect, an old name of a renamed repository under its owner, so old
// web, API and clone URLs still find it until the name is used again.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('repo_redirect')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('lower_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('redirect_repo_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('repo_redirect_owner_name').on('repo_redirect').columns(['owner_id', 'lower_name']).unique().execute();
    await db.schema.createIndex('repo_redirect_repo').on('repo_redirect').column('redirect_repo_id').execute();
  },
};
