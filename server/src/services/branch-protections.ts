// Branch protection rules through the API (Gitea's routers/api/v1/repo/branch.go
// Create/Edit/Get/List/DeleteBranchProtection and convert.ToBranchProtection): whitelists are
// given as user and team names and stored as ids; which rule applies where is protection-rules.ts.
import type { Db } from '../db/types.ts';
import { nowUnix, unixToIso } from '../db/index.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { ProtectedBranchRow } from '../db/schema.ts';
import { findIndividualByName, findUserById } from '../db/users.ts';
import {
  deleteRuleRow,
  findRuleByName,
  findTeamIdByName,
  getRuleById,
  insertRule,
  listLinkedTeamIds,
  listNamesByIds,
  listOrgTeamsIn,
  listRepoRules,
  updateRule,
  updateRulePriority,
} from '../db/branch-protections.ts';
import { ApiError, badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { repoPermission } from './permissions.ts';
import { isPlainRuleName, sortRules, toRule } from './protection-rules.ts';
import type { RepoContext } from './repo-access.ts';

/** The fields a client sends on create (Gitea's CreateBranchProtectionOption); edit sends any subset. */
export interface BranchProtectionInput {
  branch_name?: string;
  rule_name?: string;
  priority?: number;
  enable_push?: boolean;
  enable_push_whitelist?: boolean;
  push_whitelist_usernames?: string[];
  push_whitelist_teams?: string[];
  push_whitelist_deploy_keys?: boolean;
  enable_force_push?: boolean;
  enable_force_push_allowlist?: boolean;
  force_push_allowlist_usernames?: string[];
  force_push_allowlist_teams?: string[];
  force_push_allowlist_deploy_keys?: boolean;
  enable_merge_whitelist?: boolean;
  merge_whitelist_usernames?: string[];
  merge_whitelist_teams?: string[];
  enable_status_check?: boolean;
  status_check_contexts?: string[];
  required_approvals?: number;
  enable_approvals_whitelist?: boolean;
  approvals_whitelist_username?: string[];
  approvals_whitelist_teams?: string[];
  block_on_rejected_reviews?: boolean;
  block_on_official_review_requests?: boolean;
  block_on_outdated_branch?: boolean;
  dismiss_stale_approvals?: boolean;
  ignore_stale_approvals?: boolean;
  require_signed_commits?: boolean;
  protected_file_patterns?: string;
  unprotected_file_patterns?: string;
  block_admin_merge_override?: boolean;
}

const b = (v: boolean | undefined) => (v ? 1 : 0);
const parseIds = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
};
const parseStrings = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json || '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** Gitea's GetUserIDsByNames(names, false): every name must be an existing individual user, else 422. */
async function userIdsByNames(db: Db, names: string[] | undefined): Promise<number[]> {
  const out: number[] = [];
  for (const name of names ?? []) {
    const u = await findIndividualByName(db, name);
    if (!u) throw unprocessable(`user does not exist [uid: 0, name: ${name}]`);
    if (!out.includes(u.id)) out.push(u.id);
  }
  return out;
}

/** Gitea's GetTeamIDsByNames(orgID, names, false): teams of the owning organization, else 422. */
async function teamIdsByNames(db: Db, orgId: number, names: string[] | undefined): Promise<number[]> {
  const out: number[] = [];
  for (const name of names ?? []) {
    const t = await findTeamIdByName(db, orgId, name);
    if (!t) throw unprocessable(`team does not exist [org_id ${orgId}, team_id 0, name: ${name}]`);
    if (!out.includes(t.id)) out.push(t.id);
  }
  return out;
}

/**
 * Gitea's updateUserWhitelist / updateApprovalWhitelist: users who could not use the entry (no
 * write access to the code; for approvals no read access) are silently dropped.
 */
async function keepUsers(db: Db, rc: RepoContext, ids: number[], need: 'write' | 'read'): Promise<number[]> {
  const out: number[] = [];
  for (const id of ids) {
    const u = await findUserById(db, id);
    if (!u) continue;
    const perm = await repoPermission(db, u, rc.repo, rc.owner);
    // Read access for approvals means explicit access (IsRepoReader): a public repository's
    // visitors are not readers.
    const explicit = perm.via.owner || perm.via.collaborator > 0 || perm.via.teams.length > 0;
    if (need === 'write' ? perm.canWrite('code') : explicit && perm.canReadAny()) out.push(id);
  }
  return out;
}

