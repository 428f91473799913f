// An issue's timeline: its comments and events, oldest first, in Gitea's TimelineComment shape. Our
// server names close/reopen `state_change` (body "closed"/"open") as the spec asks. On a pull request
// it also holds `review` (body = the review's text), `review_request` and `dismiss_review` rows.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { unixToIso } from '../db/index.ts';
import type { CommentRow, IssueRow, UserRow } from '../db/schema.ts';
import { findCommentById } from '../db/comments.ts';
import { listLabelsByIds, listMilestonesByIds } from '../db/issue-views.ts';
import { findIssueById } from '../db/issues.ts';
import { findRepoById } from '../db/repos.ts';
import { findUserById } from '../db/users.ts';
import { toApiUser } from '../api/convert.ts';
import type { ApiTimelineComment } from '../api/issue-schemas.ts';
import { CommentType, timelineType } from './conversation.ts';
import { repoPermission } from './permissions.ts';
import { toApiTeamsById } from './review-teams.ts';
import {
  assetsByComment,
  commentUrls,
  ghostUser,
  milestoneCounts,
  toApiAttachment,
  toApiComments,
  toApiIssue,
  toApiLabel,
  toApiMilestone,
  usersByIds,
  type RepoRef,
} from './issues-convert.ts';

const REF_TYPES: number[] = [CommentType.issueRef, CommentType.commentRef, CommentType.pullRef];

export async function toTimeline(
  db: Db,
  config: Config,
  r: RepoRef,
  issue: IssueRow,
  rows: CommentRow[],
  viewer: UserRow | null,
): Promise<ApiTimelineComment[]> {
  const users = await usersByIds(
    db,
    rows.flatMap((c) => [c.poster_id, c.assignee_id]),
  );
  const assets = await assetsByComment(
    db,
    rows.filter((c) => c.type === CommentType.comment).map((c) => c.id),
  );
  const labelIds = [...new Set(rows.map((c) => c.label_id).filter(Boolean))];
  const labels = new Map((labelIds.length ? await listLabelsByIds(db, labelIds) : []).map((l) => [l.id, l]));
  const msIds = [...new Set(rows.flatMap((c) => [c.milestone_id, c.old_milestone_id]).filter(Boolean))];
  const msRows = msIds.length ? await listMilestonesByIds(db, msIds) : [];
  const counts = await milestoneCounts(
    db,
    msRows.map((m) => m.id),
  );
  const milestones = new Map(msRows.map((m) => [m.id, toApiMilestone(m, counts.get(m.id))]));
  const user = (id: number) => toApiUser(users.get(id) ?? ghostUser(), config, viewer);
  const teams = await toApiTeamsById(
    db,
    config,
    rows.map((c) => c.assignee_team_id),
  );

  const out: ApiTimelineComment[] = [];
  for (const c of rows) {
    const item: ApiTimelineComment = {
      id: c.id,
      type: timelineType(c.type),
      ...commentUrls(config, r, issue, c.id),
      user: user(c.poster_id),
      body: c.content,
      created_at: unixToIso(c.created_unix),
      updated_at: unixToIso(c.updated_unix),
      assets: (assets.get(c.id) ?? []).map((a) => toApiAttachment(a, config)),
      old_milestone: milestones.get(c.old_milestone_id) ?? null,
      milestone: milestones.get(c.milestone_id) ?? null,
      old_title: c.old_title,
      new_title: c.new_title,
      old_ref: c.old_ref,
      new_ref: c.new_ref,
      ref_issue: null,
      ref_comment: null,
      ref_action: '',
      ref_commit_sha: c.commit_sha,
      // review and dismiss_review rows point at their review; review_request rows carry the reviewer as assignee.
      review_id: c.review_id,
      label: null,
      assignee: c.assignee_id ? user(c.assignee_id) : null,
      assignee_team: teams.get(c.assignee_team_id) ?? null,
      removed_assignee: c.removed_assignee === 1,
    };
    if (c.type === CommentType.close) item.body = 'closed';
    if (c.type === CommentType.reopen) item.body = 'open';
    if (c.type === CommentType.label) {
      const l = labels.get(c.label_id);
      if (!l) continue;
      item.label = toApiLabel(l, r, config);
    }
    if (REF_TYPES.includes(c.type)) {
      const ref = await refSource(db, config, c, viewer);
      // A reference from somewhere the viewer cannot read is not shown at all.
      if (!ref) continue;
      Object.assign(item, ref);
    }
    out.push(item);
  }
  return out;
}

async function refSource(db: Db, config: Config, c: CommentRow, viewer: UserRow | null) {
  const source = await findIssueById(db, c.ref_issue_id);
  const repo = source && (await findRepoById(db, source.repo_id));
  const owner = repo && (await findUserById(db, repo.owner_id));
  if (!source || !repo || !owner) return null;
  if (!(await repoPermission(db, viewer, repo, owner)).canReadIssuesOrPulls(source.is_pull)) return null;
  const rr: RepoRef = { repo, owner };
  const ref_issue = await toApiIssue(db, config, source, rr, viewer);
  let ref_comment = null;
  if (c.ref_comment_id) {
    const rc = await findCommentById(db, c.ref_comment_id);
    if (rc) ref_comment = (await toApiComments(db, config, [rc], new Map([[source.id, source]]), new Map([[repo.id, rr]]), viewer))[0] ?? null;
  }
  return { ref_issue, ref_comment, ref_action: 'none' };
}
