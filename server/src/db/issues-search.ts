// The issue list query behind GET /repos/{o}/{r}/issues and /repos/issues/search: every filter, the
// sort orders and the count, over one repository or every repository a restriction lets through.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from './types.ts';
import { int32OrNone, likeContains, MAX_INT32 } from './dialect.ts';
import type { Database, IssueRow, UserRow } from './schema.ts';

export interface IssueFilter {
  repoId?: number;
  /** Cross-repository search: restrict to what this viewer may read. */
  viewer?: UserRow | null;
  ownerId?: number;
  state?: 'open' | 'closed' | 'all';
  type?: 'issues' | 'pulls';
  /** Label names; an issue must carry every one. Names unknown in a repository match nothing there. */
  labels?: string[];
  /** Milestone names or ids; an issue may be in any of them. */
  milestones?: string[];
  q?: string;
  since?: string;
  before?: string;
  posterId?: number;
  assigneeId?: number;
  mentionedId?: number;
  /** Others' pull requests whose review is requested from this user or a team of theirs and not given yet (Gitea's review_requested). */
  reviewRequestedId?: number;
  /** Pull requests this user reviewed (approved, commented or requested changes; Gitea's reviewed). */
  reviewedId?: number;
  sort?: string;
}

/** Gitea's ReviewType: 1 approve, 2 comment, 3 request changes, 4 review requested. */
const REVIEW_REQUEST = 4;
const SUBMITTED_REVIEWS = [1, 2, 3];

const isoToUnix = (v: string) => Math.floor(new Date(v).getTime() / 1000);

/** Which repositories a cross-repository search may see (services/permissions.ts readableRepo). */
export type RepoRestriction = (eb: ExpressionBuilder<Database, 'repository'>) => Expression<SqlBool>;

export function issuesQuery(db: Db, f: IssueFilter, readable?: RepoRestriction) {
  let q = db.selectFrom('issue');
  if (f.repoId !== undefined) q = q.where('issue.repo_id', '=', f.repoId);
  if (readable !== undefined || f.ownerId !== undefined) {
    let repos = db.selectFrom('repository').select('repository.id');
    if (readable !== undefined) repos = repos.where(readable);
    if (f.ownerId !== undefined) repos = repos.where('repository.owner_id', '=', f.ownerId);
    q = q.where('issue.repo_id', 'in', repos);
  }
  const state = f.state ?? 'open';
  if (state !== 'all') q = q.where('issue.is_closed', '=', state === 'closed' ? 1 : 0);
  if (f.type) q = q.where('issue.is_pull', '=', f.type === 'pulls' ? 1 : 0);
  // Label and milestone names resolve in uncorrelated subqueries (evaluated once, not per issue);
  // an issue only ever links to labels of its own repository, so no repository match is needed.
  for (const name of f.labels ?? []) {
    const labelIds = db
      .selectFrom('label')
      .select('label.id')
      .where((e) => e(e.fn('lower', ['label.name']), '=', name.toLowerCase()))
      .$if(f.repoId !== undefined, (l) => l.where('label.repo_id', '=', f.repoId!));
    q = q.where('issue.id', 'in', db.selectFrom('issue_label').select('issue_label.issue_id').where('issue_label.label_id', 'in', labelIds));
  }
  if (f.milestones?.length) {
    const ids = f.milestones.filter((m) => /^\d+$/.test(m)).map((m) => int32OrNone(Number(m)));
    const names = f.milestones.map((m) => m.toLowerCase());
    q = q.where(
      'issue.milestone_id',
      'in',
      db
        .selectFrom('milestone')
        .select('milestone.id')
        .where((e) => e.or([e(e.fn('lower', ['milestone.name']), 'in', names), ...(ids.length ? [e('milestone.id', 'in', ids)] : [])]))
        .$if(f.repoId !== undefined, (m) => m.where('milestone.repo_id', '=', f.repoId!)),
    );
  }
  if (f.reviewRequestedId !== undefined) {
    // Gitea's applyReviewRequestedCondition: an open request to the user or to a team they are in, on
    // someone else's pull request. A verdict deletes the requests it answers (the reviewer's own and
    // their teams', reviews.ts), so every request row left is still open.
    const id = f.reviewRequestedId;
    const myTeams = db.selectFrom('team_user').select('team_user.team_id').where('team_user.uid', '=', id);
    q = q.where('issue.poster_id', '!=', id).where(
      'issue.id',
      'in',
      db
        .selectFrom('review')
        .select('review.issue_id')
        .where('review.type', '=', REVIEW_REQUEST)
        .where((e) => e.or([e('review.reviewer_id', '=', id), e.and([e('review.reviewer_team_id', '>', 0), e('review.reviewer_team_id', 'in', myTeams)])])),
    );
  }
  if (f.reviewedId !== undefined) {
    q = q
      .where('issue.poster_id', '!=', f.reviewedId)
      .where(
        'issue.id',
        'in',
        db.selectFrom('review').select('review.issue_id').where('review.type', 'in', SUBMITTED_REVIEWS).where('review.reviewer_id', '=', f.reviewedId),
      );
  }
  if (f.q) {
    const text = f.q;
    // A number past the integer column's range is no issue's number (PostgreSQL would refuse it).
    const index = /^#?\d+$/.test(f.q.trim()) ? Number(f.q.trim().replace('#', '')) : undefined;
    q = q.where((eb) =>
      eb.or([
        likeContains(eb.fn<string>('lower', ['issue.name']), text),
        likeContains(eb.fn<string>('lower', ['issue.content']), text),
        ...(index !== undefined && index <= MAX_INT32 ? [eb('issue.index', '=', index)] : []),
      ]),
    );
  }
  if (f.since) q = q.where('issue.updated_unix', '>=', isoToUnix(f.since));
  if (f.before) q = q.where('issue.updated_unix', '<=', isoToUnix(f.before));
  if (f.posterId !== undefined) q = q.where('issue.poster_id', '=', f.posterId);
  if (f.assigneeId !== undefined) {
    const id = f.assigneeId;
    q = q.where('issue.id', 'in', (eb) => eb.selectFrom('issue_assignees').select('issue_id').where('assignee_id', '=', id));
  }
  if (f.mentionedId !== undefined) {
    const id = f.mentionedId;
    q = q.where('issue.id', 'in', (eb) => eb.selectFrom('issue_user').select('issue_id').where('uid', '=', id).where('is_mentioned', '=', 1));
  }
  return q;
}

