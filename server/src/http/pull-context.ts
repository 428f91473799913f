// Loads one pull request (its issue row and its pull_request row) for a request, with the same
// access rules as its repository. Every pull request area (pulls, merge, reviews) starts here.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/types.ts';
import type { IssueRow, PullRequestRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { findPullByIssueId, findPullIssueByIndex } from '../db/pulls.ts';
import { loadIssueRepo } from './issue-context.ts';
import type { RepoContext } from './repo-context.ts';

export interface PullContext {
  rc: RepoContext;
  issue: IssueRow;
  pr: PullRequestRow;
}

/** The pull request numbered `index` in a repository; 404 when there is none (or it is an issue). */
export async function getPullByIndex(db: Db, repoId: number, index: number): Promise<{ issue: IssueRow; pr: PullRequestRow }> {
  const issue = await findPullIssueByIndex(db, repoId, index);
  const pr = issue && (await findPullByIssueId(db, issue.id));
  if (!issue || !pr) throw notFound('pull request does not exist');
  return { issue, pr };
}

/** Loads {owner}/{repo} with `need` (as loadIssueRepo) and then the pull request `index`. */
export async function loadPull(
  c: Context<AppEnv>,
  owner: string,
  repo: string,
  index: number,
  need: 'read' | 'participate' | 'write' | 'admin',
): Promise<PullContext> {
  const rc = await loadIssueRepo(c, owner, repo, need, 'pulls');
  return { rc, ...(await getPullByIndex(c.var.deps.db, rc.repo.id, index)) };
}