/** Gitea's updateTeamWhitelist: only teams that have access to this repository are kept. */
async function keepTeams(db: Db, rc: RepoContext, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const teams = await listOrgTeamsIn(db, rc.repo.owner_id, ids);
  const linked = new Set(await listLinkedTeamIds(db, rc.repo.id, ids));
  const ok = new Set(teams.filter((t) => t.includes_all_repositories === 1 || linked.has(t.id)).map((t) => t.id));
  return ids.filter((id) => ok.has(id));
}

const isOrgOwned = (rc: RepoContext) => rc.owner.type === 1;

export async function getRuleByName(db: Db, repoId: number, name: string): Promise<ProtectedBranchRow | undefined> {
  return findRuleByName(db, repoId, name);
}

/**
 * Listed in the order the rules are matched, as Gitea's FindRepoProtectedBranchRules lists them:
 * priority (higher first, the spec's sense), then a plain branch name before a glob, then the older rule.
 */
export async function listRules(db: Db, repoId: number): Promise<ProtectedBranchRow[]> {
  const rows = await listRepoRules(db, repoId);
  return sortRules(rows.map(toRule)).map((r) => r.row);
}

/**
 * POST /branch_protections/priority (Gitea's UpdateProtectBranchPriorities): `ids` in the order the
 * rules should be matched, the first first. Gitea numbers them 1, 2, 3… and matches the lowest
 * number first; here (the spec) a higher priority is matched first, so they are numbered n…1 and the
 * order is the same. Ids of other repositories or of no rule are ignored, as in Gitea; rules not
 * named keep their priority. One transaction.
 */
export async function setRulePriorities(db: Db, repoId: number, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) {
      await updateRulePriority(trx, repoId, id, ids.length - i);
    }
  });
}

async function namesOf(db: Db, table: 'user' | 'team', ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await listNamesByIds(db, table, ids);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id)).filter((n): n is string => !!n);
}

/** Gitea's convert.ToBranchProtection. */
export async function toApiBranchProtection(db: Db, row: ProtectedBranchRow) {
  return {
    // Deprecated: the rule name when it is a plain branch name, else empty (as Gitea).
    branch_name: isPlainRuleName(row.rule_name) ? row.rule_name : '',
    rule_name: row.rule_name,
    priority: row.priority,
    enable_push: row.can_push === 1,
    enable_push_whitelist: row.enable_whitelist === 1,
    push_whitelist_usernames: await namesOf(db, 'user', parseIds(row.whitelist_user_ids)),
    push_whitelist_teams: await namesOf(db, 'team', parseIds(row.whitelist_team_ids)),
    push_whitelist_deploy_keys: false,
    enable_force_push: row.can_force_push === 1,
    enable_force_push_allowlist: row.enable_force_push_allowlist === 1,
    force_push_allowlist_usernames: await namesOf(db, 'user', parseIds(row.force_push_allowlist_user_ids)),
    force_push_allowlist_teams: await namesOf(db, 'team', parseIds(row.force_push_allowlist_team_ids)),
    force_push_allowlist_deploy_keys: false,
    enable_merge_whitelist: row.enable_merge_whitelist === 1,
    merge_whitelist_usernames: await namesOf(db, 'user', parseIds(row.merge_whitelist_user_ids)),
    merge_whitelist_teams: await namesOf(db, 'team', parseIds(row.merge_whitelist_team_ids)),
    enable_status_check: row.enable_status_check === 1,
    status_check_contexts: parseStrings(row.status_check_contexts),
    required_approvals: row.required_approvals,
    enable_approvals_whitelist: row.enable_approvals_whitelist === 1,
    approvals_whitelist_username: await namesOf(db, 'user', parseIds(row.approvals_whitelist_user_ids)),
    approvals_whitelist_teams: await namesOf(db, 'team', parseIds(row.approvals_whitelist_team_ids)),
    block_on_rejected_reviews: row.block_on_rejected_reviews === 1,
    block_on_official_review_requests: row.block_on_official_review_requests === 1,
    block_on_outdated_branch: row.block_on_outdated_branch === 1,
    dismiss_stale_approvals: row.dismiss_stale_approvals === 1,
    ignore_stale_approvals: row.ignore_stale_approvals === 1,
    require_signed_commits: row.require_signed_commits === 1,
    protected_file_patterns: row.protected_file_patterns,
    unprotected_file_patterns: row.unprotected_file_patterns,
    block_admin_merge_override: row.block_admin_merge_override === 1,
    created_at: unixToIso(row.created_unix),
    updated_at: unixToIso(row.updated_unix),
  };
}

