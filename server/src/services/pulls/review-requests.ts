// Review requests to users and teams (Gitea's AddReviewRequest, AddTeamReviewRequest and
// CanDoerChangeReviewRequests): POST/DELETE /pulls/{index}/requested_reviewers and the reviewers
// a new pull request asks for.
import type { Deps } from '../../context.ts';
import { emitEvent } from '../events.ts';
import type { Db } from '../../db/types.ts';
import { listUsersByIds } from '../../db/pull-repos.ts';
import { touchIssue } from '../../db/pulls.ts';
import {
  clearReviewerOfficial,
  deleteReviewRow,
  findCollaborationId,
  findPullMergedFlag,
  findTeamByName,
  findTeamMembershipWithUnit,
  findTeamReview,
  findTeamUnitAccess,
  findUserByLoginOrEmail,
} from '../../db/reviews.ts';
import { nowUnix } from '../../db/index.ts';
import { lockRow } from '../../db/dialect.ts';
import type { IssueRow, RepoRow, ReviewRow, TeamRow, UserRow } from '../../db/schema.ts';
import { ApiError, notFound, unprocessable } from '../../errors.ts';
import { CommentType, canWrite, insertEvent } from '../conversation.ts';
import { effectiveRule } from '../protection-rules.ts';
import { repoPermission } from '../permissions.ts';
import { hasTeamRepo, UNIT_KEYS } from '../teams.ts';
import { ReviewType, type PullRef } from './review-read.ts';
import { insertReview, isOfficialReviewer, latestReviewOf, restoreLatestOfficial, baseBranchOf } from './review-official.ts';

/**
 * Requests reviews from these users (already checked to exist and be able to read), as the
 * reviewers of POST /pulls; leaves review_request events. Team reviewers come with teams.
 */
export async function requestReviews(deps: Deps, repo: RepoRow, pull: IssueRow, doer: UserRow, reviewerIds: number[]): Promise<void> {
  const ids = [...new Set(reviewerIds)].filter((id) => id !== pull.poster_id);
  if (!ids.length) return;
  const { db } = deps;
  const rows = await listUsersByIds(db, ids);
  // In the order the reviewers were given.
  const users = ids.map((id) => rows.find((u) => u.id === id)).filter((u): u is UserRow => !!u);
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', pull.id);
    for (const u of users) await addReviewRequest(trx, repo, pull, u, doer);
  });
}

const invalidRequest = (reason: string, doer: UserRow, repo: RepoRow) => unprocessable(`${reason} [user_id: ${doer.id}, repo_id: ${repo.id}]`);

/**
 * Gitea's CanDoerChangeReviewRequests: not in an archived repository; the poster, any collaborator
 * (reading ones too) and, in an organization, members of a team that has the repository with its
 * pull requests unit. Writers on pull requests (here also site admins) may as before.
 */
async function canChangeRequests(db: Db, p: PullRef, doer: UserRow): Promise<boolean> {
  const repo = p.rc.repo;
  if (repo.is_archived === 1) return false;
  if (doer.id === p.issue.poster_id || doer.id === repo.owner_id || canWrite(p.rc, true)) return true;
  if (await findCollaborationId(db, repo.id, doer.id)) return true;
  if (p.rc.owner.type !== 1) return false;
  const viaTeam = await findTeamMembershipWithUnit(db, doer.id, p.rc.owner.id, repo.id, UNIT_KEYS['repo.pulls']!);
  return !!viaTeam;
}

async function findReviewers(db: Db, names: string[]): Promise<UserRow[]> {
  const out: UserRow[] = [];
  for (const name of names) {
    const u = await findUserByLoginOrEmail(db, name.toLowerCase());
    if (!u) throw notFound(`User '${name}' not exist`);
    if (!out.some((o) => o.id === u.id)) out.push(u);
  }
  return out;
}

