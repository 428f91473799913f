// Issues (and later pull requests), labels, milestones, comments/timeline events, attachments.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('issue_index')
      .addColumn('repo_id', 'integer', (c) => c.primaryKey())
      .addColumn('max_index', 'integer', now0)
      .execute();

    await db.schema
      .createTable('issue')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('index', 'integer', (c) => c.notNull())
      .addColumn('poster_id', 'integer', now0)
      .addColumn('original_author', 'varchar(255)', str)
      .addColumn('original_author_id', 'integer', now0)
      .addColumn('name', 'varchar(255)', str)
      .addColumn('content', 'text', str)
      .addColumn('ref', 'varchar(255)', str)
      .addColumn('milestone_id', 'integer', now0)
      .addColumn('priority', 'integer', now0)
      .addColumn('is_closed', 'integer', now0)
      .addColumn('is_pull', 'integer', now0)
      .addColumn('is_locked', 'integer', now0)
      .addColumn('num_comments', 'integer', now0)
      .addColumn('deadline_unix', 'bigint', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .addColumn('closed_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('issue_repo_index').on('issue').columns(['repo_id', 'index']).unique().execute();
    // The list's default view: one repository, issues or pulls, open or closed, newest first.
    await db.schema.createIndex('issue_repo_list').on('issue').columns(['repo_id', 'is_pull', 'is_closed', 'created_unix']).execute();
    await db.schema.createIndex('issue_poster').on('issue').columns(['poster_id', 'updated_unix']).execute();
    await db.schema.createIndex('issue_milestone').on('issue').column('milestone_id').execute();
    await db.schema.createIndex('issue_updated').on('issue').columns(['updated_unix']).execute();

    await db.schema
      .createTable('label')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', str)
      .addColumn('exclusive', 'integer', now0)
      .addColumn('description', 'text', str)
      .addColumn('color', 'varchar(16)', str)
      .addColumn('archived_unix', 'bigint', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('label_repo').on('label').columns(['repo_id', 'name']).execute();

    await db.schema
      .createTable('issue_label')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('label_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('issue_label_issue').on('issue_label').columns(['issue_id', 'label_id']).unique().execute();
    await db.schema.createIndex('issue_label_label').on('issue_label').columns(['label_id', 'issue_id']).execute();

    await db.schema
      .createTable('milestone')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', str)
      .addColumn('content', 'text', str)
      .addColumn('is_closed', 'integer', now0)
      .addColumn('deadline_unix', 'bigint', now0)
      .addColumn('closed_date_unix', 'bigint', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('milestone_repo').on('milestone').columns(['repo_id', 'is_closed']).execute();

    await db.schema
      .createTable('issue_assignees')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('assignee_id', 'integer', (c) => c.notNull())
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('issue_assignees_issue').on('issue_assignees').columns(['issue_id', 'assignee_id']).unique().execute();
    await db.schema.createIndex('issue_assignees_user').on('issue_assignees').columns(['assignee_id', 'issue_id']).execute();

    await db.schema
      .createTable('issue_user')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('uid', 'integer', (c) => c.notNull())
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('is_read', 'integer', now0)
      .addColumn('is_mentioned', 'integer', now0)
      .execute();
    await db.schema.createIndex('issue_user_uid').on('issue_user').columns(['uid', 'issue_id']).unique().execute();
    await db.schema.createIndex('issue_user_issue').on('issue_user').column('issue_id').execute();

    await db.schema
      .createTable('comment')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('type', 'integer', now0)
      .addColumn('poster_id', 'integer', now0)
      .addColumn('original_author', 'varchar(255)', str)
      .addColumn('original_author_id', 'integer', now0)
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('label_id', 'integer', now0)
      .addColumn('old_milestone_id', 'integer', now0)
      .addColumn('milestone_id', 'integer', now0)
      .addColumn('assignee_id', 'integer', now0)
      .addColumn('removed_assignee', 'integer', now0)
      .addColumn('old_title', 'varchar(255)', str)
      .addColumn('new_title', 'varchar(255)', str)
      .addColumn('ref_repo_id', 'integer', now0)
      .addColumn('ref_issue_id', 'integer', now0)
      .addColumn('ref_comment_id', 'integer', now0)
      .addColumn('ref_action', 'integer', now0)
      .addColumn('ref_is_pull', 'integer', now0)
      .addColumn('content', 'text', str)
      .addColumn('commit_sha', 'varchar(64)', str)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('comment_issue').on('comment').columns(['issue_id', 'created_unix']).execute();
    await db.schema.createIndex('comment_ref').on('comment').columns(['ref_issue_id', 'ref_comment_id']).execute();
    await db.schema.createIndex('comment_updated').on('comment').columns(['updated_unix']).execute();

    await db.schema
      .createTable('attachment')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('uuid', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('repo_id', 'integer', now0)
      .addColumn('issue_id', 'integer', now0)
      .addColumn('comment_id', 'integer', now0)
      .addColumn('uploader_id', 'integer', now0)
      .addColumn('name', 'varchar(255)', str)
      .addColumn('download_count', 'integer', now0)
      .addColumn('size', 'bigint', now0)
      .addColumn('created_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('attachment_issue').on('attachment').columns(['issue_id', 'comment_id']).execute();
    await db.schema.createIndex('attachment_comment').on('attachment').column('comment_id').execute();
  },
};
