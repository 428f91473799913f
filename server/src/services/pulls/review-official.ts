// Who reviews officially (Gitea's IsOfficialReviewer) and the review rows every review operation
// writes and reads: a new review, a reviewer's latest verdict or request, official again once a later one goes.
import type { Db } from '../../db/types.ts';
import { findLatestVerdictOrRequest, findPullBaseBranch, insertReviewRow, setReviewOfficial } from '../../db/reviews.ts';
import { nowUnix } from '../../db/index.ts';
import type { RepoRow, UserRow } from '../../db/schema.ts';
import { approvalCounts, effectiveRule } from '../protection-rules.ts';
import { repoPermission } from '../permissions.ts';

export async function insertReview(
  db: Db,
  v: {
    type: number;
    reviewer_id: number;
    reviewer_team_id?: number;
    issue_id: number;
    content?: string;
    official?: boolean;
    commit_id?: string;
    stale?: boolean;
  },
) {
  const now = nowUnix();
  return insertReviewRow(db, {
    type: v.type,
    reviewer_id: v.reviewer_id,
    reviewer_team_id: v.reviewer_team_id ?? 0,
    original_author: '',
    original_author_id: 0,
    issue_id: v.issue_id,
    content: v.content ?? '',
    official: v.official ? 1 : 0,
    commit_id: v.commit_id ?? '',
    stale: v.stale ? 1 : 0,
    dismissed: 0,
    created_unix: now,
    updated_unix: now,
  });
}

/**
 * Gitea's IsOfficialReviewer: whose verdicts and requests are official (count toward required
 * approvals and block as rejections). Without a rule on the base branch, or with its approvals
 * whitelist off, write access to the code; with the whitelist on, only the users and team members listed.
 */
export async function isOfficialReviewer(db: Db, user: UserRow, repo: RepoRow, baseBranch: string) {
  const rule = await effectiveRule(db, repo.id, baseBranch);
  const perm = await repoPermission(db, user, repo);
  return rule ? approvalCounts(db, rule, user.id, perm) : perm.canWrite('code');
}

/** The base branch of the pull request an issue row is ('' when it has none). */
export const baseBranchOf = async (db: Db, issueId: number) => (await findPullBaseBranch(db, issueId))?.base_branch ?? '';

/** Gitea: the latest verdict or request of a reviewer becomes official again once a later one goes. */
export async function restoreLatestOfficial(trx: Db, issueId: number, reviewerId: number) {
  const latest = await latestReviewOf(trx, issueId, reviewerId);
  if (latest) await setReviewOfficial(trx, latest.id);
}

/** The reviewer's latest verdict or open request on the pull request (Gitea's GetReviewByIssueIDAndUserID). */
export function latestReviewOf(db: Db, issueId: number, reviewerId: number) {
  return findLatestVerdictOrRequest(db, issueId, reviewerId);
}
