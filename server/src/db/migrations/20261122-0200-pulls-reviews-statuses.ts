// Pull requests, scheduled merges, reviews with their inline comments, and commit statuses.
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // One row per pull request beside its issue row (is_pull = 1), as Gitea's pull_request table.
    await db.schema
      .createTable('pull_request')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('issue_id', 'integer', (c) => c.notNull().unique())
      .addColumn('index', 'integer', (c) => c.notNull())
      .addColumn('head_repo_id', 'integer', (c) => c.notNull())
      .addColumn('base_repo_id', 'integer', (c) => c.notNull())
      .addColumn('head_branch', 'varchar(255)', (c) => c.notNull())
      .addColumn('base_branch', 'varchar(255)', (c) => c.notNull())
      .addColumn('merge_base', 'varchar(64)', str)
      .addColumn('head_commit_id', 'varchar(64)', str)
      // 0 checking, 1 mergeable, 2 conflict, 3 empty (nothing to merge), 4 error (as Gitea's PullRequestStatus, simplified)
      .addColumn('status', 'integer', now0)
      .addColumn('conflicted_files', 'text', str)
      .addColumn('commits_ahead', 'integer', now0)
      .addColumn('commits_behind', 'integer', now0)
      .addColumn('additions', 'integer', now0)
      .addColumn('deletions', 'integer', now0)
      .addColumn('changed_files', 'integer', now0)
      .addColumn('has_merged', 'integer', now0)
      .addColumn('merged_commit_id', 'varchar(64)', str)
      .addColumn('merger_id', 'integer', now0)
      .addColumn('merged_unix', 'bigint', now0)
      .addColumn('allow_maintainer_edit', 'integer', now0)
      .execute();
    await db.schema.createIndex('pull_request_base').on('pull_request').columns(['base_repo_id', 'base_branch']).execute();
    await db.schema.createIndex('pull_request_head').on('pull_request').columns(['head_repo_id', 'head_branch']).execute();
    await db.schema.createIndex('pull_request_merged').on('pull_request').columns(['base_repo_id', 'merged_commit_id']).execute();

    // A scheduled "merge when checks succeed", at most one per pull request.
    await db.schema
      .createTable('pull_auto_merge')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('pull_id', 'integer', (c) => c.notNull().unique())
      .addColumn('doer_id', 'integer', (c) => c.notNull())
      .addColumn('merge_style', 'varchar(32)', (c) => c.notNull())
      .addColumn('message', 'text', str)
      .addColumn('delete_branch_after_merge', 'integer', now0)
      .addColumn('created_unix', 'bigint', now0)
      .execute();

    // Reviews and review requests (type 0 pending, 1 approve, 2 comment, 3 request changes, 4 request), as Gitea's review table.
    await db.schema
      .createTable('review')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('type', 'integer', now0)
      .addColumn('reviewer_id', 'integer', now0)
      .addColumn('reviewer_team_id', 'integer', now0)
      .addColumn('original_author', 'varchar(255)', str)
      .addColumn('original_author_id', 'integer', now0)
      .addColumn('issue_id', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', str)
      .addColumn('official', 'integer', now0)
      .addColumn('commit_id', 'varchar(64)', str)
      .addColumn('stale', 'integer', now0)
      .addColumn('dismissed', 'integer', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('review_issue').on('review').columns(['issue_id', 'reviewer_id']).execute();

    // Inline review comments are comment rows of type 21 (code), placed by these columns as in Gitea:
    // line > 0 is a line of the new file, < 0 of the old one; patch keeps the diff hunk it was made on.
    await db.schema.alterTable('comment').addColumn('review_id', 'integer', now0).execute();
    await db.schema.alterTable('comment').addColumn('tree_path', 'varchar(4096)', str).execute();
    await db.schema.alterTable('comment').addColumn('line', 'integer', now0).execute();
    await db.schema.alterTable('comment').addColumn('patch', 'text', str).execute();
    await db.schema.alterTable('comment').addColumn('invalidated', 'integer', now0).execute();
    await db.schema.alterTable('comment').addColumn('resolve_doer_id', 'integer', now0).execute();
    await db.schema.alterTable('comment').addColumn('old_ref', 'varchar(255)', str).execute();
    await db.schema.alterTable('comment').addColumn('new_ref', 'varchar(255)', str).execute();
    await db.schema.createIndex('comment_review').on('comment').columns(['review_id']).execute();

    // Commit statuses, numbered per repository and commit (Gitea's commit_status).
    await db.schema
      .createTable('commit_status')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('index', 'integer', (c) => c.notNull())
      .addColumn('repo_id', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('sha', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_url', 'text', str)
      .addColumn('description', 'text', str)
      .addColumn('context', 'text', str)
      .addColumn('creator_id', 'integer', now0)
      .addColumn('created_unix', 'bigint', now0)
      .addColumn('updated_unix', 'bigint', now0)
      .execute();
    await db.schema.createIndex('commit_status_sha').on('commit_status').columns(['repo_id', 'sha', 'index']).execute();
  },
};
