// What branch protection says about merging one pull request now, as Gitea's
// CheckPullBranchProtections (services/pull/merge.go), IsPullCommitStatusPass and
// MergeRequiredContextsCommitStatus (services/pull/commit_status.go), HasEnoughApprovals,
// MergeBlockedByRejectedReview, MergeBlockedByOfficialReviewRequests and MergeBlockedByOutdatedBranch
// (models/issues/pull.go, review.go) and IsUserAllowedToMerge. The merge (merge.ts), the scheduled
// merge (auto-merge.ts) and the pull request object's `merge_blockers` all ask mergeProtection(),
// so what the pull request shows and what a merge answers never disagree.
import type { Deps } from '../../context.ts';
import { repoDir } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import type { IssueRow, PullRequestRow, RepoRow, UserRow } from '../../db/schema.ts';
import { latestStatuses } from '../../db/commit-statuses.ts';
import { findRepoPathById } from '../../db/pull-repos.ts';
import { ReviewType, countLiveReviews, listOfficialRequestNames } from '../../db/reviews.ts';
import { isAncestor } from '../../git/refs.ts';
import { mergeBaseOf } from '../../git/merge.ts';
import { resolveCommit } from '../../git/repo.ts';
import { changedPaths, countCommitsBehind } from '../../git/pull-checks.ts';
import { repoPermission } from '../permissions.ts';
import { canUserMerge, contextMatches, effectiveRule, type ProtectionRule } from '../protection-rules.ts';
import { filePatterns } from '../push-protection.ts';
import { combineStates } from './statuses.ts';

/** Which rule a blocker comes from (the rule's field name in the branch protection API). */
export type BlockerRule =
  | 'merge_whitelist'
  | 'enable_status_check'
  | 'required_approvals'
  | 'block_on_rejected_reviews'
  | 'block_on_official_review_requests'
  | 'block_on_outdated_branch'
  | 'protected_file_patterns'
  | 'require_signed_commits';

export interface MergeBlocker {
  rule: BlockerRule;
  /** One sentence: Gitea's reason first, then the detail. The 405 of a refused merge says exactly this. */
  message: string;
}

/**
 * Whether force_merge (by an admin) and scheduling skip this blocker: Gitea's ErrDisallowedToMerge
 * ones; not the merge whitelist (IsUserAllowedToMerge) nor the signature (isSignedIfRequired).
 */
export const isOverridable = (b: MergeBlocker) => b.rule !== 'merge_whitelist' && b.rule !== 'require_signed_commits';

export interface MergeProtection {
  /** The rule protecting the base branch, or null. */
  rule: ProtectionRule | null;
  /**
   * The unmet rules in Gitea's order: the merge whitelist (for this user) first, then status checks,
   * approvals, rejected reviews, official review requests, outdated branch, changed protected
   * files, and last signed commits
   * (this server does not sign merges, so, as Gitea without a signing key, it refuses them).
   */
  blockers: MergeBlocker[];
  /**
   * Whether the head's checks succeeded, as "merge when checks succeed" waits for them: the required
   * contexts when the rule names some, else the combined status (no status at all is not success).
   * Only worked out when asked for (`checks`), else false.
   */
  checksSucceeded: boolean;
  /** force_merge would skip the protection blockers (not the whitelist): a repository admin, unless block_admin_merge_override. */
  canForce: boolean;
}

const { approve: APPROVE, reject: REJECT, request: REQUEST } = ReviewType;

/**
 * The head commit whose statuses count: the head branch in the head repository (a fork's too), else
 * refs/pull/{index}/head, else the recorded head. Reads only (the merge fetches a fork's head itself).
 */
export async function pullHeadSha(
  deps: Deps,
  baseRepo: RepoRow,
  pr: Pick<PullRequestRow, 'head_repo_id' | 'head_branch' | 'index' | 'head_commit_id'>,
): Promise<string | null> {
  let dir = repoDir(deps.config, baseRepo.owner_name, baseRepo.name);
  if (pr.head_repo_id !== baseRepo.id) {
    const head = await findRepoPathById(deps.db, pr.head_repo_id);
    dir = head ? repoDir(deps.config, head.owner_name, head.name) : '';
  }
  const onBranch = dir ? await resolveCommit(dir, `refs/heads/${pr.head_branch}`).catch(() => null) : null;
  return (
    onBranch ?? (await resolveCommit(repoDir(deps.config, baseRepo.owner_name, baseRepo.name), `refs/pull/${pr.index}/head`)) ?? (pr.head_commit_id || null)
  );
}

