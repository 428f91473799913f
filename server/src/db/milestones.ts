// Milestone rows of a repository.
import type { Db } from './types.ts';
import { likeContains } from './dialect.ts';
import type { MilestoneRow } from './schema.ts';

type NewMilestone = Omit<MilestoneRow, 'id'>;

/** The id when `id` is a milestone of the repository. */
export function findMilestoneId(db: Db, repoId: number, id: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('milestone').select('id').where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst();
}

/** A page of the repository's milestones by state and name, nearest due date first, with the total. */
export async function listRepoMilestones(
  db: Db,
  repoId: number,
  f: { state: string; name?: string },
  p: { limit: number; offset: number },
): Promise<{ n: number; rows: MilestoneRow[] }> {
  let q = db.selectFrom('milestone').where('repo_id', '=', repoId);
  if (f.state === 'open') q = q.where('is_closed', '=', 0);
  else if (f.state === 'closed') q = q.where('is_closed', '=', 1);
  if (f.name) q = q.where((eb) => likeContains(eb.fn<string>('lower', ['name']), f.name!));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('deadline_unix', 'asc').orderBy('id').limit(p.limit).offset(p.offset).execute();
  return { n, rows };
}

export function findMilestoneById(db: Db, repoId: number, id: number): Promise<MilestoneRow | undefined> {
  return db.selectFrom('milestone').selectAll().where('repo_id', '=', repoId).where('id', '=', id).executeTakeFirst();
}

export function findMilestoneByName(db: Db, repoId: number, name: string): Promise<MilestoneRow | undefined> {
  return db.selectFrom('milestone').selectAll().where('repo_id', '=', repoId).where('name', '=', name).executeTakeFirst();
}

export function insertMilestone(db: Db, values: NewMilestone): Promise<MilestoneRow> {
  return db.insertInto('milestone').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateMilestone(db: Db, id: number, set: Partial<MilestoneRow>): Promise<MilestoneRow> {
  return db.updateTable('milestone').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The milestone, taken off its issues first. */
export async function deleteMilestoneRows(trx: Db, id: number): Promise<void> {
  await trx.updateTable('issue').set({ milestone_id: 0 }).where('milestone_id', '=', id).execute();
  await trx.deleteFrom('milestone').where('id', '=', id).execute();
}
