// Branch protection rules (Gitea's models/git/protected_branch*.go): loading a repository's
// rules, which rule applies to a branch, and who the rule's whitelists name. Every path that
// moves a branch (git push, branch API, merges) asks here, so they all agree.
import type { Db } from '../db/types.ts';
import type { ProtectedBranchRow, UserRow } from '../db/schema.ts';
import { isInTeams, listRepoRules } from '../db/branch-protections.ts';
import type { RepoPermission } from './permissions.ts';

/** A rule row with its JSON columns parsed and its pattern compiled. */
export interface ProtectionRule {
  row: ProtectedBranchRow;
  id: number;
  ruleName: string;
  priority: number;
  /** A name without glob characters: matches one branch, case-insensitively (Gitea's EqualFold). */
  isPlainName: boolean;
  pushWhitelistUserIds: number[];
  pushWhitelistTeamIds: number[];
  forcePushAllowlistUserIds: number[];
  forcePushAllowlistTeamIds: number[];
  mergeWhitelistUserIds: number[];
  mergeWhitelistTeamIds: number[];
  approvalsWhitelistUserIds: number[];
  approvalsWhitelistTeamIds: number[];
  statusCheckContexts: string[];
  match: (branch: string) => boolean;
}

// gobwas/glob's special characters (syntax.Special): a rule name with none of them is a plain name.
const SPECIAL = /[*?[\]{}\\]/;

export const isPlainRuleName = (name: string) => !SPECIAL.test(name);

/**
 * Compiles a gobwas/glob pattern with '/' as separator, as Gitea does: `*` any run without '/',
 * `**` any run, `?` one character but '/', `[abc]` `[!a-z]` classes, `{a,b}` alternatives,
 * `\x` a literal. Returns null for a pattern gobwas would reject (Gitea then matches it literally).
 */
export function globToRegExp(pattern: string, slashSeparates = true): RegExp | null {
  let i = 0;
  const one = slashSeparates ? '[^/]' : '.';
  const esc = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  function parse(inTerms: boolean): string | null {
    let out = '';
    while (i < pattern.length) {
      const ch = pattern[i]!;
      if (inTerms && (ch === ',' || ch === '}')) return out;
      i++;
      if (ch === '\\') {
        if (i >= pattern.length) return null;
        out += esc(pattern[i++]!);
      } else if (ch === '*') {
        if (pattern[i] === '*') {
          while (pattern[i] === '*') i++;
          out += '.*';
        } else out += `${one}*`;
      } else if (ch === '?') {
        out += one;
      } else if (ch === '[') {
        const end = pattern.indexOf(']', i);
        if (end < 0) return null;
        let body = pattern.slice(i, end);
        i = end + 1;
        const negate = body.startsWith('!');
        if (negate) body = body.slice(1);
        if (!body) return null;
        const cls = body.replace(/[\\\]^[]/g, '\\$&');
        out += negate ? `[^${cls}]` : `[${cls}]`;
      } else if (ch === '{') {
        const alts: string[] = [];
        for (;;) {
          const alt = parse(true);
          if (alt === null || i >= pattern.length) return null;
          alts.push(alt);
          const sep = pattern[i++];
          if (sep === '}') break;
        }
        out += `(?:${alts.join('|')})`;
      } else if (ch === ']' || ch === '}') {
        return null;
      } else {
        out += esc(ch);
      }
    }
    return inTerms ? null : out;
  }
  const body = parse(false);
  return body === null ? null : new RegExp(`^${body}$`, 's');
}

const ids = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
};
const strings = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function toRule(row: ProtectedBranchRow): ProtectionRule {
  const plain = isPlainRuleName(row.rule_name);
  const re = plain ? null : globToRegExp(row.rule_name);
  const lower = row.rule_name.toLowerCase();
  return {
    row,
    id: row.id,
    ruleName: row.rule_name,
    priority: row.priority,
    isPlainName: plain,
    pushWhitelistUserIds: ids(row.whitelist_user_ids),
    pushWhitelistTeamIds: ids(row.whitelist_team_ids),
    forcePushAllowlistUserIds: ids(row.force_push_allowlist_user_ids),
    forcePushAllowlistTeamIds: ids(row.force_push_allowlist_team_ids),
    mergeWhitelistUserIds: ids(row.merge_whitelist_user_ids),
    mergeWhitelistTeamIds: ids(row.merge_whitelist_team_ids),
    approvalsWhitelistUserIds: ids(row.approvals_whitelist_user_ids),
    approvalsWhitelistTeamIds: ids(row.approvals_whitelist_team_ids),
    statusCheckContexts: strings(row.status_check_contexts),
    match: plain ? (b) => b.toLowerCase() === lower : re ? (b) => re.test(b) : (b) => b === row.rule_name,
  };
}

