// Issue, label, milestone, comment and attachment rows to their API shapes. Lists are converted in
// batches (one query per related table, not per row) so a page of 50 issues costs a few queries.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { unixToIso } from '../db/index.ts';
import type { AttachmentRow, CommentRow, IssueRow, LabelRow, MilestoneRow, RepoRow, UserRow } from '../db/schema.ts';
import { listCommentAttachments, listIssueBodyAttachments } from '../db/attachments.ts';
import {
  countMilestoneIssues,
  listAssigneesOfIssues,
  listLabelsOfIssues,
  listMilestonesByIds,
  listPullMergeStates,
  listUsersByIds,
} from '../db/issue-views.ts';
import { toApiUser } from '../api/convert.ts';
import type { ApiAttachment, ApiComment, ApiIssue, ApiLabel, ApiMilestone } from '../api/issue-schemas.ts';

export interface RepoRef {
  repo: RepoRow;
  owner: UserRow;
}

const iso = (s: number) => unixToIso(s);
const isoOrNull = (s: number) => (s ? unixToIso(s) : null);

/** Stands in for a deleted user, as Gitea's ghost user. */
export function ghostUser(): UserRow {
  return {
    id: -1,
    name: 'Ghost',
    lower_name: 'ghost',
    full_name: '',
    email: '',
    passwd: '',
    type: 0,
    is_admin: 0,
    must_change_password: 0,
    restricted: 0,
    active: 1,
    prohibit_login: 0,
    visibility: 'public',
    description: '',
    website: '',
    location: '',
    language: '',
    created_unix: 0,
    updated_unix: 0,
    last_login_unix: 0,
    num_followers: 0,
    num_following: 0,
    num_stars: 0,
    keep_email_private: 0,
    keep_activity_private: 0,
    use_custom_avatar: 0,
    avatar: '',
    diff_view_style: '',
    theme: '',
  };
}

export async function usersByIds(db: Db, ids: Iterable<number>): Promise<Map<number, UserRow>> {
  const list = [...new Set(ids)].filter((id) => id > 0);
  if (!list.length) return new Map();
  const rows = await listUsersByIds(db, list);
  return new Map(rows.map((u) => [u.id, u]));
}

export const fullName = (r: RepoRef) => `${r.owner.name}/${r.repo.name}`;

/** A pull request is a draft (work in progress) when its title starts with Gitea's default prefixes. */
export const isWorkInProgress = (title: string) => /^(?:WIP:|\[WIP\])/i.test(title);

