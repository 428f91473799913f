// A Gitea-shaped protection rule for web tests, with the server's defaults on create.
import type { BranchProtection } from './api/protection-queries';

export function fakeRule(over: Partial<BranchProtection> = {}): BranchProtection {
  const rule_name = over.rule_name ?? 'main';
  return {
    branch_name: rule_name,
    rule_name,
    priority: 0,
    enable_push: false,
    enable_push_whitelist: false,
    push_whitelist_usernames: [],
    push_whitelist_teams: [],
    push_whitelist_deploy_keys: false,
    enable_force_push: false,
    enable_force_push_allowlist: false,
    force_push_allowlist_usernames: [],
    force_push_allowlist_teams: [],
    force_push_allowlist_deploy_keys: false,
    enable_merge_whitelist: false,
    merge_whitelist_usernames: [],
    merge_whitelist_teams: [],
    enable_status_check: false,
    status_check_contexts: [],
    required_approvals: 0,
    enable_approvals_whitelist: false,
    approvals_whitelist_username: [],
    approvals_whitelist_teams: [],
    block_on_rejected_reviews: false,
    block_on_official_review_requests: false,
    block_on_outdated_branch: false,
    dismiss_stale_approvals: false,
    ignore_stale_approvals: false,
    require_signed_commits: false,
    protected_file_patterns: '',
    unprotected_file_patterns: '',
    block_admin_merge_override: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** The body the settings page sends to create a rule: the rule's fields without the server-set ones. */
export function fakeRuleOption(over: Partial<BranchProtection> = {}) {
  const { branch_name: _branch, created_at: _created, updated_at: _updated, ...option } = fakeRule(over);
  return option;
}
