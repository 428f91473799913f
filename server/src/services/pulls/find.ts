// Finding pull requests (by base and head, by commit) and what one compares: its range, raw diff and patch.
import type { Db } from '../../db/types.ts';
import type { PullRequestRow } from '../../db/schema.ts';
import { findNewestPullByBaseHead, findNewestPullByHeadCommit, findPullByMergeCommit, getIssueById } from '../../db/pulls.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import { branchHeads, pullRawDiff, pullRawPatch, type WhitespaceMode } from '../../git/pull-diff.ts';
import type { RepoContext } from '../repo-access.ts';
import type { PullRow } from '../pulls-convert.ts';

/** Gitea's ErrPullRequestAlreadyExists text; clients read the existing pull request's number from issue_id. */
export function alreadyExists(pr: PullRequestRow): ApiError {
  return conflict(
    `pull request already exists for these targets [id: ${pr.id}, issue_id: ${pr.index}, head_repo_id: ${pr.head_repo_id}, ` +
      `base_repo_id: ${pr.base_repo_id}, head_branch: ${pr.head_branch}, base_branch: ${pr.base_branch}]`,
  );
}

/** The newest pull request (any state) from head into base: GET /pulls/{base}/{head}. */
export async function findPullByBaseHead(db: Db, repoId: number, headRepoId: number, base: string, head: string): Promise<PullRow | undefined> {
  const pr = await findNewestPullByBaseHead(db, repoId, headRepoId, base, head);
  if (!pr) return undefined;
  const issue = await getIssueById(db, pr.issue_id);
  return { issue, pr };
}

/**
 * The pull request whose merge commit is `sha`, else the newest whose head commit is `sha`
 * (GET /commits/{sha}/pull). `sha` is a full SHA the caller resolved.
 */
export async function findPullByCommit(db: Db, repoId: number, sha: string): Promise<PullRow | undefined> {
  const pr = (await findPullByMergeCommit(db, repoId, sha)) ?? (await findNewestPullByHeadCommit(db, repoId, sha));
  if (!pr) return undefined;
  const issue = await getIssueById(db, pr.issue_id);
  return { issue, pr };
}

/**
 * What a pull request compares: `from` its merge base (or the base tip when histories are unrelated)
 * to `to` its head; `base` is what its commits are counted against (the base tip while open, the
 * merge base once merged or when the base branch is gone).
 */
export async function pullRange(rc: RepoContext, pr: PullRequestRow): Promise<{ from: string; to: string; base: string }> {
  const heads = await branchHeads(rc.dir);
  const baseTip = heads.get(pr.base_branch) ?? '';
  const base = pr.has_merged || !baseTip ? pr.merge_base : baseTip;
  const from = pr.merge_base || baseTip;
  if (!from || !pr.head_commit_id) throw notFound('pull request has no commits to compare');
  return { from, to: pr.head_commit_id, base: base || from };
}

/** Gitea's DownloadDiffOrPatch: merge base → head as a diff or a format-patch mailbox (whitespace is our extension for .diff). */
export async function pullDiffOrPatch(
  rc: RepoContext,
  pr: PullRequestRow,
  kind: 'diff' | 'patch',
  opts: { whitespace?: WhitespaceMode; binary?: boolean } = {},
): Promise<Buffer> {
  const { from, to } = await pullRange(rc, pr);
  return kind === 'patch' ? pullRawPatch(rc.dir, from, to) : pullRawDiff(rc.dir, from, to, opts);
}
