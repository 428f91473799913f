// When the head of a pull request moves (a pull.head-changed event's subscriber): reviews of another
// commit become stale, approvals may be dismissed (dismiss_stale_approvals), and inline comments
// follow their line to the new head or become outdated.
import type { Deps } from '../../context.ts';
import { repoDir } from '../../context.ts';
import { findPullByIssueId } from '../../db/pulls.ts';
import { findRepoById } from '../../db/pull-repos.ts';
import {
  dismissReviews,
  findLatestCommentPoster,
  findUserName,
  listLiveComments,
  listStandingReviews,
  markReviewsStale,
  updateComment,
} from '../../db/reviews.ts';
import type { CommentRow, IssueRow, PullRequestRow, RepoRow, ReviewRow, UserRow } from '../../db/schema.ts';
import { mergeBase } from '../../git/compare.ts';
import { changedRanges, mapLine } from '../../git/diff-hunk.ts';
import { resolveCommit } from '../../git/repo.ts';
import { combinedDiffNonEmpty } from '../../git/pull-checks.ts';
import { recordAction } from '../activity.ts';
import { CommentType, insertEvent } from '../conversation.ts';
import { effectiveRule } from '../protection-rules.ts';
import { ReviewType } from './review-read.ts';

/**
 * Called after the head of a pull request moved (push, update, force push): inline comments whose
 * line changed become outdated (invalidated), the others follow their line to the new head; reviews
 * of another commit become stale, those of the new head fresh again (a force push back).
 */
export async function afterPullHeadChange(deps: Deps, repo: RepoRow, pull: IssueRow, oldHead: string, newHead: string, pusher?: UserRow): Promise<void> {
  const { db } = deps;
  const verdicts = [ReviewType.approve, ReviewType.comment, ReviewType.reject];
  await markReviewsStale(db, pull.id, verdicts, newHead);
  const pr = await findPullByIssueId(db, pull.id);
  if (!pr) return;
  await dismissStaleApprovals(deps, pull, pr, oldHead, newHead, pusher);
  await reconcileComments(deps, repo, pull, pr, newHead);
}

const STALE_DISMISSAL = 'New commits pushed, approval review dismissed automatically according to repository settings';

/**
 * dismiss_stale_approvals (Gitea's DismissApprovalReviews, run from AddTestPullRequestTask): when a
 * push changes what the pull request brings, every standing approval is dismissed, each with a
 * dismiss_review event by the pusher. Bringing in only the base branch changes nothing.
 */
async function dismissStaleApprovals(deps: Deps, pull: IssueRow, pr: PullRequestRow, oldHead: string, newHead: string, pusher?: UserRow) {
  const { db, config } = deps;
  if (!oldHead || oldHead === newHead) return;
  const rule = await effectiveRule(db, pr.base_repo_id, pr.base_branch);
  if (!rule?.row.dismiss_stale_approvals) return;
  const approvals = await listStandingReviews(db, pull.id, ReviewType.approve);
  if (!approvals.length) return;
  const baseRepo = await findRepoById(db, pr.base_repo_id);
  if (!baseRepo) return;
  const dir = repoDir(config, baseRepo.owner_name, baseRepo.name);
  if (!(await contentChanged(dir, pr.base_branch, oldHead, newHead))) return;
  // The push hook knows the pusher; otherwise the pull_push event it has just written names them.
  const doerId = pusher?.id ?? (await findLatestCommentPoster(db, pull.id, CommentType.pullPush))?.poster_id ?? pull.poster_id;
  const events = await db.transaction().execute(async (trx) => {
    const ids = approvals.map((a) => a.id);
    await dismissReviews(trx, ids);
    const out: { review: ReviewRow; eventId: number }[] = [];
    for (const review of approvals) {
      out.push({
        review,
        eventId: await insertEvent(trx, {
          type: CommentType.dismissReview,
          poster_id: doerId,
          issue_id: pull.id,
          content: STALE_DISMISSAL,
          review_id: review.id,
        }),
      });
    }
    return out;
  });
  for (const { review, eventId } of events) {
    const reviewer = await findUserName(db, review.reviewer_id);
    await recordAction(db, {
      op_type: 'pull_review_dismissed',
      act_user_id: doerId,
      repo: baseRepo,
      comment_id: eventId,
      content: `${pull.index}|${reviewer?.name ?? 'Ghost'}|${STALE_DISMISSAL}`,
    });
  }
}

/**
 * Gitea's checkIfPRContentChanged: `git diff --name-only new old base` is the combined diff of the new
 * head against the old head and the base's merge base; empty when the new head only merged the base in.
 */
async function contentChanged(dir: string, baseBranch: string, oldHead: string, newHead: string): Promise<boolean> {
  try {
    const baseSha = await resolveCommit(dir, `refs/heads/${baseBranch}`);
    const base = baseSha && (await mergeBase(dir, baseSha, newHead));
    if (!base) return true;
    return await combinedDiffNonEmpty(dir, newHead, oldHead, base);
  } catch {
    return true; // a head git cannot read (force push and gc): treat it as changed
  }
}

/**
 * Moves live code comments (all of the pull request, or `onlyIds`) onto `head`: a new-side line is
 * looked up in `git diff -U0 <its commit> <head>`, an old-side line in the diff between the merge
 * base it was counted in and today's. One git call per distinct commit pair, all paths at once.
 */
export async function reconcileComments(deps: Deps, repo: RepoRow, issue: IssueRow, pr: PullRequestRow, head: string, onlyIds?: number[]) {
  const { db, config } = deps;
  const comments = await listLiveComments(db, issue.id, CommentType.code, onlyIds);
  if (!comments.length) return;
  const dir = repoDir(config, repo.owner_name, repo.name);
  const baseSha = await resolveCommit(dir, `refs/heads/${pr.base_branch}`);
  const newBase = (baseSha && (await mergeBase(dir, baseSha, head))) || pr.merge_base;

  // Group by the commit each line is counted in and by what it must move to.
  const groups = new Map<string, { from: string; to: string; side: 'new' | 'old'; items: CommentRow[] }>();
  for (const c of comments) {
    const side = c.line < 0 ? 'old' : 'new';
    const from = side === 'new' ? c.commit_sha : c.old_ref;
    const to = side === 'new' ? head : newBase;
    if (!from || !to || from === to) continue;
    const key = `${side} ${from} ${to}`;
    const g = groups.get(key) ?? { from, to, side, items: [] };
    g.items.push(c);
    groups.set(key, g);
  }

  const updates: { id: number; set: { invalidated?: number; line?: number; commit_sha?: string; old_ref?: string } }[] = [];
  for (const g of groups.values()) {
    let changes: Awaited<ReturnType<typeof changedRanges>> | null;
    try {
      changes = await changedRanges(dir, g.from, g.to, [...new Set(g.items.map((c) => c.tree_path))]);
    } catch {
      // The commit the comment was made on is gone (force push and gc): its line cannot be followed.
      changes = null;
    }
    for (const c of g.items) {
      const n = Math.abs(c.line);
      const fileChanges = changes?.get(c.tree_path);
      const moved = changes === null ? null : fileChanges === undefined ? n : mapLine(fileChanges, n);
      if (moved === null) updates.push({ id: c.id, set: { invalidated: 1 } });
      else if (g.side === 'new') updates.push({ id: c.id, set: { line: moved, commit_sha: g.to } });
      else updates.push({ id: c.id, set: { line: -moved, old_ref: g.to } });
    }
  }
  if (!updates.length) return;
  await db.transaction().execute(async (trx) => {
    for (const u of updates) await updateComment(trx, u.id, u.set);
  });
}
