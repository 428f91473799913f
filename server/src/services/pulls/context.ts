// One pull request as the services see it: its repository (RepoContext), issue row and pull row.
import type { Db } from '../../db/types.ts';
import type { IssueRow, PullRequestRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { findPullByIssueId, findPullIssueByIndex } from '../../db/pulls.ts';
import type { RepoContext } from '../repo-access.ts';

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