export type ApiBranchProtectionValue = Awaited<ReturnType<typeof toApiBranchProtection>>;

/** Resolves the four whitelists' names (only those sent when `current` is given) to kept ids. */
async function resolveLists(db: Db, rc: RepoContext, input: BranchProtectionInput, current?: ProtectedBranchRow) {
  const keepOr = async (names: string[] | undefined, was: string | undefined, need: 'write' | 'read') =>
    names === undefined && was !== undefined ? parseIds(was) : keepUsers(db, rc, await userIdsByNames(db, names), need);
  const users = {
    whitelist_user_ids: await keepOr(input.push_whitelist_usernames, current?.whitelist_user_ids, 'write'),
    force_push_allowlist_user_ids: await keepOr(input.force_push_allowlist_usernames, current?.force_push_allowlist_user_ids, 'write'),
    merge_whitelist_user_ids: await keepOr(input.merge_whitelist_usernames, current?.merge_whitelist_user_ids, 'write'),
    approvals_whitelist_user_ids: await keepOr(input.approvals_whitelist_username, current?.approvals_whitelist_user_ids, 'read'),
  };
  // Teams exist only for organization-owned repositories; elsewhere Gitea ignores team names.
  const org = isOrgOwned(rc);
  const teamsOr = async (names: string[] | undefined, was: string | undefined) =>
    !org ? [] : names === undefined && was !== undefined ? parseIds(was) : keepTeams(db, rc, await teamIdsByNames(db, rc.repo.owner_id, names));
  const teams = {
    whitelist_team_ids: await teamsOr(input.push_whitelist_teams, current?.whitelist_team_ids),
    force_push_allowlist_team_ids: await teamsOr(input.force_push_allowlist_teams, current?.force_push_allowlist_team_ids),
    merge_whitelist_team_ids: await teamsOr(input.merge_whitelist_teams, current?.merge_whitelist_team_ids),
    approvals_whitelist_team_ids: await teamsOr(input.approvals_whitelist_teams, current?.approvals_whitelist_team_ids),
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...users, ...teams })) out[k] = JSON.stringify(v);
  return out as Record<keyof typeof users | keyof typeof teams, string>;
}

export async function createRule(db: Db, rc: RepoContext, input: BranchProtectionInput): Promise<ProtectedBranchRow> {
  const ruleName = input.rule_name || input.branch_name || '';
  if (!ruleName) throw badRequest('both rule_name and branch_name are empty');
  if (await getRuleByName(db, rc.repo.id, ruleName)) throw forbidden('Branch protection already exist');
  const lists = await resolveLists(db, rc, input);
  const push = !!input.enable_push;
  const force = push && !!input.enable_force_push;
  const now = nowUnix();
  try {
    const id = await insertRule(db, {
      repo_id: rc.repo.id,
      rule_name: ruleName,
      priority: input.priority ?? 0,
      can_push: b(push),
      enable_whitelist: b(push && input.enable_push_whitelist),
      can_force_push: b(force),
      enable_force_push_allowlist: b(force && input.enable_force_push_allowlist),
      enable_merge_whitelist: b(input.enable_merge_whitelist),
      enable_status_check: b(input.enable_status_check),
      status_check_contexts: JSON.stringify(input.status_check_contexts ?? []),
      enable_approvals_whitelist: b(input.enable_approvals_whitelist),
      required_approvals: Math.max(0, input.required_approvals ?? 0),
      block_on_rejected_reviews: b(input.block_on_rejected_reviews),
      block_on_official_review_requests: b(input.block_on_official_review_requests),
      block_on_outdated_branch: b(input.block_on_outdated_branch),
      dismiss_stale_approvals: b(input.dismiss_stale_approvals),
      ignore_stale_approvals: b(input.ignore_stale_approvals),
      require_signed_commits: b(input.require_signed_commits),
      protected_file_patterns: input.protected_file_patterns ?? '',
      unprotected_file_patterns: input.unprotected_file_patterns ?? '',
      block_admin_merge_override: b(input.block_admin_merge_override),
      created_unix: now,
      updated_unix: now,
      ...lists,
    });
    return await getRuleById(db, id);
  } catch (e) {
    // Two creates racing for one name: the unique index answers as the check above would.
    if (!(e instanceof ApiError) && isUniqueViolation(e)) throw forbidden('Branch protection already exist');
    throw e;
  }
}

