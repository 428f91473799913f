// The rules of merging a pull request, as Gitea's CheckPullMergeable (services/pull/check.go) with the
// statuses MergePullRequest answers for each refusal: who may merge, which styles a repository
// allows, work in progress, conflicts and branch protection; the default merge message and signature.
import type { MergeStyle } from '../../api/pull-schemas.ts';
import { repoMergeSettings } from '../../api/convert.ts';
import type { Deps } from '../../context.ts';
import type { IssueRow, PullRequestRow, RepoRow, UserRow } from '../../db/schema.ts';
import { findUserById } from '../../db/users.ts';
import { findIssueById, findPullById } from '../../db/pulls.ts';
import { ApiError, notFound } from '../../errors.ts';
import { type GitIdentity } from '../../git/merge.ts';
import { PullStatus } from '../../git/pull-diff.ts';
import { type RepoContext } from '../repo-access.ts';
import { repoPermission } from '../permissions.ts';
import { networkRepoById } from '../forks.ts';
import { type MergeProtection, isOverridable, mergeProtection } from './merge-checks.ts';

export const notAllowed = (message: string) => new ApiError(405, message);

/** Gitea's default WorkInProgressPrefixes, matched case-insensitively at the start of the title. */
export const isWorkInProgress = (title: string) => /^(wip:|\[wip\])/i.test(title);

/** Gitea's User.NewGitSig: the full name (else the login) without characters git would choke on. */
export function gitSignature(u: UserRow): GitIdentity {
  const safe = (s: string) => s.replace(/[\n<>]/g, '').trim();
  return { name: safe(u.full_name) || safe(u.name) || `user-${u.id}`, email: u.email };
}
export const sigString = (s: GitIdentity) => `${s.name} <${s.email}>`;

export function allowedStyle(repo: RepoRow, style: MergeStyle): boolean {
  const s = repoMergeSettings(repo);
  switch (style) {
    case 'merge':
      return s.allow_merge_commits;
    case 'rebase':
      return s.allow_rebase;
    case 'rebase-merge':
      return s.allow_rebase_explicit;
    case 'squash':
      return s.allow_squash_merge;
    case 'fast-forward-only':
      return s.allow_fast_forward_only_merge;
    case 'manually-merged':
      return s.allow_manual_merge;
  }
}

/**
 * Gitea's default merge title for a style (getMergeMessage without a repository template). A pull
 * request from another repository names the head as owner/repo:branch (`headRepo`, its full name),
 * or <deleted>:branch once that repository is gone (`headRepo` null).
 */
export function defaultMergeMessage(issue: IssueRow, pr: PullRequestRow, style: MergeStyle, headRepo?: string | null): string {
  if (style === 'rebase') return '';
  if (style === 'squash') return `${issue.name} (#${issue.index})`;
  const from = pr.head_repo_id === pr.base_repo_id ? pr.head_branch : `${headRepo ?? '<deleted>'}:${pr.head_branch}`;
  return `Merge pull request '${issue.name}' (#${issue.index}) from ${from} into ${pr.base_branch}`;
}

/** The full name (owner/name) of a pull request's head repository; null when it is gone. */
export async function headRepoFullName(deps: Deps, pr: PullRequestRow): Promise<string | null> {
  if (pr.head_repo_id === pr.base_repo_id) return null;
  const head = await networkRepoById(deps, pr.head_repo_id);
  return head ? `${head.owner.name}/${head.repo.name}` : null;
}

export type CheckType = 'general' | 'manual' | 'auto';

/**
 * Gitea's CheckPullMergeable, with the statuses MergePullRequest answers for each refusal. Branch
 * protection (merge-checks.ts) refuses with 405 and the first unmet rule's sentence; `force` lets
 * a repository admin merge past the protection rules (not the merge whitelist) unless the rule sets
 * block_admin_merge_override; scheduling ('auto') skips them, the scheduled merge waits for them.
 */
export async function checkPullMergeable(
  deps: Deps,
  rc: RepoContext,
  issue: IssueRow,
  pr: PullRequestRow,
  doer: UserRow,
  type: CheckType,
  force = false,
): Promise<MergeProtection | null> {
  if (pr.has_merged === 1) throw notAllowed('The pull request has already been merged');
  if (issue.is_closed === 1) throw notFound('The pull request is closed');
  // Gitea's IsUserAllowedToMerge: write access to the base repository's code, and the merge whitelist.
  if (!(await repoPermission(deps.db, doer, rc.repo, rc.owner)).canWrite('code')) throw notAllowed('User not allowed to merge PR');
  const protection = await mergeProtection(deps, rc.repo, issue, pr, doer);
  const whitelist = protection.blockers.find((b) => b.rule === 'merge_whitelist');
  if (whitelist) throw notAllowed(whitelist.message);
  if (type === 'manual') return null;
  if (isWorkInProgress(issue.name)) throw notAllowed('Work in progress PRs cannot be merged');
  // "checking" and "error" are left to the merge itself, which finds any conflict with git.
  if (pr.status === PullStatus.conflict) throw notAllowed('Please try again later');
  // Scheduling, and an admin's force_merge, skip what Gitea's ErrDisallowedToMerge covers (not the signature).
  const skip = type === 'auto' || (force && protection.canForce);
  const first = protection.blockers.find((b) => !skip || !isOverridable(b));
  if (first) throw notAllowed(first.message);
  return protection;
}

export async function reloadPull(deps: Deps, pullId: number): Promise<{ issue: IssueRow; pr: PullRequestRow }> {
  const pr = await findPullById(deps.db, pullId);
  const issue = pr && (await findIssueById(deps.db, pr.issue_id));
  if (!pr || !issue) throw notFound('pull request does not exist');
  return { issue, pr };
}

export const userById = (deps: Deps, id: number) => findUserById(deps.db, id);
