// Label rows of a repository and the labels on issues.
import type { Db } from './types.ts';
import type { LabelRow } from './schema.ts';

type NewLabel = Omit<LabelRow, 'id'>;

/** Gitea's CommentType.label. */
const LABEL_EVENT = 7;

/** Which of `ids` are labels of the repository. */
export function findLabelIdsIn(db: Db, repoId: number, ids: number[]): Promise<Array<{ id: number }>> {
  return db.selectFrom('label').select('id').where('repo_id', '=', repoId).where('id', 'in', ids).execute();
}

/** A page (or all) of the repository's labels by name, with the total. */
export async function listRepoLabels(db: Db, repoId: number, p?: { limit: number; offset: number }): Promise<{ n: number; rows: LabelRow[] }> {
  const base = db.selectFrom('label').where('repo_id', '=', repoId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let q = base.selectAll().orderBy('name').orderBy('id');
  if (p) q = q.limit(p.limit).offset(p.offset);
  return { n, rows: await q.execute() };
}

/** Every label of the repository, oldest first. */
export function listRepoLabelsById(db: Db, repoId: number): Promise<LabelRow[]> {
  return db.selectFrom('label').selectAll().where('repo_id', '=', repoId).orderBy('id').execute();
}

export function findLabel(db: Db, repoId: number, id: number): Promise<LabelRow | undefined> {
  return db.selectFrom('label').selectAll().where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst();
}

export function insertLabel(db: Db, values: NewLabel): Promise<LabelRow> {
  return db.insertInto('label').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateLabel(db: Db, id: number, set: Partial<LabelRow>): Promise<LabelRow> {
  return db.updateTable('label').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The label, its place on issues and its events. */
export async function deleteLabelRows(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('issue_label').where('label_id', '=', id).execute();
  await trx.deleteFrom('comment').where('type', '=', LABEL_EVENT).where('label_id', '=', id).execute();
  await trx.deleteFrom('label').where('id', '=', id).execute();
}

export function listIssueLabels(db: Db, issueId: number): Promise<LabelRow[]> {
  return db
    .selectFrom('issue_label')
    .innerJoin('label', 'label.id', 'issue_label.label_id')
    .selectAll('label')
    .where('issue_label.issue_id', '=', issueId)
    .orderBy('label.name')
    .orderBy('label.id')
    .execute();
}

export async function listIssueLabelIds(db: Db, issueId: number): Promise<number[]> {
  return (await db.selectFrom('issue_label').select('label_id').where('issue_id', '=', issueId).execute()).map((r) => r.label_id);
}

export async function insertIssueLabel(db: Db, issueId: number, labelId: number): Promise<void> {
  await db.insertInto('issue_label').values({ issue_id: issueId, label_id: labelId }).execute();
}

export async function deleteIssueLabel(db: Db, issueId: number, labelId: number): Promise<void> {
  await db.deleteFrom('issue_label').where('issue_id', '=', issueId).where('label_id', '=', labelId).execute();
}
