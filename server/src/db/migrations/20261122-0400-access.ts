// Collaborators, organization members and teams.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // Who may do what beyond ownership, as Gitea's tables: collaborators with one access mode
    // (1 read, 2 write, 3 admin), organization members, teams with an overall mode (authorize)
    // and per-unit modes (team_unit.type is Gitea's unit type: 1 code, 2 issues, 3 pulls,
    // 4 releases, 5 wiki), and the repositories a team covers.
    await db.schema
      .createTable('collaboration')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('mode', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('collaboration_repo_user').on('collaboration').columns(['repo_id', 'user_id']).unique().execute();
    await db.schema.createIndex('collaboration_user').on('collaboration').columns(['user_id']).execute();

    await db.schema
      .createTable('org_user')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('uid', 'integer', (c) => c.notNull())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('is_public', 'integer', now0)
      .execute();
    await db.schema.createIndex('org_user_uid_org').on('org_user').columns(['uid', 'org_id']).unique().execute();
    await db.schema.createIndex('org_user_org').on('org_user').columns(['org_id']).execute();

    await db.schema
      .createTable('team')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('lower_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text', str)
      .addColumn('authorize', 'integer', now0)
      .addColumn('num_repos', 'integer', now0)
      .addColumn('num_members', 'integer', now0)
      .addColumn('includes_all_repositories', 'integer', now0)
      .addColumn('can_create_org_repo', 'integer', now0)
      .execute();
    await db.schema.createIndex('team_org_name').on('team').columns(['org_id', 'lower_name']).unique().execute();

    await db.schema
      .createTable('team_user')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('uid', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_user_team_uid').on('team_user').columns(['team_id', 'uid']).unique().execute();
    await db.schema.createIndex('team_user_uid').on('team_user').columns(['uid', 'org_id']).execute();

    await db.schema
      .createTable('team_repo')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_repo_team_repo').on('team_repo').columns(['team_id', 'repo_id']).unique().execute();
    await db.schema.createIndex('team_repo_repo').on('team_repo').columns(['repo_id']).execute();

    await db.schema
      .createTable('team_unit')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('org_id', 'integer', (c) => c.notNull())
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('access_mode', 'integer', now0)
      .execute();
    await db.schema.createIndex('team_unit_team_type').on('team_unit').columns(['team_id', 'type']).unique().execute();
  },
};
