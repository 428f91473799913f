// Repository milestones. Issue counts are counted from `issue` when shown (see milestoneCounts).
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { likeContains } from '../db/dialect.ts';
import type { MilestoneRow } from '../db/schema.ts';
import { notFound, unprocessable } from '../errors.ts';

export interface MilestoneInput {
  title?: string;
  description?: string;
  state?: 'open' | 'closed';
  due_on?: string | null;
}

const toUnix = (v: string | null | undefined, field: string) => {
  if (!v) return 0;
  const t = new Date(v).getTime();
  if (Number.isNaN(t)) throw unprocessable(`${field}: invalid date "${v}"`);
  return Math.floor(t / 1000);
};

export async function listMilestones(db: Db, repoId: number, f: { state?: string; name?: string }, p: { limit: number; offset: number }) {
  let q = db.selectFrom('milestone').where('repo_id', '=', repoId);
  const state = f.state ?? 'open';
  if (state === 'open') q = q.where('is_closed', '=', 0);
  else if (state === 'closed') q = q.where('is_closed', '=', 1);
  if (f.name) q = q.where((eb) => likeContains(eb.fn<string>('lower', ['name']), f.name!));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('deadline_unix', 'asc').orderBy('id').limit(p.limit).offset(p.offset).execute();
  return { total: Number(n), rows };
}

/** By id, or by title as Gitea's `{id}` path parameter also allows. */
export async function getMilestone(db: Db, repoId: number, idOrName: string): Promise<MilestoneRow> {
  let m: MilestoneRow | undefined;
  if (/^\d+$/.test(idOrName))
    m = await db.selectFrom('milestone').selectAll().where('repo_id', '=', repoId).where('id', '=', Number(idOrName)).executeTakeFirst();
  m ??= await db.selectFrom('milestone').selectAll().where('repo_id', '=', repoId).where('name', '=', idOrName).executeTakeFirst();
  if (!m) throw notFound('milestone does not exist');
  return m;
}

export async function createMilestone(db: Db, repoId: number, input: MilestoneInput & { title: string }): Promise<MilestoneRow> {
  const title = input.title.trim();
  if (!title) throw unprocessable('title: must not be empty');
  const now = nowUnix();
  const closed = input.state === 'closed';
  return db
    .insertInto('milestone')
    .values({
      repo_id: repoId,
      name: title,
      content: input.description ?? '',
      is_closed: closed ? 1 : 0,
      deadline_unix: toUnix(input.due_on, 'due_on'),
      closed_date_unix: closed ? now : 0,
      created_unix: now,
      updated_unix: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function editMilestone(db: Db, m: MilestoneRow, input: MilestoneInput): Promise<MilestoneRow> {
  const now = nowUnix();
  const set: Partial<MilestoneRow> = { updated_unix: now };
  if (input.title !== undefined) {
    if (!input.title.trim()) throw unprocessable('title: must not be empty');
    set.name = input.title.trim();
  }
  if (input.description !== undefined) set.content = input.description;
  if (input.due_on !== undefined) set.deadline_unix = toUnix(input.due_on, 'due_on');
  if (input.state !== undefined && (input.state === 'closed') !== (m.is_closed === 1)) {
    set.is_closed = input.state === 'closed' ? 1 : 0;
    set.closed_date_unix = input.state === 'closed' ? now : 0;
  }
  return db.updateTable('milestone').set(set).where('id', '=', m.id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteMilestone(db: Db, m: MilestoneRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('issue').set({ milestone_id: 0 }).where('milestone_id', '=', m.id).execute();
    await trx.deleteFrom('milestone').where('id', '=', m.id).execute();
  });
}