async function addReviewRequest(trx: Db, repo: RepoRow, issue: IssueRow, reviewer: UserRow, doer: UserRow): Promise<ReviewRow | null> {
  const last = await latestReviewOf(trx, issue.id, reviewer.id);
  if (last?.type === ReviewType.request) return null;
  if (last) {
    const pr = await findPullMergedFlag(trx, issue.id);
    if (issue.is_closed === 1 || pr?.has_merged === 1) throw new ApiError(403, 'cannot request a re-review on a closed or merged PR');
  }
  const official = await isOfficialReviewer(trx, reviewer, repo, await baseBranchOf(trx, issue.id));
  if (official) await clearReviewerOfficial(trx, issue.id, reviewer.id);
  const review = await insertReview(trx, { type: ReviewType.request, reviewer_id: reviewer.id, issue_id: issue.id, official });
  await insertEvent(trx, {
    type: CommentType.reviewRequest,
    poster_id: doer.id,
    issue_id: issue.id,
    assignee_id: reviewer.id,
    removed_assignee: 0,
    review_id: review.id,
  });
  return review;
}

async function removeReviewRequest(trx: Db, repo: RepoRow, issue: IssueRow, reviewer: UserRow, doer: UserRow): Promise<void> {
  const last = await latestReviewOf(trx, issue.id, reviewer.id);
  if (last?.type !== ReviewType.request) return;
  await deleteReviewRow(trx, last.id);
  if (await isOfficialReviewer(trx, reviewer, repo, await baseBranchOf(trx, issue.id))) await restoreLatestOfficial(trx, issue.id, reviewer.id);
  await insertEvent(trx, { type: CommentType.reviewRequest, poster_id: doer.id, issue_id: issue.id, assignee_id: reviewer.id, removed_assignee: 1 });
}

/** The organization's teams by name, as Gitea's GetTeam (case-insensitive); an unknown one is 404. */
async function findTeams(db: Db, orgId: number, names: string[]): Promise<TeamRow[]> {
  const out: TeamRow[] = [];
  for (const name of names) {
    const t = await findTeamByName(db, orgId, name);
    if (!t) throw notFound(`Team '${name}' not exist`);
    if (!out.some((o) => o.id === t.id)) out.push(t);
  }
  return out;
}

/**
 * Gitea's IsOfficialReviewerTeam: with a rule on the base branch, a team in its approvals whitelist
 * (whitelist on), or a team with write access to the code (whitelist off); without a rule, none.
 */
async function isOfficialReviewerTeam(db: Db, team: TeamRow, repo: RepoRow, baseBranch: string): Promise<boolean> {
  const rule = await effectiveRule(db, repo.id, baseBranch);
  if (!rule) return false;
  if (rule.row.enable_approvals_whitelist) return rule.approvalsWhitelistTeamIds.includes(team.id);
  const unit = await findTeamUnitAccess(db, team.id, UNIT_KEYS['repo.code']!);
  return (unit?.access_mode ?? 0) >= 2;
}

/** The team's request on this pull request, if any (Gitea's GetTeamReviewerByIssueIDAndTeamID). */
const teamRequestOf = (db: Db, issueId: number, teamId: number) => findTeamReview(db, issueId, teamId);

/**
 * Gitea's AddTeamReviewRequest: once per team; official when the team is an official reviewer, or
 * else when the one asking is. A review row with the team and no reviewer, and a review_request event
 * naming the team.
 */
async function addTeamReviewRequest(trx: Db, p: PullRef, team: TeamRow, doer: UserRow): Promise<ReviewRow | null> {
  if (await teamRequestOf(trx, p.issue.id, team.id)) return null;
  const official = (await isOfficialReviewerTeam(trx, team, p.rc.repo, p.pr.base_branch)) || (await isOfficialReviewer(trx, doer, p.rc.repo, p.pr.base_branch));
  const review = await insertReview(trx, { type: ReviewType.request, reviewer_id: 0, reviewer_team_id: team.id, issue_id: p.issue.id, official });
  await insertEvent(trx, {
    type: CommentType.reviewRequest,
    poster_id: doer.id,
    issue_id: p.issue.id,
    assignee_team_id: team.id,
    removed_assignee: 0,
    review_id: review.id,
  });
  return review;
}