interface StatusVerdict {
  success: boolean;
  detail: string;
}

/** Gitea's MergeRequiredContextsCommitStatus: every required pattern matched, and the matched statuses combine to success. */
async function statusVerdict(db: Db, repoId: number, sha: string | null, required: string[]): Promise<StatusVerdict> {
  const rows = sha ? (await latestStatuses(db, repoId, sha)).rows : [];
  if (!required.length) {
    const state = combineStates(rows.map((r) => r.state));
    return { success: state === 'success', detail: state ? `the combined status of the head commit is ${state}` : 'the head commit has no status yet' };
  }
  const missing: string[] = [];
  const failing: string[] = [];
  const pending: string[] = [];
  for (const pattern of required) {
    const hits = rows.filter((r) => contextMatches(pattern, r.context));
    if (!hits.length) {
      missing.push(pattern);
      continue;
    }
    const state = combineStates(hits.map((r) => r.state));
    if (state === 'failure') failing.push(pattern);
    else if (state !== 'success') pending.push(pattern);
  }
  const parts: string[] = [];
  if (failing.length) parts.push(`failed: ${failing.join(', ')}`);
  if (pending.length) parts.push(`pending: ${pending.join(', ')}`);
  if (missing.length) parts.push(`not reported: ${missing.join(', ')}`);
  return { success: parts.length === 0, detail: parts.join('; ') };
}

