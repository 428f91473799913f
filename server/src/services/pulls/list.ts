// GET /repos/{o}/{r}/pulls: a repository's pull requests with Gitea's filters and sorts, built on
// the issue list query (issues-search.ts).
import type { Db } from '../../db/types.ts';
import { int32OrNone } from '../../db/dialect.ts';
import { findUserByName } from '../../db/users.ts';
import { issueIdsWithLabels, listPullsByIssueIds, pullIssueIdsOnBase } from '../../db/pulls.ts';
import { badRequest } from '../../errors.ts';
import { issuesQuery, sortedIssues } from '../issues-search.ts';
import type { PullRow } from '../pulls-convert.ts';

export interface PullListFilter {
  state?: 'open' | 'closed' | 'all';
  base_branch?: string;
  sort?: string;
  milestone?: number;
  labels?: number[];
  poster?: string;
}

/** The issue rows with their pull_request rows (issues without one are left out). */
async function rowsOf(db: Db, issues: PullRow['issue'][]): Promise<PullRow[]> {
  if (!issues.length) return [];
  const prs = await listPullsByIssueIds(
    db,
    issues.map((i) => i.id),
  );
  const byIssue = new Map(prs.map((p) => [p.issue_id, p]));
  return issues.filter((i) => byIssue.has(i.id)).map((issue) => ({ issue, pr: byIssue.get(issue.id)! }));
}

/** One page of a repository's pull requests and how many match in all. */
export async function listPulls(
  db: Db,
  repoId: number,
  q: PullListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PullRow[]; total: number }> {
  let posterId: number | undefined;
  if (q.poster) {
    const u = await findUserByName(db, q.poster);
    // Gitea answers an unknown poster with 400.
    if (!u) throw badRequest(`user does not exist [name: ${q.poster}]`);
    posterId = u.id;
  }
  let query = issuesQuery(db, { repoId, state: q.state ?? 'open', type: 'pulls', posterId });
  if (q.milestone) query = query.where('issue.milestone_id', '=', int32OrNone(q.milestone));
  // Any of the labels, as Gitea's label join.
  if (q.labels?.length) query = query.where('issue.id', 'in', issueIdsWithLabels(db, q.labels!.map(int32OrNone)));
  if (q.base_branch) {
    query = query.where('issue.id', 'in', pullIssueIdsOnBase(db, repoId, q.base_branch));
  }
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let sorted;
  if (q.sort === 'recentclose') {
    sorted = query
      .selectAll('issue')
      .orderBy('issue.is_closed', 'desc')
      .orderBy('issue.closed_unix', 'desc')
      .orderBy('issue.created_unix', 'desc')
      .orderBy('issue.id', 'desc');
  } else if (q.sort === 'priority') {
    sorted = query.selectAll('issue').orderBy('issue.priority', 'desc').orderBy('issue.created_unix', 'desc').orderBy('issue.id', 'desc');
  } else {
    sorted = sortedIssues(query, q.sort);
  }
  const issues = await sorted.limit(page.limit).offset(page.offset).execute();
  return { rows: await rowsOf(db, issues), total: Number(n) };
}
