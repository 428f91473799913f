// Issue rows: by number or id, the per-repository numbering, the counters kept in the repository
// and issue rows, the columns conversations change, and the removal of issues with what hangs off them.
import type { Db } from './types.ts';
import { lockRow } from './dialect.ts';
import type { IssueRow } from './schema.ts';
import { deleteIssuesNotifications } from './notifications.ts';
import { deleteIssueWatches } from './issue-watches.ts';

/** Gitea's CommentType.comment: only plain comments count in issue.num_comments. */
const PLAIN_COMMENT = 0;

export function findIssueByIndex(db: Db, repoId: number, index: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issue').selectAll().where('repo_id', '=', repoId).where('index', '=', index).executeTakeFirst();
}

export function findIssueById(db: Db, id: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issue').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The issue row by id; Kysely's NoResultError when it is gone. */
export function getIssueById(db: Db, id: number): Promise<IssueRow> {
  return db.selectFrom('issue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function listIssuesByIds(db: Db, ids: number[]): Promise<IssueRow[]> {
  return db.selectFrom('issue').selectAll().where('id', 'in', ids).execute();
}

export async function listRepoIssueIds(db: Db, repoId: number): Promise<number[]> {
  return (await db.selectFrom('issue').select('id').where('repo_id', '=', repoId).execute()).map((r) => r.id);
}

/** Bumps the repository's issue counter (creating it at 0 first) and returns the new number. */
export async function bumpIssueIndex(trx: Db, repoId: number): Promise<number> {
  await trx
    .insertInto('issue_index')
    .values({ repo_id: repoId, max_index: 0 })
    .onConflict((oc) => oc.column('repo_id').doNothing())
    .execute();
  const row = await trx
    .updateTable('issue_index')
    .set((eb) => ({ max_index: eb('max_index', '+', 1) }))
    .where('repo_id', '=', repoId)
    .returning('max_index')
    .executeTakeFirstOrThrow();
  return row.max_index;
}

/** repository.num_issues / num_closed_issues and the pull counters recounted, after the repository row's lock. */
export async function recountRepoIssues(db: Db, repoId: number): Promise<void> {
  await lockRow(db, 'repository', repoId);
  const count = (isPull: number, closed?: number) =>
    db
      .selectFrom('issue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('repo_id', '=', repoId)
      .where('is_pull', '=', isPull)
      .$if(closed !== undefined, (q) => q.where('is_closed', '=', closed!));
  await db
    .updateTable('repository')
    .set({ num_issues: count(0), num_closed_issues: count(0, 1), num_pulls: count(1), num_closed_pulls: count(1, 1) })
    .where('id', '=', repoId)
    .execute();
}

/** issue.num_comments recounted from its plain comments, after the issue row's lock. */
export async function recountIssueComments(db: Db, issueId: number): Promise<void> {
  await lockRow(db, 'issue', issueId);
  await db
    .updateTable('issue')
    .set((eb) => ({
      num_comments: eb
        .selectFrom('comment')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('issue_id', '=', issueId)
        .where('type', '=', PLAIN_COMMENT),
    }))
    .where('id', '=', issueId)
    .execute();
}

/** Closes or reopens, only from the other state; undefined when it was already there. */
export function updateIssueState(trx: Db, id: number, close: boolean, now: number): Promise<IssueRow | undefined> {
  return trx
    .updateTable('issue')
    .set({ is_closed: close ? 1 : 0, closed_unix: close ? now : 0, updated_unix: now })
    .where('id', '=', id)
    .where('is_closed', '=', close ? 0 : 1)
    .returningAll()
    .executeTakeFirst();
}

/** Sets columns of an issue and returns the row as stored. */
export function updateIssue(
  db: Db,
  id: number,
  set: Partial<Pick<IssueRow, 'name' | 'content' | 'ref' | 'deadline_unix' | 'milestone_id' | 'updated_unix'>>,
): Promise<IssueRow> {
  return db.updateTable('issue').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function touchIssue(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('issue').set({ updated_unix: now }).where('id', '=', id).execute();
}

export async function updateIssueLocked(db: Db, id: number, lock: boolean, now: number): Promise<void> {
  await db
    .updateTable('issue')
    .set({ is_locked: lock ? 1 : 0, updated_unix: now })
    .where('id', '=', id)
    .execute();
}

export async function listIssueAssigneeIds(db: Db, issueId: number): Promise<number[]> {
  return (await db.selectFrom('issue_assignees').select('assignee_id').where('issue_id', '=', issueId).execute()).map((r) => r.assignee_id);
}

export async function insertIssueAssignee(db: Db, issueId: number, assigneeId: number): Promise<void> {
  await db.insertInto('issue_assignees').values({ issue_id: issueId, assignee_id: assigneeId }).execute();
}

export async function deleteIssueAssignee(db: Db, issueId: number, assigneeId: number): Promise<void> {
  await db.deleteFrom('issue_assignees').where('issue_id', '=', issueId).where('assignee_id', '=', assigneeId).execute();
}

/** Removes the issues' rows everywhere they are referenced; attachment files are the caller's. */
export async function deleteIssueRows(db: Db, issueIds: number[]): Promise<void> {
  const commentIds = db.selectFrom('comment').select('id').where('issue_id', 'in', issueIds);
  await db
    .deleteFrom('attachment')
    .where((eb) => eb.or([eb('issue_id', 'in', issueIds), eb('comment_id', 'in', commentIds)]))
    .execute();
  // References these issues made elsewhere go with them.
  await db.deleteFrom('comment').where('ref_issue_id', 'in', issueIds).execute();
  await db.deleteFrom('comment').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('issue_label').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('issue_assignees').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('issue_user').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('reaction').where('issue_id', 'in', issueIds).execute();
  // Their notification threads and subscriptions would point at nothing (issue #20).
  await deleteIssuesNotifications(db, issueIds);
  await deleteIssueWatches(db, { issueIds });
  // A pull request's own rows hang off its issue: its scheduled merge, its reviews, the pull row itself.
  await db
    .deleteFrom('pull_auto_merge')
    .where('pull_id', 'in', db.selectFrom('pull_request').select('id').where('issue_id', 'in', issueIds))
    .execute();
  await db.deleteFrom('review').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('pull_request').where('issue_id', 'in', issueIds).execute();
  await db.deleteFrom('issue').where('id', 'in', issueIds).execute();
}

export async function deleteRepoCommitStatuses(trx: Db, repoId: number): Promise<void> {
  await trx.deleteFrom('commit_status').where('repo_id', '=', repoId).execute();
}

/** A repository's labels, milestones, attachments and numbering, once its issues are gone. */
export async function deleteRepoIssueLeftovers(trx: Db, repoId: number): Promise<void> {
  await trx
    .deleteFrom('issue_label')
    .where('label_id', 'in', trx.selectFrom('label').select('id').where('repo_id', '=', repoId))
    .execute();
  await trx.deleteFrom('label').where('repo_id', '=', repoId).execute();
  await trx.deleteFrom('milestone').where('repo_id', '=', repoId).execute();
  await trx.deleteFrom('attachment').where('repo_id', '=', repoId).execute();
  await trx.deleteFrom('issue_index').where('repo_id', '=', repoId).execute();
}

export function insertIssue(trx: Db, values: Omit<IssueRow, 'id' | 'pin_order'>): Promise<IssueRow> {
  return trx.insertInto('issue').values(values).returningAll().executeTakeFirstOrThrow();
}
