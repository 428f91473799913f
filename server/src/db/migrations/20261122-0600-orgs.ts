// O1 (issue #7): organizations' own column and the old names of renamed users and organizations.
import type { Kysely, Migration } from 'kysely';
import { now0 } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').addColumn('repo_admin_change_team_access', 'integer', now0).execute();
    // Gitea's user_redirect: a name someone used to have, so old links still find them.
    await db.schema
      .createTable('user_redirect')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('lower_name', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('redirect_user_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_redirect_user').on('user_redirect').column('redirect_user_id').execute();
  },
};
