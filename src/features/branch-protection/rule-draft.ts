// The rule form's state and what it sends: every field of Gitea's BranchProtection, numbers kept
// as typed text until submit, the changed fields only on edit, and checks made before sending.
import { compileGlob, isPlainPattern } from './glob';
import type { BranchProtection, CreateBranchProtection, EditBranchProtection } from './api/protection-queries';

export interface RuleDraft {
  rule_name: string;
  priority: string;
  enable_push: boolean;
  enable_push_whitelist: boolean;
  push_whitelist_usernames: string[];
  push_whitelist_teams: string[];
  push_whitelist_deploy_keys: boolean;
  enable_force_push: boolean;
  enable_force_push_allowlist: boolean;
  force_push_allowlist_usernames: string[];
  force_push_allowlist_teams: string[];
  force_push_allowlist_deploy_keys: boolean;
  enable_merge_whitelist: boolean;
  merge_whitelist_usernames: string[];
  merge_whitelist_teams: string[];
  enable_status_check: boolean;
  status_check_contexts: string[];
  required_approvals: string;
  enable_approvals_whitelist: boolean;
  approvals_whitelist_username: string[];
  approvals_whitelist_teams: string[];
  block_on_rejected_reviews: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  dismiss_stale_approvals: boolean;
  ignore_stale_approvals: boolean;
  require_signed_commits: boolean;
  protected_file_patterns: string;
  unprotected_file_patterns: string;
  block_admin_merge_override: boolean;
}

export type DraftErrors = Partial<Record<keyof RuleDraft | 'general', string>>;

const list = (v: string[] | null | undefined) => v ?? [];

/** The form's starting state: the rule being edited, or Gitea's defaults on create. */
export function toDraft(rule?: BranchProtection | null): RuleDraft {
  return {
    rule_name: rule?.rule_name || rule?.branch_name || '',
    priority: String(rule?.priority ?? 0),
    enable_push: rule?.enable_push ?? false,
    enable_push_whitelist: rule?.enable_push_whitelist ?? false,
    push_whitelist_usernames: list(rule?.push_whitelist_usernames),
    push_whitelist_teams: list(rule?.push_whitelist_teams),
    push_whitelist_deploy_keys: rule?.push_whitelist_deploy_keys ?? false,
    enable_force_push: rule?.enable_force_push ?? false,
    enable_force_push_allowlist: rule?.enable_force_push_allowlist ?? false,
    force_push_allowlist_usernames: list(rule?.force_push_allowlist_usernames),
    force_push_allowlist_teams: list(rule?.force_push_allowlist_teams),
    force_push_allowlist_deploy_keys: rule?.force_push_allowlist_deploy_keys ?? false,
    enable_merge_whitelist: rule?.enable_merge_whitelist ?? false,
    merge_whitelist_usernames: list(rule?.merge_whitelist_usernames),
    merge_whitelist_teams: list(rule?.merge_whitelist_teams),
    enable_status_check: rule?.enable_status_check ?? false,
    status_check_contexts: list(rule?.status_check_contexts),
    required_approvals: String(rule?.required_approvals ?? 0),
    enable_approvals_whitelist: rule?.enable_approvals_whitelist ?? false,
    approvals_whitelist_username: list(rule?.approvals_whitelist_username),
    approvals_whitelist_teams: list(rule?.approvals_whitelist_teams),
    block_on_rejected_reviews: rule?.block_on_rejected_reviews ?? false,
    block_on_official_review_requests: rule?.block_on_official_review_requests ?? false,
    block_on_outdated_branch: rule?.block_on_outdated_branch ?? false,
    dismiss_stale_approvals: rule?.dismiss_stale_approvals ?? false,
    ignore_stale_approvals: rule?.ignore_stale_approvals ?? false,
    require_signed_commits: rule?.require_signed_commits ?? false,
    protected_file_patterns: rule?.protected_file_patterns ?? '',
    unprotected_file_patterns: rule?.unprotected_file_patterns ?? '',
    block_admin_merge_override: rule?.block_admin_merge_override ?? false,
  };
}

