// Notification rows (Gitea's models/activities/notification.go): stored one per (user, unique_key)
// (an issue's thread, a commit's, a release's), listed newest first for their user, limited to
// repositories the user may still read; removed with what they are about.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import type { NotificationRow, ReleaseRow, RepoRow } from './schema.ts';
import type { RepoFilter, PageWindow, RowsPage } from './page-rows.ts';
import { countThenPage } from './page-rows.ts';

export const NotificationStatus = { unread: 1, read: 2, pinned: 3 } as const;
export const NotificationSource = { issue: 1, pull: 2, commit: 3, repository: 4, release: 5 } as const;

/** The repositories whose threads of one subject type (source) the user may see. */
export interface NotificationScope {
  source: number;
  repoIds: number[];
}

/** What a list of one user's notifications is limited to (Gitea's FindNotificationOptions). */
export interface NotificationFilter {
  userId: number;
  /**
   * Only threads whose (source, repository) is in one of these (the unit the subject belongs to
   * is enabled and readable by the user); none: no thread.
   */
  scopes: NotificationScope[];
  repoId?: number;
  statuses?: number[];
  sources?: number[];
  /** updated_unix >= since */
  since?: number;
  /** updated_unix <= before */
  before?: number;
}

function filtered(db: Db, f: NotificationFilter) {
  let q = db
    .selectFrom('notification')
    .where('notification.user_id', '=', f.userId)
    .where((eb) =>
      eb.or(
        f.scopes.filter((s) => s.repoIds.length).map((s) => eb.and([eb('notification.source', '=', s.source), eb('notification.repo_id', 'in', s.repoIds)])),
      ),
    )
    // A deleted issue's thread is gone with it.
    .where((eb) =>
      eb.or([eb('notification.issue_id', '=', 0), eb.exists(eb.selectFrom('issue').select('issue.id').whereRef('issue.id', '=', 'notification.issue_id'))]),
    )
    // So is a deleted release's, and a release back to draft is not shown (drafts are the writers').
    .where((eb) =>
      eb.or([
        eb('notification.release_id', '=', 0),
        eb.exists(eb.selectFrom('release').select('release.id').whereRef('release.id', '=', 'notification.release_id').where('release.is_draft', '=', 0)),
      ]),
    );
  if (f.repoId !== undefined) q = q.where('notification.repo_id', '=', f.repoId);
  if (f.statuses?.length) q = q.where('notification.status', 'in', f.statuses);
  if (f.sources?.length) q = q.where('notification.source', 'in', f.sources);
  if (f.since) q = q.where('notification.updated_unix', '>=', f.since);
  if (f.before) q = q.where('notification.updated_unix', '<=', f.before);
  return q;
}

/** A page of the user's notifications, most recently updated first, with the total. */
export function listNotificationsPage(db: Db, f: NotificationFilter, p: PageWindow): Promise<RowsPage<NotificationRow>> {
  return countThenPage(filtered(db, f), p, (q) => q.selectAll('notification').orderBy('notification.updated_unix', 'desc').orderBy('notification.id', 'desc'));
}

/** Every notification of the filter (for marking them), most recently updated first. */
export function listNotifications(db: Db, f: NotificationFilter): Promise<NotificationRow[]> {
  return filtered(db, f).selectAll('notification').orderBy('notification.updated_unix', 'desc').orderBy('notification.id', 'desc').execute();
}

export async function countNotifications(db: Db, f: NotificationFilter): Promise<number> {
  const { n } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The repositories the user has threads in, among those passing `readable` (their read access). */
export async function listNotificationRepoIds(db: Db, userId: number, readable: RepoFilter, repoId?: number): Promise<number[]> {
  let q = db
    .selectFrom('notification')
    .select('notification.repo_id')
    .distinct()
    .where('notification.user_id', '=', userId)
    .where('notification.repo_id', 'in', db.selectFrom('repository').select('repository.id').where(readable));
  if (repoId !== undefined) q = q.where('notification.repo_id', '=', repoId);
  return (await q.execute()).map((r) => r.repo_id);
}

export function findNotificationById(db: Db, id: number): Promise<NotificationRow | undefined> {
  return db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Sets the status of the given notifications (of one user); the rows after. Their time moves to now,
 * as Gitea's SetNotificationStatus (xorm sets the updated column), which lists and since= follow.
 */
export async function setNotificationsStatus(db: Db, userId: number, ids: number[], status: number, now: number): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  await db.updateTable('notification').set({ status, updated_unix: now }).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return db.selectFrom('notification').selectAll().where('id', 'in', ids).orderBy('updated_unix', 'desc').orderBy('id', 'desc').execute();
}

/** What one thread is about, for upsertNotifications. */
export interface NotificationSubjectKey {
  repoId: number;
  source: number;
  uniqueKey: string;
  issueId?: number;
  commitId?: string;
  releaseId?: number;
}

export const issueNotificationKey = (issueId: number) => `issue-${issueId}`;
export const commitNotificationKey = (repoId: number, sha: string) => `commit-${repoId}-${sha}`;
export const releaseNotificationKey = (releaseId: number) => `release-${releaseId}`;

/**
 * One statement for all receivers: a new unread thread each, or the existing one unread again
 * (a pinned one stays pinned, as Gitea's updateIssueNotification), moved to now.
 */
export async function upsertNotifications(
  db: Db,
  a: NotificationSubjectKey & { userIds: number[]; commentId?: number; updatedBy: number; now: number },
): Promise<void> {
  if (!a.userIds.length) return;
  const rows = a.userIds.map((user_id) => ({
    user_id,
    repo_id: a.repoId,
    status: NotificationStatus.unread,
    source: a.source,
    issue_id: a.issueId ?? 0,
    commit_id: a.commitId ?? '',
    release_id: a.releaseId ?? 0,
    unique_key: a.uniqueKey,
    comment_id: a.commentId ?? 0,
    updated_by: a.updatedBy,
    created_unix: a.now,
    updated_unix: a.now,
  }));
  await db
    .insertInto('notification')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'unique_key']).doUpdateSet({
        status: sql<number>`case when notification.status = ${sql.lit(NotificationStatus.pinned)} then ${sql.lit(NotificationStatus.pinned)} else ${sql.lit(NotificationStatus.unread)} end`,
        // An issue converted to a pull request keeps its thread, now a pull request's.
        source: (eb) => eb.ref('excluded.source'),
        comment_id: (eb) => eb.ref('excluded.comment_id'),
        updated_by: (eb) => eb.ref('excluded.updated_by'),
        updated_unix: (eb) => eb.ref('excluded.updated_unix'),
      }),
    )
    .execute();
}

