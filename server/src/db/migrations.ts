// Timestamped migrations, run in name order at start. Only Kysely's schema builder is used so that
// the same migrations can run on PostgreSQL; never edit a migration that has shipped, add one.
import type { Kysely, Migration } from 'kysely';
import { compareBytewise } from './dialect.ts';

const now0 = (c: any) => c.notNull().defaultTo(0);
const str = (c: any) => c.notNull().defaultTo('');

export const migrations: Record<string, Migration> = {
  '20261122_0001_users_tokens_repos_actions': {
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
  },
  // Issues (and later pull requests), labels, milestones, comments/timeline events, attachments.
  '20261122_0100_issues': {
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
  },
  '20261122_0200_pulls_reviews_statuses': {
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
  },
  '20261122_0300_repo_merge_settings': {
    async up(db: Kysely<any>) {
      // A repository's pull request merge settings (Gitea keeps them in its pulls unit config).
      const flags: [string, number][] = [
        ['allow_merge_commits', 1],
        ['allow_rebase', 1],
        ['allow_rebase_explicit', 1],
        ['allow_squash_merge', 1],
        ['allow_fast_forward_only_merge', 1],
        ['allow_manual_merge', 1],
        ['default_delete_branch_after_merge', 0],
      ];
      for (const [name, value] of flags)
        await db.schema
          .alterTable('repository')
          .addColumn(name, 'integer', (c) => c.notNull().defaultTo(value))
          .execute();
      await db.schema
        .alterTable('repository')
        .addColumn('default_merge_style', 'varchar(32)', (c) => c.notNull().defaultTo('merge'))
        .execute();
    },
  },
  '20261122_0400_access': {
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
  },
  // U1 (issue #7): follows, stars, watches, SSH keys, and the user columns Gitea keeps for them.
  '20261122_0500_users_social': {
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
  },
  // O1 (issue #7): organizations' own column and the old names of renamed users and organizations.
  '20261122_0600_orgs': {
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
  },
  // Issue #8: branch protection rules (Gitea's protected_branch).
  '20261123_0100_protected_branch': {
    async up(db: Kysely<any>) {
      const t = (c: any) => c.notNull().defaultTo('[]');
      await db.schema
        .createTable('protected_branch')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('repo_id', 'integer', (c) => c.notNull())
        .addColumn('rule_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('priority', 'integer', now0)
        .addColumn('can_push', 'integer', now0)
        .addColumn('enable_whitelist', 'integer', now0)
        .addColumn('whitelist_user_ids', 'text', t)
        .addColumn('whitelist_team_ids', 'text', t)
        .addColumn('can_force_push', 'integer', now0)
        .addColumn('enable_force_push_allowlist', 'integer', now0)
        .addColumn('force_push_allowlist_user_ids', 'text', t)
        .addColumn('force_push_allowlist_team_ids', 'text', t)
        .addColumn('enable_merge_whitelist', 'integer', now0)
        .addColumn('merge_whitelist_user_ids', 'text', t)
        .addColumn('merge_whitelist_team_ids', 'text', t)
        .addColumn('enable_status_check', 'integer', now0)
        .addColumn('status_check_contexts', 'text', t)
        .addColumn('enable_approvals_whitelist', 'integer', now0)
        .addColumn('approvals_whitelist_user_ids', 'text', t)
        .addColumn('approvals_whitelist_team_ids', 'text', t)
        .addColumn('required_approvals', 'integer', now0)
        .addColumn('block_on_rejected_reviews', 'integer', now0)
        .addColumn('block_on_official_review_requests', 'integer', now0)
        .addColumn('block_on_outdated_branch', 'integer', now0)
        .addColumn('dismiss_stale_approvals', 'integer', now0)
        .addColumn('ignore_stale_approvals', 'integer', now0)
        .addColumn('require_signed_commits', 'integer', now0)
        .addColumn('protected_file_patterns', 'text', str)
        .addColumn('unprotected_file_patterns', 'text', str)
        .addColumn('block_admin_merge_override', 'integer', now0)
        .addColumn('created_unix', 'bigint', now0)
        .addColumn('updated_unix', 'bigint', now0)
        .execute();
      // Gitea: UNIQUE(repo_id, branch_name); names compare as typed (a glob is case-sensitive).
      await db.schema.createIndex('protected_branch_repo_rule').on('protected_branch').columns(['repo_id', 'rule_name']).unique().execute();
    },
  },
  // Issue #11: lists hit an index in the order they are sorted in, for the arguments Gitea clients
  // send by default (no `type`, state open / all), so a page costs the same at any size.
  '20261123_0300_perf': {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('issue_repo_closed_created').on('issue').columns(['repo_id', 'is_closed', 'created_unix']).execute();
      await db.schema.createIndex('issue_repo_created').on('issue').columns(['repo_id', 'created_unix']).execute();
      await db.schema.createIndex('issue_repo_pull_created').on('issue').columns(['repo_id', 'is_pull', 'created_unix']).execute();
    },
  },
  // Repository search sorts by name by default: walk a name index and stop at the page's end; the
  // count reads a compact covering index instead of the table.
  '20261123_0301_perf': {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('repository_lower_name').on('repository').column('lower_name').execute();
      await db.schema.createIndex('repository_private_owner').on('repository').columns(['is_private', 'owner_id']).execute();
      // Anonymous search: public repositories only, by name.
      await db.schema.createIndex('repository_private_name').on('repository').columns(['is_private', 'lower_name']).execute();
    },
  },
  // Issue #10: Gitea's repo_redirect, an old name of a renamed repository under its owner, so old
  // web, API and clone URLs still find it until the name is used again.
  '20261123_0400_repo_redirect': {
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
  },
  // Review requests to a team leave a review_request event naming the team (Gitea's comment.assignee_team_id).
  '20261123_0520_p2_comment_assignee_team': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('comment').addColumn('assignee_team_id', 'integer', now0).execute();
    },
  },
  // Issue #12: failed sign-ins counted in the database (auth/throttle.ts), so every server process
  // sharing it sees the same windows. key: 'a:' + lower-cased account name, or 'i:' + client
  // address; ends_at: epoch milliseconds when the window (or lockout) ends, indexed for the sweep
  // of expired rows.
  '20261123_0610_th_login_failures': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_failure')
        .addColumn('key', 'varchar(140)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failure_ends_at').on('login_failure').column('ends_at').execute();
    },
  },
  // Issue #12: names sort byte by byte on PostgreSQL as on SQLite (BINARY), whatever the database's
  // locale ("a-b" before "a_c" before "ab"), so lists sorted by name come in the same order on both.
  '20261123_0620_da_name_collation': {
    async up(db: Kysely<any>) {
      await compareBytewise(db, [
        ['user', 'lower_name', 'varchar(255)'],
        ['repository', 'lower_name', 'varchar(255)'],
        ['team', 'lower_name', 'varchar(255)'],
        ['label', 'name', 'varchar(255)'],
      ]);
    },
  },
};