/**
 * Precedence among the rules that match one branch: higher priority first (the spec), then a
 * plain name before a glob, then the older rule (Gitea's ProtectedBranchRules.sort).
 */
export function sortRules(rules: ProtectionRule[]): ProtectionRule[] {
  return [...rules].sort(
    (a, b) => b.priority - a.priority || Number(b.isPlainName) - Number(a.isPlainName) || a.row.created_unix - b.row.created_unix || a.id - b.id,
  );
}

/** All rules of a repository, in precedence order. */
export async function loadRules(db: Db, repoId: number): Promise<ProtectionRule[]> {
  const rows = await listRepoRules(db, repoId);
  return sortRules(rows.map(toRule));
}

export const firstMatch = (rules: ProtectionRule[], branch: string): ProtectionRule | null => rules.find((r) => r.match(branch)) ?? null;

/** The rule that protects `branch`, or null when the branch is not protected. */
export async function effectiveRule(db: Db, repoId: number, branch: string): Promise<ProtectionRule | null> {
  return firstMatch(await loadRules(db, repoId), branch);
}

/** Whether `uid` is in the user list or a member of one of the teams. */
export async function inWhitelist(db: Db, uid: number, userIds: number[], teamIds: number[]): Promise<boolean> {
  if (userIds.includes(uid)) return true;
  if (!teamIds.length) return false;
  return isInTeams(db, uid, teamIds);
}

/**
 * Gitea's CanUserPush: a protected branch takes pushes only when the rule enables push, and then
 * from everyone with write access, or only from the whitelist when that is on. No rule: write access.
 */
export async function canUserPush(db: Db, rule: ProtectionRule | null, user: UserRow | null, perm: RepoPermission): Promise<boolean> {
  if (!user || !perm.canWrite('code')) return false;
  if (!rule) return true;
  if (!rule.row.can_push) return false;
  if (!rule.row.enable_whitelist) return true;
  return inWhitelist(db, user.id, rule.pushWhitelistUserIds, rule.pushWhitelistTeamIds);
}

/** Gitea's CanUserForcePush: force pushes to a protected branch only where the rule allows them. */
export async function canUserForcePush(db: Db, rule: ProtectionRule | null, user: UserRow | null, perm: RepoPermission): Promise<boolean> {
  if (!rule) return !!user && perm.canWrite('code');
  if (!rule.row.can_force_push || !(await canUserPush(db, rule, user, perm))) return false;
  if (!rule.row.enable_force_push_allowlist) return true;
  return inWhitelist(db, user!.id, rule.forcePushAllowlistUserIds, rule.forcePushAllowlistTeamIds);
}

/**
 * Gitea's IsUserMergeWhitelisted + permission: who may merge into the branch. Without a merge
 * whitelist, anyone with write access to the code (Gitea checks the pulls unit's write access
 * for merging; the whitelist narrows it).
 */
export async function canUserMerge(db: Db, rule: ProtectionRule | null, user: UserRow | null, perm: RepoPermission): Promise<boolean> {
  if (!user || !perm.canWrite('code')) return false;
  if (!rule || !rule.row.enable_merge_whitelist) return true;
  return inWhitelist(db, user.id, rule.mergeWhitelistUserIds, rule.mergeWhitelistTeamIds);
}

/** Whether a user's approval counts toward `required_approvals` (approvals whitelist when on). */
export async function approvalCounts(db: Db, rule: ProtectionRule, uid: number, perm: RepoPermission): Promise<boolean> {
  if (!rule.row.enable_approvals_whitelist) return perm.canWrite('code');
  return inWhitelist(db, uid, rule.approvalsWhitelistUserIds, rule.approvalsWhitelistTeamIds);
}

/**
 * A required status context (a glob without separator, as Gitea's MergeRequiredContextsCommitStatus
 * compiles it: `ci/*` matches `ci/a/b`) matches a context.
 */
export function contextMatches(pattern: string, context: string): boolean {
  if (pattern === context) return true;
  const re = globToRegExp(pattern, false);
  return !!re && re.test(context);
}
