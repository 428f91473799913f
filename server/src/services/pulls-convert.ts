// Pull request rows (issue + pull_request) to Gitea's PullRequest shape (services/convert/pull.go).
// Batched like toApiIssues: a page of 50 costs a few queries and one git call for the branch tips.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { unixToIso } from '../db/index.ts';
import type { IssueRow, PullRequestRow, UserRow } from '../db/schema.ts';
import { toApiRepo, toApiUser } from '../api/convert.ts';
import type { ApiPullRequest } from '../api/pull-schemas.ts';
import { branchHeads, PullStatus, pullHeadRef } from '../git/pull-diff.ts';
import { branchTipsFast } from '../git/refs.ts';
import { fullName, ghostUser, isWorkInProgress, toApiIssues, usersByIds } from './issues-convert.ts';
import { listedReviewerIds, requestedTeamIds, reviewCommentCounts } from './pulls/review-read.ts';
import { toApiTeamsById } from './review-teams.ts';
import type { RepoContext } from './repo-access.ts';
import { apiRepoMode, repoPermission } from './permissions.ts';
import { networkRepoById } from './forks.ts';
import type { ApiRepository } from '../api/schemas.ts';

export interface PullRow {
  issue: IssueRow;
  pr: PullRequestRow;
}

/** As Gitea's pr.Mergeable(): not while checking, on conflict or error, nor for a work in progress. */
export function isMergeable(pr: PullRequestRow, title: string): boolean {
  return pr.status !== PullStatus.checking && pr.status !== PullStatus.conflict && pr.status !== PullStatus.error && !isWorkInProgress(title);
}