const NON_NEGATIVE_INT = /^\d+$/;

/** Problems the server would refuse (or silently misread), found before sending. */
export function validateDraft(d: RuleDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = d.rule_name.trim();
  if (!name) errors.rule_name = 'Enter a branch name or a pattern such as release/*.';
  else if (!isPlainPattern(name) && !compileGlob(name)) errors.rule_name = 'This pattern is not a valid glob: check its brackets, braces and backslashes.';
  if (!NON_NEGATIVE_INT.test(d.priority.trim())) errors.priority = 'Priority is a whole number, 0 or more.';
  if (!NON_NEGATIVE_INT.test(d.required_approvals.trim())) errors.required_approvals = 'Required approvals is a whole number, 0 or more.';
  for (const key of ['protected_file_patterns', 'unprotected_file_patterns'] as const) {
    const bad = splitPatterns(d[key]).find((p) => !compileGlob(p));
    if (bad) errors[key] = `“${bad}” is not a valid pattern.`;
  }
  return errors;
}

/** Gitea keeps file patterns as one string separated by semicolons. */
export const splitPatterns = (s: string) =>
  s
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

type Wire = Omit<CreateBranchProtection, 'branch_name'>;

function toWire(d: RuleDraft): Wire {
  return {
    ...d,
    rule_name: d.rule_name.trim(),
    priority: Number(d.priority.trim()),
    required_approvals: Number(d.required_approvals.trim()),
    protected_file_patterns: splitPatterns(d.protected_file_patterns).join(';'),
    unprotected_file_patterns: splitPatterns(d.unprotected_file_patterns).join(';'),
  };
}

/** The POST body: every field, so the rule is exactly what the form shows. */
export const createBody = (d: RuleDraft): CreateBranchProtection => toWire(d);

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n') : a === b;

/**
 * The PATCH body: only what the user changed, so a field someone else edited meanwhile (or one
 * this app does not know) is left alone. The rule name cannot change through Gitea's API.
 */
export function changedFields(initial: RuleDraft, d: RuleDraft): EditBranchProtection {
  const before = toWire(initial) as Record<string, unknown>;
  const after = toWire(d) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'rule_name') continue;
    if (!same(before[key], after[key])) out[key] = after[key];
  }
  return out as EditBranchProtection;
}

const USER_LISTS = ['push_whitelist_usernames', 'force_push_allowlist_usernames', 'merge_whitelist_usernames', 'approvals_whitelist_username'] as const;
const TEAM_LISTS = ['push_whitelist_teams', 'force_push_allowlist_teams', 'merge_whitelist_teams', 'approvals_whitelist_teams'] as const;

/**
 * Places a refused save's message beside the field it concerns. Gitea's messages name the field,
 * or the subject: a duplicate rule is 403 "Branch protection already exist"; an unknown user or
 * team is 422 "user does not exist [uid: 0, name: x]" (or "team …"), placed at the list that
 * holds that name. Anything else shows above the buttons.
 */
export function serverErrors(message: string, d: RuleDraft): DraftErrors {
  const m = message.toLowerCase();
  // Longest first: enable_push_whitelist before enable_push.
  const field = (Object.keys(d) as (keyof RuleDraft)[]).sort((a, b) => b.length - a.length).find((k) => m.includes(k));
  if (field) return { [field]: message };
  if (/already exist|rule.?name|branch.?name/.test(m)) return { rule_name: message };
  const named = /name: ([^\]]+)\]/.exec(message)?.[1]?.trim();
  const lists = /team/.test(m) ? TEAM_LISTS : /user/.test(m) ? USER_LISTS : null;
  if (lists) {
    const holder = lists.find((k) => named !== undefined && d[k].includes(named)) ?? lists.find((k) => d[k].length > 0) ?? lists[0];
    return { [holder]: message };
  }
  if (/context|status/.test(m)) return { status_check_contexts: message };
  if (/priority/.test(m)) return { priority: message };
  if (/approval/.test(m)) return { required_approvals: message };
  return { general: message };
}
