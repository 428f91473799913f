// Repositories, their activity feed, old names and branch protection rules.
import type { Generated } from 'kysely';

export interface RepositoryTable {
  id: Generated<number>;
  owner_id: number;
  owner_name: string;
  name: string;
  lower_name: string;
  description: string;
  website: string;
  is_private: number;
  is_empty: number;
  is_archived: number;
  is_template: number;
  is_fork: number;
  fork_id: number;
  template_id: number;
  default_branch: string;
  has_issues: number;
  has_wiki: number;
  has_pull_requests: number;
  has_projects: number;
  has_releases: number;
  num_stars: number;
  num_forks: number;
  num_watches: number;
  num_issues: number;
  num_closed_issues: number;
  num_pulls: number;
  num_closed_pulls: number;
  size: number;
  trust_model: string;
  created_unix: number;
  updated_unix: number;
  archived_unix: number;
  /** Merge settings (1/0), defaults from the migration. */
  allow_merge_commits: Generated<number>;
  allow_rebase: Generated<number>;
  allow_rebase_explicit: Generated<number>;
  allow_squash_merge: Generated<number>;
  allow_fast_forward_only_merge: Generated<number>;
  allow_manual_merge: Generated<number>;
  default_delete_branch_after_merge: Generated<number>;
  /** merge, rebase, rebase-merge, squash or fast-forward-only. */
  default_merge_style: Generated<string>;
  /** Its topic names as a JSON array, most used first (db/topics.ts keeps it in step). */
  topics: Generated<string>;
}

export interface ActionTable {
  id: Generated<number>;
  /** Whose feed this row belongs to. */
  user_id: number;
  op_type: string;
  act_user_id: number;
  repo_id: number;
  comment_id: number;
  ref_name: string;
  is_private: number;
  content: string;
  created_unix: number;
}

/** Issue #10: an old repository name (lower case) under its owner and the repository it now names. */
export interface RepoRedirectTable {
  id: Generated<number>;
  owner_id: number;
  lower_name: string;
  redirect_repo_id: number;
}

/**
 * Gitea's protected_branch: one branch protection rule of a repository. `rule_name` is a branch
 * name or a glob; id lists (users, teams) and contexts are JSON arrays; booleans are 1/0.
 */
export interface ProtectedBranchTable {
  id: Generated<number>;
  repo_id: number;
  rule_name: string;
  priority: Generated<number>;
  can_push: Generated<number>;
  enable_whitelist: Generated<number>;
  whitelist_user_ids: Generated<string>;
  whitelist_team_ids: Generated<string>;
  can_force_push: Generated<number>;
  enable_force_push_allowlist: Generated<number>;
  force_push_allowlist_user_ids: Generated<string>;
  force_push_allowlist_team_ids: Generated<string>;
  enable_merge_whitelist: Generated<number>;
  merge_whitelist_user_ids: Generated<string>;
  merge_whitelist_team_ids: Generated<string>;
  enable_status_check: Generated<number>;
  status_check_contexts: Generated<string>;
  enable_approvals_whitelist: Generated<number>;
  approvals_whitelist_user_ids: Generated<string>;
  approvals_whitelist_team_ids: Generated<string>;
  required_approvals: Generated<number>;
  block_on_rejected_reviews: Generated<number>;
  block_on_official_review_requests: Generated<number>;
  block_on_outdated_branch: Generated<number>;
  dismiss_stale_approvals: Generated<number>;
  ignore_stale_approvals: Generated<number>;
  require_signed_commits: Generated<number>;
  protected_file_patterns: Generated<string>;
  unprotected_file_patterns: Generated<string>;
  block_admin_merge_override: Generated<number>;
  created_unix: Generated<number>;
  updated_unix: Generated<number>;
}
