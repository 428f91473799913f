// The first tables: users, their access tokens, repositories and the activity feed (Gitea's action).
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('lower_name', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('full_name', 'varchar(255)', str)
      .addColumn('email', 'varchar(255)', str)
      .addColumn('passwd', 'varchar(255)', str)
      .addColumn('type', 'integer', now0)
      .addColumn('is_admin', 'integer', now0)
      .addColumn('must_change_password', 'integer', now0)
      .addColumn('restricted', 'integer', now0)
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('prohibit_login', 'integer', now0)
      .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('public'))
      .addColumn('description', 'text', str)
      .addColumn('website', 'varchar(255)', str)
      .addColumn('location', 'varchar(255)', str)
      .addColumn('language', 'varchar(16)', str)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .addColumn('last_login_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('user_lower_email').on('user').column('email').execute();

    await db.schema
      .createTable('access_token')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('token_last_eight', 'varchar(8)', str)
      .addColumn('scopes', 'varchar(255)', str)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('access_token_user').on('access_token').columns(['user_id', 'name']).unique().execute();

    await db.schema
      .createTable('repository')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('owner_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('lower_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text', str)
      .addColumn('website', 'varchar(2048)', str)
      .addColumn('is_private', 'integer', now0)
      .addColumn('is_empty', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_archived', 'integer', now0)
      .addColumn('is_template', 'integer', now0)
      .addColumn('is_fork', 'integer', now0)
      .addColumn('fork_id', 'integer', now0)
      .addColumn('template_id', 'integer', now0)
      .addColumn('default_branch', 'varchar(255)', (c) => c.notNull().defaultTo('main'))
      .addColumn('has_issues', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('has_wiki', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('has_pull_requests', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('has_projects', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('has_releases', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('num_stars', 'integer', now0)
      .addColumn('num_forks', 'integer', now0)
      .addColumn('num_watches', 'integer', now0)
      .addColumn('num_issues', 'integer', now0)
      .addColumn('num_closed_issues', 'integer', now0)
      .addColumn('num_pulls', 'integer', now0)
      .addColumn('num_closed_pulls', 'integer', now0)
      .addColumn('size', 'bigint', now0)
      .addColumn('trust_model', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .addColumn('archived_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('repository_owner_name').on('repository').columns(['owner_id', 'lower_name']).unique().execute();

    await db.schema
      .createTable('action')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('op_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('act_user_id', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('comment_id', 'integer', now0)
      .addColumn('ref_name', 'varchar(255)', str)
      .addColumn('is_private', 'integer', now0)
      .addColumn('content', 'text', str)
      .addColumn('created_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('action_repo').on('action').columns(['repo_id', 'created_unix']).execute();
    await db.schema.createIndex('action_user').on('action').columns(['user_id', 'created_unix']).execute();
  },
};
