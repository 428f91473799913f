// Wire shapes of branches and branch protection rules (Gitea's Branch, BranchProtection and their options).
import { z } from './openapi.ts';
import { PayloadCommitVerificationSchema } from './git-schemas.ts';

export const PayloadUserSchema = z.object({ name: z.string(), email: z.string(), username: z.string() }).openapi('PayloadUser');

export const PayloadCommitSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    url: z.string(),
    author: PayloadUserSchema,
    committer: PayloadUserSchema,
    verification: PayloadCommitVerificationSchema,
    timestamp: z.string(),
  })
  .openapi('PayloadCommit');

export const BranchSchema = z
  .object({
    name: z.string(),
    commit: PayloadCommitSchema,
    protected: z.boolean(),
    required_approvals: z.number().int(),
    enable_status_check: z.boolean(),
    status_check_contexts: z.array(z.string()),
    user_can_push: z.boolean(),
    user_can_merge: z.boolean(),
    effective_branch_protection_name: z.string(),
  })
  .openapi('Branch');

export const CreateBranchSchema = z
  .object({
    new_branch_name: z.string().min(1).max(100),
    old_ref_name: z.string().optional().openapi({ description: 'Branch, tag or commit SHA to start from; the default branch when absent.' }),
    old_branch_name: z.string().optional().openapi({ deprecated: true, description: 'Deprecated: use old_ref_name.' }),
  })
  .openapi('CreateBranchRepoOption');

export const UpdateBranchSchema = z
  .object({
    new_commit_id: z.string().min(1),
    old_commit_id: z.string().optional().openapi({ description: 'Expected current commit; 422 when the branch is elsewhere.' }),
    force: z.boolean().optional().openapi({ description: 'Allow a non-fast-forward move (422 without it); a protected branch needs force push allowed.' }),
  })
  .openapi('UpdateBranchRepoOption');

export const RenameBranchSchema = z.object({ name: z.string().min(1).max(100) }).openapi('RenameBranchRepoOption');

const names = z.array(z.string());

export const BranchProtectionSchema = z
  .object({
    branch_name: z.string().openapi({ deprecated: true, description: 'Deprecated: the rule name when it is a plain branch name, else empty.' }),
    rule_name: z.string().openapi({ description: 'A branch name or a glob such as release/*' }),
    priority: z.number().int().openapi({ description: 'Higher priority rules are matched first.' }),
    enable_push: z.boolean(),
    enable_push_whitelist: z.boolean(),
    push_whitelist_usernames: names,
    push_whitelist_teams: names,
    push_whitelist_deploy_keys: z.boolean(),
    enable_force_push: z.boolean(),
    enable_force_push_allowlist: z.boolean(),
    force_push_allowlist_usernames: names,
    force_push_allowlist_teams: names,
    force_push_allowlist_deploy_keys: z.boolean(),
    enable_merge_whitelist: z.boolean(),
    merge_whitelist_usernames: names,
    merge_whitelist_teams: names,
    enable_status_check: z.boolean(),
    status_check_contexts: names,
    required_approvals: z.number().int(),
    enable_approvals_whitelist: z.boolean(),
    approvals_whitelist_username: names,
    approvals_whitelist_teams: names,
    block_on_rejected_reviews: z.boolean(),
    block_on_official_review_requests: z.boolean(),
    block_on_outdated_branch: z.boolean(),
    dismiss_stale_approvals: z.boolean(),
    ignore_stale_approvals: z.boolean(),
    require_signed_commits: z.boolean(),
    protected_file_patterns: z.string(),
    unprotected_file_patterns: z.string(),
    block_admin_merge_override: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BranchProtection');

const editFields = {
  priority: z.number().int().optional(),
  enable_push: z.boolean().optional(),
  enable_push_whitelist: z.boolean().optional(),
  push_whitelist_usernames: names.optional(),
  push_whitelist_teams: names.optional(),
  push_whitelist_deploy_keys: z.boolean().optional(),
  enable_force_push: z.boolean().optional(),
  enable_force_push_allowlist: z.boolean().optional(),
  force_push_allowlist_usernames: names.optional(),
  force_push_allowlist_teams: names.optional(),
  force_push_allowlist_deploy_keys: z.boolean().optional(),
  enable_merge_whitelist: z.boolean().optional(),
  merge_whitelist_usernames: names.optional(),
  merge_whitelist_teams: names.optional(),
  enable_status_check: z.boolean().optional(),
  status_check_contexts: names.optional(),
  required_approvals: z.number().int().optional(),
  enable_approvals_whitelist: z.boolean().optional(),
  approvals_whitelist_username: names.optional(),
  approvals_whitelist_teams: names.optional(),
  block_on_rejected_reviews: z.boolean().optional(),
  block_on_official_review_requests: z.boolean().optional(),
  block_on_outdated_branch: z.boolean().optional(),
  dismiss_stale_approvals: z.boolean().optional(),
  ignore_stale_approvals: z.boolean().optional(),
  require_signed_commits: z.boolean().optional(),
  protected_file_patterns: z.string().optional(),
  unprotected_file_patterns: z.string().optional(),
  block_admin_merge_override: z.boolean().optional(),
};

export const CreateBranchProtectionSchema = z
  .object({
    rule_name: z.string().max(255).optional().openapi({ description: 'A branch name or a glob such as release/*; required (or the deprecated branch_name).' }),
    branch_name: z.string().max(255).optional().openapi({ deprecated: true, description: 'Deprecated: use rule_name.' }),
    ...editFields,
  })
  .openapi('CreateBranchProtectionOption');

export const EditBranchProtectionSchema = z.object(editFields).openapi('EditBranchProtectionOption');

export const UpdateBranchProtectionPrioritiesSchema = z
  .object({ ids: z.array(z.number().int()).optional().openapi({ description: 'Rule ids in the order they should be matched, the first first.' }) })
  .openapi('UpdateBranchProtectionPriories');
