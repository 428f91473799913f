// What the API shows beside issues and comments: their people, labels, assignees, milestones with
// counts, attachments and pull request merge states, read for many rows at once.
import type { Db } from './types.ts';
import type { LabelRow, MilestoneRow, UserRow } from './schema.ts';

export function listUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
}

/** Issue (not pull request) counts per milestone and closed state. */
export function countMilestoneIssues(db: Db, ids: number[]): Promise<Array<{ milestone_id: number; is_closed: number; n: number }>> {
  return db
    .selectFrom('issue')
    .select(['milestone_id', 'is_closed', (eb) => eb.fn.countAll<number>().as('n')])
    .where('milestone_id', 'in', ids)
    .where('is_pull', '=', 0)
    .groupBy(['milestone_id', 'is_closed'])
    .execute();
}

/** The labels on each of the issues, by name. */
export function listLabelsOfIssues(db: Db, issueIds: number[]): Promise<Array<LabelRow & { issue_id: number }>> {
  return db
    .selectFrom('issue_label')
    .innerJoin('label', 'label.id', 'issue_label.label_id')
    .selectAll('label')
    .select('issue_label.issue_id')
    .where('issue_label.issue_id', 'in', issueIds)
    .orderBy('label.name')
    .orderBy('label.id')
    .execute();
}

export function listAssigneesOfIssues(db: Db, issueIds: number[]): Promise<Array<{ issue_id: number; assignee_id: number }>> {
  return db.selectFrom('issue_assignees').select(['issue_id', 'assignee_id']).where('issue_id', 'in', issueIds).orderBy('id').execute();
}

export function listMilestonesByIds(db: Db, ids: number[]): Promise<MilestoneRow[]> {
  return db.selectFrom('milestone').selectAll().where('id', 'in', ids).execute();
}

export function listLabelsByIds(db: Db, ids: number[]): Promise<LabelRow[]> {
  return db.selectFrom('label').selectAll().where('id', 'in', ids).execute();
}

export function listPullMergeStates(db: Db, issueIds: number[]): Promise<Array<{ issue_id: number; has_merged: number; merged_unix: number }>> {
  return db.selectFrom('pull_request').select(['issue_id', 'has_merged', 'merged_unix']).where('issue_id', 'in', issueIds).execute();
}
