// Pull request reviews, review requests and inline review comments (Gitea's review model).
// Contract used by pulls.ts (filled in with the reviews API; until then these answer "none").
import type { Deps } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { IssueRow, RepoRow, UserRow } from '../db/schema.ts';

/** Issue id → ids of users whose review is requested and not yet given, for the pull request object. */
export async function requestedReviewerIds(_db: Db, _issueIds: number[]): Promise<Map<number, number[]>> {
  return new Map();
}

/** Issue id → number of inline review comments, for the pull request object's review_comments. */
export async function reviewCommentCounts(_db: Db, _issueIds: number[]): Promise<Map<number, number>> {
  return new Map();
}

/**
 * Requests reviews from these users (already checked to exist and be able to read), as the
 * reviewers of POST /pulls; leaves review_request events. Team reviewers come with teams.
 */
export async function requestReviews(_deps: Deps, _repo: RepoRow, _pull: IssueRow, _doer: UserRow, _reviewerIds: number[]): Promise<void> {}

/**
 * Called after the head of a pull request moved (push, update, force push): marks inline review
 * comments whose lines changed as outdated (invalidated), as Gitea does.
 */
export async function afterPullHeadChange(_deps: Deps, _repo: RepoRow, _pull: IssueRow, _oldHead: string, _newHead: string): Promise<void> {}