function conflictedFiles(pr: PullRequestRow): string[] {
  if (!pr.conflicted_files) return [];
  try {
    const v: unknown = JSON.parse(pr.conflicted_files);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A head repository other than the base (a fork): as the viewer may see it, and its branch tips. */
interface HeadRepoInfo {
  ownerName: string;
  /** null when the viewer may not read the fork. */
  api: ApiRepository | null;
  heads: Map<string, string>;
}

async function headRepos(db: Db, config: Config, rc: RepoContext, rows: PullRow[], viewer: UserRow | null): Promise<Map<number, HeadRepoInfo>> {
  const ids = [...new Set(rows.map((r) => r.pr.head_repo_id).filter((id) => id !== rc.repo.id))];
  const out = new Map<number, HeadRepoInfo>();
  await Promise.all(
    ids.map(async (id) => {
      const fork = await networkRepoById({ db, config }, id);
      if (!fork) return;
      const perm = await repoPermission(db, viewer, fork.repo, fork.owner);
      const api = perm.canReadAny() ? toApiRepo(fork.repo, fork.owner, apiRepoMode(perm), config, viewer) : null;
      out.set(id, { ownerName: fork.owner.name, api, heads: await branchHeads(fork.dir).catch(() => new Map<string, string>()) });
    }),
  );
  return out;
}

/** The branch tips a page of pull requests of `rc` shows, read from the ref files; null when git must be asked. */
export function pageBranchTips(rc: RepoContext, rows: PullRow[]): Map<string, string> | null {
  if (rows.some((r) => r.pr.head_repo_id !== rc.repo.id)) return null;
  return branchTipsFast(rc.dir, [...rows.map((r) => r.pr.base_branch), ...rows.map((r) => r.pr.head_branch)]);
}

/** Whether the page's branches still point where `tips` (pageBranchTips()) says. */
export function tipsStillAt(rc: RepoContext, rows: PullRow[], tips: Map<string, string>): boolean {
  const now = pageBranchTips(rc, rows);
  return now !== null && now.size === tips.size && [...tips].every(([k, v]) => now.get(k) === v);
}

/** Converts pull requests of the repository `rc`; `tips`: the branch tips to show (pageBranchTips()), else read here. */
export async function toApiPulls(
  db: Db,
  config: Config,
  rc: RepoContext,
  rows: PullRow[],
  viewer: UserRow | null,
  tips?: Map<string, string>,
): Promise<ApiPullRequest[]> {
  if (!rows.length) return [];
  const issueIds = rows.map((r) => r.issue.id);
  const [issues, reviewers, reviewComments, heads, forks, teamIds] = await Promise.all([
    toApiIssues(
      db,
      config,
      rows.map((r) => r.issue),
      new Map([[rc.repo.id, { repo: rc.repo, owner: rc.owner }]]),
      viewer,
    ),
    listedReviewerIds(db, issueIds),
    reviewCommentCounts(db, issueIds),
    // The branches this page names, from their ref files (a git process per list cost more than the rest).
    tips ??
      branchTipsFast(rc.dir, [...rows.map((r) => r.pr.base_branch), ...rows.filter((r) => r.pr.head_repo_id === rc.repo.id).map((r) => r.pr.head_branch)]) ??
      branchHeads(rc.dir),
    headRepos(db, config, rc, rows, viewer),
    requestedTeamIds(db, issueIds),
  ]);
  const teams = await toApiTeamsById(db, config, [...teamIds.values()].flat());
  const users = await usersByIds(db, [...rows.map((r) => r.pr.merger_id), ...[...reviewers.values()].flat()]);
  const user = (id: number) => toApiUser(users.get(id) ?? ghostUser(), config, viewer);
  const repo = toApiRepo(rc.repo, rc.owner, apiRepoMode(rc.perm), config, viewer);
  const htmlBase = `${config.rootUrl}${fullName({ repo: rc.repo, owner: rc.owner })}`;

  return rows.map(({ issue, pr }, i) => {
    const ai = issues[i]!;
    const html = `${htmlBase}/pulls/${pr.index}`;
    const crossRepo = pr.head_repo_id !== rc.repo.id;
    // A fork that is gone leaves the ref the base repository keeps and no repository (as Gitea).
    const fork = crossRepo ? forks.get(pr.head_repo_id) : undefined;
    const headSha = crossRepo ? fork?.heads.get(pr.head_branch) : heads.get(pr.head_branch);
    const headRepo = crossRepo ? (fork?.api ?? null) : repo;
    const headLabel = fork ? `${fork.ownerName}:${pr.head_branch}` : pr.head_branch;
    const merged = pr.has_merged === 1;
    return {
      id: pr.id,
      // Gitea's `url` is the web page too.
      url: html,
      number: pr.index,
      user: ai.user,
      title: issue.name,
      body: issue.content,
      labels: ai.labels,
      milestone: ai.milestone,
      assignee: ai.assignee,
      assignees: ai.assignees,
      requested_reviewers: (reviewers.get(issue.id) ?? []).map(user),
      requested_reviewers_teams: (teamIds.get(issue.id) ?? []).flatMap((id) => teams.get(id) ?? []),
      state: ai.state,
      draft: isWorkInProgress(issue.name),
      is_locked: ai.is_locked,
      comments: ai.comments,
      review_comments: reviewComments.get(issue.id) ?? 0,
      additions: pr.additions,
      deletions: pr.deletions,
      changed_files: pr.changed_files,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      mergeable: isMergeable(pr, issue.name),
      merged,
      merged_at: merged ? unixToIso(pr.merged_unix) : null,
      merge_commit_sha: merged ? pr.merged_commit_id : null,
      merged_by: merged ? user(pr.merger_id) : null,
      allow_maintainer_edit: pr.allow_maintainer_edit === 1,
      base: { label: pr.base_branch, ref: pr.base_branch, sha: heads.get(pr.base_branch) ?? '', repo_id: pr.base_repo_id, repo },
      // With its branch gone, the head is the ref the base repository keeps (as Gitea).
      head: headSha
        ? { label: headLabel, ref: pr.head_branch, sha: headSha, repo_id: pr.head_repo_id, repo: headRepo }
        : { label: headLabel, ref: pullHeadRef(pr.index), sha: pr.head_commit_id, repo_id: pr.head_repo_id, repo: headRepo },
      merge_base: pr.merge_base,
      due_date: ai.due_date,
      created_at: ai.created_at,
      updated_at: ai.updated_at,
      closed_at: ai.closed_at,
      pin_order: ai.pin_order,
      conflicted_files: conflictedFiles(pr),
      commits_behind: pr.commits_behind,
      commits_ahead: pr.commits_ahead,
    };
  });
}

export async function toApiPull(db: Db, config: Config, rc: RepoContext, row: PullRow, viewer: UserRow | null): Promise<ApiPullRequest> {
  return (await toApiPulls(db, config, rc, [row], viewer))[0]!;
}
