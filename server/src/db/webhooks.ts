// Webhooks (webhook) and their delivery queue (hook_task), issue #21. PostgreSQL hands bigint back
// as a string: readers Number() the millisecond columns.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './types.ts';
import { isPostgres } from './dialect.ts';
import type { HookTaskRow, HookTaskTable, WebhookRow, WebhookTable } from './schema.ts';

/** Whose hooks: a repository's, or an organization's (repo_id 0). */
export type HookScope = { repoId: number } | { ownerId: number };

function scoped<Q extends { where: (...a: any[]) => Q }>(q: Q, scope: HookScope): Q {
  return 'repoId' in scope ? q.where('repo_id', '=', scope.repoId) : q.where('owner_id', '=', scope.ownerId).where('repo_id', '=', 0);
}

export async function listHooks(db: Db, scope: HookScope, page: { limit: number; offset: number }): Promise<{ rows: WebhookRow[]; total: number }> {
  const rows = await scoped(db.selectFrom('webhook').selectAll(), scope).orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute();
  const count = await scoped(
    db.selectFrom('webhook').select((eb) => eb.fn.countAll<number>().as('n')),
    scope,
  ).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function findHook(db: Db, scope: HookScope, id: number): Promise<WebhookRow | undefined> {
  return scoped(db.selectFrom('webhook').selectAll().where('id', '=', id), scope).executeTakeFirst();
}

export function findHookById(db: Db, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertHook(db: Db, values: Insertable<WebhookTable>): Promise<WebhookRow> {
  return db.insertInto('webhook').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateHook(db: Db, id: number, values: Updateable<WebhookTable>): Promise<void> {
  await db.updateTable('webhook').set(values).where('id', '=', id).execute();
}

/** Deletes the hook and its deliveries; whether there was one. */
export async function deleteHook(db: Db, scope: HookScope, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await scoped(trx.deleteFrom('webhook').where('id', '=', id), scope).executeTakeFirst();
    if (!Number(res.numDeletedRows)) return false;
    await trx.deleteFrom('hook_task').where('hook_id', '=', id).execute();
    return true;
  });
}

/** The active hooks an event in this repository goes to: its own and its owner's (an organization). */
export function activeHooksFor(db: Db, repoId: number, ownerId: number): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhook')
    .selectAll()
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('repo_id', '=', repoId), eb.and([eb('owner_id', '=', ownerId), eb('repo_id', '=', 0)])]))
    .orderBy('id', 'asc')
    .execute();
}

export async function insertHookTasks(db: Db, rows: Insertable<HookTaskTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('hook_task').values(rows).execute();
}

const normalize = (t: HookTaskRow): HookTaskRow => ({
  ...t,
  next_attempt_at: Number(t.next_attempt_at),
  claimed_until: Number(t.claimed_until),
  delivered: Number(t.delivered),
  created_unix: Number(t.created_unix),
});

/**
 * Takes up to `limit` due tasks for this worker until `leaseUntil`: one statement, so two workers
 * never take the same task (PostgreSQL: FOR UPDATE SKIP LOCKED, so several processes share the
 * queue without waiting on each other; SQLite: one writer at a time). A task whose worker died
 * while holding it is due again when its lease ends.
 */
export async function claimDueTasks(db: Db, now: number, leaseUntil: number, limit: number): Promise<HookTaskRow[]> {
  let due = db
    .selectFrom('hook_task')
    .select('id')
    .where('is_delivered', '=', 0)
    .where('next_attempt_at', '<=', now)
    .where('claimed_until', '<=', now)
    .orderBy('id', 'asc')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db.updateTable('hook_task').set({ claimed_until: leaseUntil }).where('id', 'in', due).returningAll().execute();
  return rows.map(normalize).sort((a, b) => a.id - b.id);
}

export async function finishTaskAttempt(db: Db, id: number, values: Updateable<HookTaskTable>): Promise<void> {
  await db.updateTable('hook_task').set(values).where('id', '=', id).execute();
}

/** A hook's deliveries, newest first. */
export async function listHookTasks(db: Db, hookId: number, page: { limit: number; offset: number }): Promise<{ rows: HookTaskRow[]; total: number }> {
  const rows = await db.selectFrom('hook_task').selectAll().where('hook_id', '=', hookId).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const count = await db
    .selectFrom('hook_task')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hook_id', '=', hookId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(normalize), total: Number(count.n) };
}

export async function findHookTask(db: Db, hookId: number, id: number): Promise<HookTaskRow | undefined> {
  const row = await db.selectFrom('hook_task').selectAll().where('hook_id', '=', hookId).where('id', '=', id).executeTakeFirst();
  return row && normalize(row);
}

/** Whether any task is due now or later (the worker's idle check). */
export async function nextDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('hook_task')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('is_delivered', '=', 0)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
