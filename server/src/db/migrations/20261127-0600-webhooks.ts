// Issue #21: webhooks (Gitea's webhook table) and their delivery queue (Gitea's hook_task). A hook
// belongs to a repository (repo_id) or to an organization (owner_id, repo_id 0). events: the JSON
// array of Gitea event names it is sent for. hook_task: one delivery (its payload made when the
// event happened); a worker claims due rows (next_attempt_at, claimed_until: epoch milliseconds)
// and records the request and response of its last attempt.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhook')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('owner_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('gitea'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('http_method', 'varchar(8)', (c) => c.notNull().defaultTo('POST'))
      .addColumn('content_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('authorization_header', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('events', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('branch_filter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_unix', 'bigint', (c) => c.notNull())
      .addColumn('updated_unix', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_repo_id').on('webhook').column('repo_id').execute();
    await db.schema.createIndex('webhook_owner_id').on('webhook').column('owner_id').execute();
    await db.schema
      .createTable('hook_task')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('hook_id', 'integer', (c) => c.notNull())
      .addColumn('uuid', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload_content', 'text', (c) => c.notNull())
      .addColumn('is_delivered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_succeed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('request_content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('response_content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('delivered', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_unix', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('hook_task_due').on('hook_task').columns(['is_delivered', 'next_attempt_at']).execute();
    await db.schema.createIndex('hook_task_hook_id').on('hook_task').columns(['hook_id', 'id']).execute();
  },
};