export function toApiLabel(l: LabelRow, r: RepoRef, config: Config): ApiLabel {
  return {
    id: l.id,
    name: l.name,
    exclusive: l.exclusive === 1,
    is_archived: l.archived_unix > 0,
    color: l.color.replace(/^#/, ''),
    description: l.description,
    url: `${config.rootUrl}api/v1/repos/${fullName(r)}/labels/${l.id}`,
  };
}

export type MilestoneCounts = Map<number, { open: number; closed: number }>;

/** Open and closed issue counts per milestone, counted rather than cached so they never drift. */
export async function milestoneCounts(db: Db, ids: number[]): Promise<MilestoneCounts> {
  const out: MilestoneCounts = new Map(ids.map((id) => [id, { open: 0, closed: 0 }]));
  if (!ids.length) return out;
  const rows = await countMilestoneIssues(db, ids);
  for (const r of rows) {
    const c = out.get(r.milestone_id)!;
    if (r.is_closed) c.closed = Number(r.n);
    else c.open = Number(r.n);
  }
  return out;
}

export function toApiMilestone(m: MilestoneRow, counts?: { open: number; closed: number }): ApiMilestone {
  return {
    id: m.id,
    title: m.name,
    description: m.content,
    state: m.is_closed ? 'closed' : 'open',
    open_issues: counts?.open ?? 0,
    closed_issues: counts?.closed ?? 0,
    created_at: iso(m.created_unix),
    updated_at: isoOrNull(m.updated_unix),
    closed_at: m.is_closed ? isoOrNull(m.closed_date_unix) : null,
    due_on: isoOrNull(m.deadline_unix),
  };
}

export function toApiAttachment(a: AttachmentRow, config: Config): ApiAttachment {
  const url = `${config.rootUrl}attachments/${a.uuid}`;
  return {
    id: a.id,
    name: a.name,
    size: a.size,
    download_count: a.download_count,
    created_at: iso(a.created_unix),
    uuid: a.uuid,
    download_url: url,
    browser_download_url: url,
    type: 'attachment',
  };
}

const issuePath = (r: RepoRef, issue: Pick<IssueRow, 'index' | 'is_pull'>) => `${fullName(r)}/${issue.is_pull ? 'pulls' : 'issues'}/${issue.index}`;

/** Converts issues (of one or several repositories) with their labels, milestone, assignees and assets. */
export async function toApiIssues(db: Db, config: Config, issues: IssueRow[], repos: Map<number, RepoRef>, viewer: UserRow | null): Promise<ApiIssue[]> {
  if (!issues.length) return [];
  const ids = issues.map((i) => i.id);
  const pullIds = issues.filter((i) => i.is_pull).map((i) => i.id);
  const [labelRows, assigneeRows, milestoneRows, assetRows, pullRows] = await Promise.all([
    listLabelsOfIssues(db, ids),
    listAssigneesOfIssues(db, ids),
    listMilestonesByIds(db, [0, ...new Set(issues.map((i) => i.milestone_id))]),
    listIssueBodyAttachments(db, ids),
    pullIds.length ? listPullMergeStates(db, pullIds) : [],
  ]);
  const pulls = new Map(pullRows.map((p) => [p.issue_id, p]));
  const users = await usersByIds(db, [...issues.map((i) => i.poster_id), ...assigneeRows.map((a) => a.assignee_id)]);
  const counts = await milestoneCounts(
    db,
    milestoneRows.map((m) => m.id),
  );
  const milestones = new Map(milestoneRows.map((m) => [m.id, toApiMilestone(m, counts.get(m.id))]));
  const group = <T extends { issue_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.issue_id, [...(m.get(r.issue_id) ?? []), r]);
    return m;
  };
  const labelsBy = group(labelRows);
  const assigneesBy = group(assigneeRows);
  const assetsBy = group(assetRows);
  const user = (id: number) => toApiUser(users.get(id) ?? ghostUser(), config, viewer);

  return issues.map((i) => {
    const r = repos.get(i.repo_id)!;
    const assignees = (assigneesBy.get(i.id) ?? []).map((a) => user(a.assignee_id));
    return {
      id: i.id,
      url: `${config.rootUrl}api/v1/repos/${fullName(r)}/issues/${i.index}`,
      html_url: `${config.rootUrl}${issuePath(r, i)}`,
      number: i.index,
      user: i.poster_id > 0 || !i.original_author ? user(i.poster_id) : user(-1),
      original_author: i.original_author,
      original_author_id: i.original_author_id,
      title: i.name,
      body: i.content,
      ref: i.ref,
      assets: (assetsBy.get(i.id) ?? []).map((a) => toApiAttachment(a, config)),
      labels: (labelsBy.get(i.id) ?? []).map((l) => toApiLabel(l, r, config)),
      milestone: milestones.get(i.milestone_id) ?? null,
      assignee: assignees[0] ?? null,
      assignees,
      state: i.is_closed ? 'closed' : 'open',
      is_locked: i.is_locked === 1,
      comments: i.num_comments,
      created_at: iso(i.created_unix),
      updated_at: iso(i.updated_unix),
      closed_at: i.is_closed ? isoOrNull(i.closed_unix) : null,
      due_date: isoOrNull(i.deadline_unix),
      pull_request: i.is_pull
        ? {
            merged: pulls.get(i.id)?.has_merged === 1,
            merged_at: pulls.get(i.id)?.has_merged === 1 ? iso(pulls.get(i.id)!.merged_unix) : null,
            draft: isWorkInProgress(i.name),
            html_url: `${config.rootUrl}${issuePath(r, i)}`,
          }
        : null,
      repository: { id: r.repo.id, name: r.repo.name, owner: r.owner.name, full_name: fullName(r) },
      pin_order: i.pin_order ?? 0,
    };
  });
}

export async function toApiIssue(db: Db, config: Config, issue: IssueRow, r: RepoRef, viewer: UserRow | null): Promise<ApiIssue> {
  return (await toApiIssues(db, config, [issue], new Map([[r.repo.id, r]]), viewer))[0]!;
}

export function commentUrls(config: Config, r: RepoRef, issue: Pick<IssueRow, 'index' | 'is_pull'>, commentId: number) {
  const api = `${config.rootUrl}api/v1/repos/${fullName(r)}`;
  return {
    html_url: `${config.rootUrl}${issuePath(r, issue)}#issuecomment-${commentId}`,
    issue_url: issue.is_pull ? '' : `${api}/issues/${issue.index}`,
    pull_request_url: issue.is_pull ? `${api}/pulls/${issue.index}` : '',
  };
}

export async function assetsByComment(db: Db, commentIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const out = new Map<number, AttachmentRow[]>();
  if (!commentIds.length) return out;
  const rows = await listCommentAttachments(db, commentIds);
  for (const a of rows) out.set(a.comment_id, [...(out.get(a.comment_id) ?? []), a]);
  return out;
}

/** Converts comments; `issues` maps issue id to the issue each comment belongs to. */
export async function toApiComments(
  db: Db,
  config: Config,
  comments: CommentRow[],
  issues: Map<number, Pick<IssueRow, 'id' | 'index' | 'is_pull' | 'repo_id'>>,
  repos: Map<number, RepoRef>,
  viewer: UserRow | null,
): Promise<ApiComment[]> {
  const users = await usersByIds(
    db,
    comments.map((c) => c.poster_id),
  );
  const assets = await assetsByComment(
    db,
    comments.map((c) => c.id),
  );
  return comments.map((c) => {
    const issue = issues.get(c.issue_id)!;
    const r = repos.get(issue.repo_id)!;
    return {
      id: c.id,
      ...commentUrls(config, r, issue, c.id),
      user: toApiUser(users.get(c.poster_id) ?? ghostUser(), config, viewer),
      original_author: c.original_author,
      original_author_id: c.original_author_id,
      body: c.content,
      assets: (assets.get(c.id) ?? []).map((a) => toApiAttachment(a, config)),
      created_at: iso(c.created_unix),
      updated_at: iso(c.updated_unix),
    };
  });
}
