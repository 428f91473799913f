// A rule in a few words each, for the rule list: what it lets through and what it blocks.
import type { BranchProtection } from './api/protection-queries';

const who = (users: string[] | null | undefined, teams: string[] | null | undefined) => {
  const parts = [...(users ?? []), ...(teams ?? []).map((t) => `team ${t}`)];
  return parts.length ? parts.join(', ') : 'nobody';
};

export function summarizeRule(r: BranchProtection): string[] {
  const out: string[] = [];
  if (!r.enable_push) out.push('No pushes');
  else if (r.enable_push_whitelist) out.push(`Push: ${who(r.push_whitelist_usernames, r.push_whitelist_teams)}`);
  else out.push('Push: anyone with write access');
  if (r.enable_force_push)
    out.push(r.enable_force_push_allowlist ? `Force push: ${who(r.force_push_allowlist_usernames, r.force_push_allowlist_teams)}` : 'Force push allowed');
  if (r.require_signed_commits) out.push('Signed commits');
  if (r.enable_merge_whitelist) out.push(`Merge: ${who(r.merge_whitelist_usernames, r.merge_whitelist_teams)}`);
  if (r.enable_status_check) out.push(r.status_check_contexts?.length ? `Checks: ${r.status_check_contexts.join(', ')}` : 'All checks pass');
  if (r.required_approvals > 0)
    out.push(`${r.required_approvals} approval${r.required_approvals === 1 ? '' : 's'}${r.enable_approvals_whitelist ? ' from the approvers list' : ''}`);
  if (r.block_on_rejected_reviews) out.push('Blocked by requested changes');
  if (r.block_on_official_review_requests) out.push('Blocked by pending official reviews');
  if (r.dismiss_stale_approvals) out.push('New commits dismiss approvals');
  if (r.ignore_stale_approvals) out.push('Stale approvals ignored');
  if (r.block_on_outdated_branch) out.push('Must be up to date');
  if (r.protected_file_patterns) out.push(`Protected files: ${r.protected_file_patterns}`);
  if (r.unprotected_file_patterns) out.push(`Unprotected files: ${r.unprotected_file_patterns}`);
  if (r.block_admin_merge_override) out.push('Admins follow the rule too');
  return out;
}