/** Gitea's sort names; the default is newest first. */
export function sortedIssues(q: ReturnType<typeof issuesQuery>, sort: string | undefined) {
  const s = q.selectAll('issue');
  switch (sort) {
    case 'oldest':
      return s.orderBy('issue.created_unix', 'asc').orderBy('issue.id', 'asc');
    case 'recentupdate':
      return s.orderBy('issue.updated_unix', 'desc').orderBy('issue.created_unix', 'desc').orderBy('issue.id', 'desc');
    case 'leastupdate':
      return s.orderBy('issue.updated_unix', 'asc').orderBy('issue.created_unix', 'asc').orderBy('issue.id', 'asc');
    case 'mostcomment':
      return s.orderBy('issue.num_comments', 'desc').orderBy('issue.created_unix', 'desc').orderBy('issue.id', 'desc');
    case 'leastcomment':
      return s.orderBy('issue.num_comments', 'asc').orderBy('issue.created_unix', 'desc').orderBy('issue.id', 'desc');
    case 'nearduedate':
      return s
        .orderBy((eb) => eb.case().when('issue.deadline_unix', '=', 0).then(1).else(0).end())
        .orderBy('issue.deadline_unix', 'asc')
        .orderBy('issue.id', 'desc');
    case 'farduedate':
      return s.orderBy('issue.deadline_unix', 'desc').orderBy('issue.id', 'desc');
    default:
      return s.orderBy('issue.created_unix', 'desc').orderBy('issue.id', 'desc');
  }
}

/** The number of issues `f` matches. */
export async function countIssues(db: Db, f: IssueFilter, readable?: RepoRestriction): Promise<number> {
  return (
    await issuesQuery(db, f, readable)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
}

/** One page of the issues `f` matches, in `f.sort` order. */
export function listIssues(db: Db, f: IssueFilter, readable: RepoRestriction | undefined, p: { limit: number; offset: number }): Promise<IssueRow[]> {
  return sortedIssues(issuesQuery(db, f, readable), f.sort)
    .limit(p.limit)
    .offset(p.offset)
    .execute();
}
