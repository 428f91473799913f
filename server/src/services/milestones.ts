// Repository milestones. Issue counts are counted from `issue` when shown (see milestoneCounts).
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { deleteMilestoneRows, findMilestoneById, findMilestoneByName, insertMilestone, listRepoMilestones, updateMilestone } from '../db/milestones.ts';
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
  const { n, rows } = await listRepoMilestones(db, repoId, { state: f.state ?? 'open', name: f.name }, p);
  return { total: Number(n), rows };
}

/** By id, or by title as Gitea's `{id}` path parameter also allows. */
export async function getMilestone(db: Db, repoId: number, idOrName: string): Promise<MilestoneRow> {
  let m: MilestoneRow | undefined;
  if (/^\d+$/.test(idOrName)) m = await findMilestoneById(db, repoId, Number(idOrName));
  m ??= await findMilestoneByName(db, repoId, idOrName);
  if (!m) throw notFound('milestone does not exist');
  return m;
}

export async function createMilestone(db: Db, repoId: number, input: MilestoneInput & { title: string }): Promise<MilestoneRow> {
  const title = input.title.trim();
  if (!title) throw unprocessable('title: must not be empty');
  const now = nowUnix();
  const closed = input.state === 'closed';
  return insertMilestone(db, {
    repo_id: repoId,
    name: title,
    content: input.description ?? '',
    is_closed: closed ? 1 : 0,
    deadline_unix: toUnix(input.due_on, 'due_on'),
    closed_date_unix: closed ? now : 0,
    created_unix: now,
    updated_unix: now,
  });
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
  return updateMilestone(db, m.id, set);
}

export async function deleteMilestone(db: Db, m: MilestoneRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteMilestoneRows(trx, m.id);
  });
}