/** Gitea's EditBranchProtection: only the fields sent change; push/force flags cascade as there. */
export async function editRule(db: Db, rc: RepoContext, name: string, input: BranchProtectionInput): Promise<ProtectedBranchRow> {
  const row = await getRuleByName(db, rc.repo.id, name);
  if (!row) throw notFound();
  const set: Partial<ProtectedBranchRow> = {};
  if (input.enable_push !== undefined) {
    set.can_push = b(input.enable_push);
    if (!input.enable_push) set.enable_whitelist = 0;
    else if (input.enable_push_whitelist !== undefined) set.enable_whitelist = b(input.enable_push_whitelist);
  }
  if (input.enable_force_push !== undefined) {
    set.can_force_push = b(input.enable_force_push);
    if (!input.enable_force_push) set.enable_force_push_allowlist = 0;
    else if (input.enable_force_push_allowlist !== undefined) set.enable_force_push_allowlist = b(input.enable_force_push_allowlist);
  }
  if (input.priority !== undefined) set.priority = input.priority;
  if (input.enable_merge_whitelist !== undefined) set.enable_merge_whitelist = b(input.enable_merge_whitelist);
  if (input.enable_status_check !== undefined) set.enable_status_check = b(input.enable_status_check);
  if (input.status_check_contexts !== undefined) set.status_check_contexts = JSON.stringify(input.status_check_contexts);
  if (input.required_approvals !== undefined && input.required_approvals >= 0) set.required_approvals = input.required_approvals;
  if (input.enable_approvals_whitelist !== undefined) set.enable_approvals_whitelist = b(input.enable_approvals_whitelist);
  if (input.block_on_rejected_reviews !== undefined) set.block_on_rejected_reviews = b(input.block_on_rejected_reviews);
  if (input.block_on_official_review_requests !== undefined) set.block_on_official_review_requests = b(input.block_on_official_review_requests);
  if (input.block_on_outdated_branch !== undefined) set.block_on_outdated_branch = b(input.block_on_outdated_branch);
  if (input.dismiss_stale_approvals !== undefined) set.dismiss_stale_approvals = b(input.dismiss_stale_approvals);
  if (input.ignore_stale_approvals !== undefined) set.ignore_stale_approvals = b(input.ignore_stale_approvals);
  if (input.require_signed_commits !== undefined) set.require_signed_commits = b(input.require_signed_commits);
  if (input.protected_file_patterns !== undefined) set.protected_file_patterns = input.protected_file_patterns;
  if (input.unprotected_file_patterns !== undefined) set.unprotected_file_patterns = input.unprotected_file_patterns;
  if (input.block_admin_merge_override !== undefined) set.block_admin_merge_override = b(input.block_admin_merge_override);
  const lists = await resolveLists(db, rc, input, row);
  await updateRule(db, row.id, { ...set, ...lists, updated_unix: nowUnix() });
  return getRuleById(db, row.id);
}

export async function deleteRule(db: Db, rc: RepoContext, name: string): Promise<void> {
  const row = await getRuleByName(db, rc.repo.id, name);
  if (!row) throw notFound();
  await deleteRuleRow(db, row.id);
}

/**
 * Gitea's RenameBranch: the rule named exactly after a renamed branch follows it to the new name.
 * A rule already named after the target keeps its name (Gitea would fail on its unique index).
 */
export async function renameRuleWithBranch(db: Db, repoId: number, from: string, to: string): Promise<void> {
  const row = await getRuleByName(db, repoId, from);
  if (!row || (await getRuleByName(db, repoId, to))) return;
  await updateRule(db, row.id, { rule_name: to, updated_unix: nowUnix() });
}