/** The threads of an issue or pull request (see upsertNotifications). */
export function upsertIssueNotifications(
  db: Db,
  a: { userIds: number[]; repo: RepoRow; issueId: number; source: number; commentId: number; updatedBy: number; now: number },
): Promise<void> {
  return upsertNotifications(db, { ...a, repoId: a.repo.id, uniqueKey: issueNotificationKey(a.issueId) });
}

// ---- threads go with what they are about ----

export async function deleteIssuesNotifications(db: Db, issueIds: number[]): Promise<void> {
  if (issueIds.length) await db.deleteFrom('notification').where('issue_id', 'in', issueIds).execute();
}

export async function deleteRepoNotifications(db: Db, repoId: number): Promise<void> {
  await db.deleteFrom('notification').where('repo_id', '=', repoId).execute();
}

export async function deleteUserNotifications(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('notification').where('user_id', '=', userId).execute();
}

export async function deleteReleaseNotifications(db: Db, releaseId: number): Promise<void> {
  await db.deleteFrom('notification').where('release_id', '=', releaseId).execute();
}

/** A deleted comment is no thread's latest comment any more (the thread is its issue's and stays). */
export async function forgetNotificationComment(db: Db, commentId: number): Promise<void> {
  await db.updateTable('notification').set({ comment_id: 0 }).where('comment_id', '=', commentId).execute();
}

// ---- who is notified ----

/** Users watching the repository. */
export async function listRepoWatcherIds(db: Db, repoId: number): Promise<number[]> {
  const rows = await db.selectFrom('watch').select('user_id').where('repo_id', '=', repoId).execute();
  return rows.map((r) => r.user_id);
}

/** The issue's participants: its author, whoever wrote a comment, an inline comment or a review. */
export async function listParticipantIds(db: Db, issueId: number, posterId: number): Promise<number[]> {
  // Gitea's GetParticipantIDsByIssue: the poster and who commented or reviewed; an assignee or a
  // requested reviewer is told of that once (notify.ts), not of every later comment.
  const rows = await db
    .selectFrom('comment')
    .select('comment.poster_id as id')
    .distinct()
    .where('comment.issue_id', '=', issueId)
    .where('comment.type', 'in', [0, 21, 22])
    .execute();
  return [...new Set([posterId, ...rows.map((r) => r.id)])].filter((id) => id > 0);
}

/** Active individual users among `ids` who may sign in. */
export function listReceivableUsers(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('user').selectAll().where('id', 'in', ids).where('type', '=', 0).where('active', '=', 1).where('prohibit_login', '=', 0).execute();
}

// ---- what a thread shows ----

/** The newest plain comment of each issue (Gitea's GetLastComment), by issue id. */
export async function listLatestCommentIds(db: Db, issueIds: number[]): Promise<Map<number, number>> {
  if (!issueIds.length) return new Map();
  const rows = await db
    .selectFrom('comment')
    .select(['comment.issue_id', (eb) => eb.fn.max('comment.id').as('id')])
    .where('comment.issue_id', 'in', issueIds)
    .where('comment.type', '=', 0)
    .groupBy('comment.issue_id')
    .execute();
  return new Map(rows.map((r) => [r.issue_id, Number(r.id)]));
}

export function listReposByIds(db: Db, ids: number[]): Promise<RepoRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('repository').selectAll().where('id', 'in', ids).execute();
}

export function listReleasesByIds(db: Db, ids: number[]): Promise<ReleaseRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('release').selectAll().where('id', 'in', ids).execute();
}

/** Every repository a user has threads in, readable or not (what their inbox may depend on; api/list-reads.ts). */
export async function allNotificationRepoIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('notification').select('repo_id').distinct().where('user_id', '=', userId).execute();
  return rows.map((r) => r.repo_id);
}
