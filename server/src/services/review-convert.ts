// Review and review comment rows to Gitea's PullReview and PullReviewComment shapes (services/convert/
// pull_review.go), converted in batches: a page of reviews costs three queries, not three per review.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { unixToIso } from '../db/index.ts';
import type { CommentRow, IssueRow, ReviewRow, UserRow } from '../db/schema.ts';
import { toApiUser } from '../api/convert.ts';
import type { ApiPullReview, ApiPullReviewComment } from '../api/pull-schemas.ts';
import { CommentType } from './conversation.ts';
import { fullName, ghostUser, usersByIds, type RepoRef } from './issues-convert.ts';
import { REVIEW_STATE_OF } from './pulls/review-read.ts';
import { countReviewCommentsOfType, firstReviewCommentsOfType, pendingReviewIds } from '../db/reviews.ts';
import { toApiTeamsById } from './review-teams.ts';

const pullHtmlUrl = (config: Config, r: RepoRef, issue: Pick<IssueRow, 'index'>) => `${config.rootUrl}${fullName(r)}/pulls/${issue.index}`;

export async function toApiReviews(
  db: Db,
  config: Config,
  r: RepoRef,
  issue: IssueRow,
  reviews: ReviewRow[],
  viewer: UserRow | null,
): Promise<ApiPullReview[]> {
  if (!reviews.length) return [];
  const ids = reviews.map((rv) => rv.id);
  const [users, counts, events, teams] = await Promise.all([
    usersByIds(
      db,
      reviews.map((rv) => rv.reviewer_id),
    ),
    countReviewCommentsOfType(db, ids, CommentType.code),
    // The review's own timeline entry gives its html_url (Gitea's Review.HTMLURL); pending reviews have none.
    firstReviewCommentsOfType(db, ids, CommentType.review),
    toApiTeamsById(
      db,
      config,
      reviews.map((rv) => rv.reviewer_team_id),
    ),
  ]);
  const countOf = new Map(counts.map((c) => [c.review_id, Number(c.n)]));
  const eventOf = new Map(events.map((e) => [e.review_id, e.id]));
  const pullUrl = pullHtmlUrl(config, r, issue);
  return reviews.map((rv) => {
    const event = eventOf.get(rv.id);
    return {
      id: rv.id,
      user: rv.reviewer_id ? toApiUser(users.get(rv.reviewer_id) ?? ghostUser(), config, viewer) : null,
      // A request to a team has the team and no user (Gitea's ReviewerTeam).
      team: teams.get(rv.reviewer_team_id) ?? null,
      state: REVIEW_STATE_OF[rv.type] ?? 'COMMENT',
      body: rv.content,
      commit_id: rv.commit_id,
      stale: rv.stale === 1,
      official: rv.official === 1,
      dismissed: rv.dismissed === 1,
      comments_count: countOf.get(rv.id) ?? 0,
      submitted_at: unixToIso(rv.created_unix),
      updated_at: unixToIso(rv.updated_unix),
      html_url: event ? `${pullUrl}#issuecomment-${event}` : '',
      pull_request_url: pullUrl,
    };
  });
}

/**
 * Inline comments. position is the new-file line and original_position the old-file line, as
 * Gitea's convert; diff_hunk is the stored patch from its hunk header on. commit_id is the commit
 * the line is counted in now, original_commit_id the head it was written on.
 */
export async function toApiReviewComments(
  db: Db,
  config: Config,
  r: RepoRef,
  issue: IssueRow,
  comments: CommentRow[],
  viewer: UserRow | null,
): Promise<ApiPullReviewComment[]> {
  const users = await usersByIds(
    db,
    comments.flatMap((c) => [c.poster_id, c.resolve_doer_id]),
  );
  const reviewIds = [...new Set(comments.map((c) => c.review_id).filter(Boolean))];
  const pendingReviews = new Set(reviewIds.length ? await pendingReviewIds(db, reviewIds) : []);
  const pullUrl = pullHtmlUrl(config, r, issue);
  const user = (id: number) => toApiUser(users.get(id) ?? ghostUser(), config, viewer);
  return comments.map((c) => ({
    id: c.id,
    body: c.content,
    user: user(c.poster_id),
    resolver: c.resolve_doer_id ? user(c.resolve_doer_id) : null,
    pull_request_review_id: c.review_id,
    created_at: unixToIso(c.created_unix),
    updated_at: unixToIso(c.updated_unix),
    path: c.tree_path,
    commit_id: c.commit_sha,
    original_commit_id: c.new_ref || c.commit_sha,
    diff_hunk: patchToDiffHunk(c.patch),
    position: c.line > 0 ? c.line : 0,
    original_position: c.line < 0 ? -c.line : 0,
    // Gitea's Comment.HTMLURL: on the files page while its review is pending, in the conversation once submitted.
    html_url: !c.review_id || pendingReviews.has(c.review_id) ? `${pullUrl}/files#issuecomment-${c.id}` : `${pullUrl}#issuecomment-${c.id}`,
    pull_request_url: pullUrl,
    outdated: c.invalidated === 1,
  }));
}

/** Gitea's patch2diff: the stored patch without its file headers. */
export function patchToDiffHunk(patch: string): string {
  const parts = patch.split('\n@@');
  return parts.length === 2 ? `@@${parts[1]}` : '';
}
