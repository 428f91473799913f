// Issue #8: branch protection rules (Gitea's protected_branch).
import type { Kysely, Migration } from 'kysely';
import { now0, str } from './columns.ts';

export const migration: Migration = {
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
};