/** Gitea's RemoveTeamReviewRequest: drops the team's request and says so in the timeline. */
async function removeTeamReviewRequest(trx: Db, p: PullRef, team: TeamRow, doer: UserRow): Promise<void> {
  const request = await teamRequestOf(trx, p.issue.id, team.id);
  if (!request) return;
  await deleteReviewRow(trx, request.id);
  await insertEvent(trx, { type: CommentType.reviewRequest, poster_id: doer.id, issue_id: p.issue.id, assignee_team_id: team.id, removed_assignee: 1 });
}

/**
 * POST / DELETE /pulls/{index}/requested_reviewers. Every name is checked before anything changes
 * (Gitea stops at the first bad one, having applied those before it). Returns the new requests,
 * the users' first, then the teams' (as Gitea).
 */
export async function changeReviewRequests(deps: Deps, p: PullRef, doer: UserRow, names: string[], teamNames: string[], add: boolean): Promise<ReviewRow[]> {
  const { db } = deps;
  const reviewers = await findReviewers(db, names);
  // Teams exist only in organizations; for a user's repository Gitea ignores team names.
  const isOrgRepo = p.rc.owner.type === 1;
  const teams = isOrgRepo ? await findTeams(db, p.rc.owner.id, teamNames) : [];

  const repo = p.rc.repo;
  const mayChange = await canChangeRequests(db, p, doer);
  for (const reviewer of reviewers) {
    if (reviewer.type === 1) throw invalidRequest("Organization can't be added as reviewer", doer, repo);
    if (add) {
      if (!(await repoPermission(db, reviewer, repo, p.rc.owner)).canRead('pulls')) throw invalidRequest("Reviewer can't read", doer, repo);
      if (reviewer.id === p.issue.poster_id && p.issue.original_author_id === 0) throw invalidRequest("poster of pr can't be reviewer", doer, repo);
      if (!mayChange) throw invalidRequest("Doer can't choose reviewer", doer, repo);
    } else if (!mayChange) {
      // A reviewer may decline their own request.
      const last = await latestReviewOf(db, p.issue.id, reviewer.id);
      if (!(last?.type === ReviewType.request && reviewer.id === doer.id)) throw invalidRequest("Doer can't remove reviewer", doer, repo);
    }
  }
  // Gitea's isValidTeamReviewRequest: a private repository's team must have it; only those who may
  // choose reviewers add or remove teams.
  for (const team of teams) {
    if (add) {
      if (repo.is_private === 1 && !(await hasTeamRepo(db, team.id, repo.id))) throw invalidRequest("Reviewing team can't read repo", doer, repo);
      if (!mayChange) throw invalidRequest("Doer can't choose reviewer", doer, repo);
    } else if (!mayChange) throw invalidRequest("Doer can't remove reviewer", doer, repo);
  }
  const created = await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'issue', p.issue.id);
    const created: ReviewRow[] = [];
    for (const reviewer of reviewers) {
      if (!add) await removeReviewRequest(trx, repo, p.issue, reviewer, doer);
      else {
        const r = await addReviewRequest(trx, repo, p.issue, reviewer, doer);
        if (r) created.push(r);
      }
    }
    for (const team of teams) {
      if (!add) await removeTeamReviewRequest(trx, p, team, doer);
      else {
        const r = await addTeamReviewRequest(trx, p, team, doer);
        if (r) created.push(r);
      }
    }
    if (reviewers.length || teams.length) await touchIssue(trx, p.issue.id, nowUnix());
    return created;
  });
  if (reviewers.length || teams.length) {
    await emitEvent(deps, {
      type: 'review.requested',
      actor: doer,
      repository: { repo, owner: p.rc.owner },
      issue: p.issue,
      pr: p.pr,
      reviewers: reviewers.map((u) => u.id),
      teams: teams.map((t) => t.id),
      removed: !add,
    });
  }
  return created;
}