/** How many commits the base branch has that the head lacks (0 when the head contains it). */
async function commitsBehind(dir: string, baseSha: string, headSha: string, recorded: number): Promise<number> {
  try {
    if (await isAncestor(dir, baseSha, headSha)) return 0;
    return await countCommitsBehind(dir, headSha, baseSha);
  } catch {
    return recorded; // the head is not in the base repository: what the last refresh counted
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The rule's protected file patterns, compiled as the push hook reads them (push-protection.ts, Gitea's getFilePatterns). */
export const protectedFilePatterns = (patterns: string): RegExp[] => filePatterns(patterns).map((source) => new RegExp(source, 's'));

/** How many changed protected files Gitea lists (checkPullFilesProtection's limit). */
const PROTECTED_FILES_LIMIT = 10;

/**
 * Gitea's CheckFileProtection for a pull request (checkPullFilesProtection): the files the head
 * changes since the merge base that match the patterns, lowercased, at most ten. The head is looked
 * for in the base repository (a fork's head under refs/pull/{index}/head).
 */
async function changedProtectedFiles(dir: string, pr: PullRequestRow, baseRepoId: number, headSha: string | null, patterns: RegExp[]): Promise<string[]> {
  const head = pr.head_repo_id === baseRepoId ? headSha : await resolveCommit(dir, `refs/pull/${pr.index}/head`);
  const baseSha = await resolveCommit(dir, `refs/heads/${pr.base_branch}`);
  if (!head) return [];
  const from = (baseSha && (await mergeBaseOf(dir, baseSha, head).catch(() => null))) || pr.merge_base;
  if (!from) return [];
  let names: string[];
  try {
    names = await changedPaths(dir, from, head);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    if (patterns.some((p) => p.test(lower))) out.push(lower);
    if (out.length >= PROTECTED_FILES_LIMIT) break;
  }
  return out;
}

/**
 * Branch protection's verdict on merging `pr` into its base now, for `user` (null: nobody signed in,
 * the merge whitelist is then not asked). Reads only; the caller decides what to refuse.
 */
export async function mergeProtection(
  deps: Deps,
  baseRepo: RepoRow,
  issue: IssueRow,
  pr: PullRequestRow,
  user: UserRow | null,
  opts: { checks?: boolean } = {},
): Promise<MergeProtection> {
  const { db } = deps;
  const rule = await effectiveRule(db, baseRepo.id, pr.base_branch);
  const wantChecks = opts.checks !== false || !!rule?.row.enable_status_check;
  const headSha = wantChecks || rule?.row.block_on_outdated_branch ? await pullHeadSha(deps, baseRepo, pr) : null;
  const required = rule?.row.enable_status_check ? rule.statusCheckContexts : [];
  const status = wantChecks ? await statusVerdict(db, baseRepo.id, headSha, required) : { success: false, detail: '' };
  const blockers: MergeBlocker[] = [];
  if (!rule) return { rule, blockers, checksSucceeded: status.success, canForce: false };
  const perm = user ? await repoPermission(db, user, baseRepo) : null;
  const canForce = !!perm?.canAdmin() && !rule.row.block_admin_merge_override;

  // Gitea's IsUserAllowedToMerge; someone without write access is told by the merge itself.
  if (user && perm?.canWrite('code') && !(await canUserMerge(db, rule, user, perm))) {
    blockers.push({ rule: 'merge_whitelist', message: 'User not allowed to merge PR (not in the merge whitelist)' });
  }

  if (rule.row.enable_status_check && !status.success) {
    blockers.push({ rule: 'enable_status_check', message: `Not all required status checks successful (${status.detail})` });
  }

  const need = rule.row.required_approvals;
  if (need > 0) {
    const granted = await countLiveReviews(db, issue.id, APPROVE, !!rule.row.ignore_stale_approvals);
    if (granted < need) blockers.push({ rule: 'required_approvals', message: `Does not have enough approvals (${granted} of ${need} approvals granted)` });
  }

  if (rule.row.block_on_rejected_reviews) {
    const n = await countLiveReviews(db, issue.id, REJECT, false);
    if (n > 0)
      blockers.push({
        rule: 'block_on_rejected_reviews',
        message: `There are requested changes (${plural(n, 'official reviewer')} requested changes)`,
      });
  }

  if (rule.row.block_on_official_review_requests) {
    // Gitea counts every official request: a user's, and a team's (reviewer_team_id, no reviewer).
    const waiting = await listOfficialRequestNames(db, issue.id, REQUEST);
    const names = waiting.map((w) => w.user_name ?? w.team_name).filter((n): n is string => !!n);
    if (names.length)
      blockers.push({ rule: 'block_on_official_review_requests', message: `There are official review requests (waiting for ${names.join(', ')})` });
  }

  if (rule.row.block_on_outdated_branch) {
    const dir = repoDir(deps.config, baseRepo.owner_name, baseRepo.name);
    const baseSha = await resolveCommit(dir, `refs/heads/${pr.base_branch}`);
    const behind = baseSha && headSha ? await commitsBehind(dir, baseSha, headSha, pr.commits_behind) : pr.commits_behind;
    if (behind > 0) blockers.push({ rule: 'block_on_outdated_branch', message: `The head branch is behind the base branch (by ${plural(behind, 'commit')})` });
  }

  const patterns = protectedFilePatterns(rule.row.protected_file_patterns);
  if (patterns.length) {
    const dir = repoDir(deps.config, baseRepo.owner_name, baseRepo.name);
    const files = await changedProtectedFiles(dir, pr, baseRepo.id, headSha ?? (await pullHeadSha(deps, baseRepo, pr)), patterns);
    if (files.length) blockers.push({ rule: 'protected_file_patterns', message: `Changed protected files (${files.join(', ')})` });
  }

  if (rule.row.require_signed_commits) {
    blockers.push({ rule: 'require_signed_commits', message: `Protected branch ${pr.base_branch} requires signed commits but this merge would not be signed` });
  }

  return { rule, blockers, checksSucceeded: status.success, canForce };
}

/**
 * The pull request object's `merge_blockers` for `viewer`: one sentence per unmet rule, [] when
 * nothing blocks; undefined for a merged or closed pull request.
 */
export async function mergeBlockersOf(
  deps: Deps,
  baseRepo: RepoRow,
  issue: IssueRow,
  pr: PullRequestRow,
  viewer: UserRow | null,
): Promise<string[] | undefined> {
  if (pr.has_merged === 1 || issue.is_closed === 1) return undefined;
  return (await mergeProtection(deps, baseRepo, issue, pr, viewer, { checks: false })).blockers.map((b) => b.message);
}
