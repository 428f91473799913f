// Pinned issues and pull requests, as Gitea's models/issues/issue_pin.go: a repository pins up to
// MAX_PINNED issues and as many pull requests (setting.Repository.Issue.MaxPinned), each with its
// place (pin_order 1, 2, …); pinning appends, unpinning closes the gap, moving shifts the others.
// Pins and unpins show in the timeline (Gitea's CommentTypePin and CommentTypeUnpin).
import { sql } from 'kysely';
import type { Deps } from '../context.ts';
import type { Db } from '../db/types.ts';
import type { IssueRow, UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { lockRow } from '../db/dialect.ts';
import { getIssueById } from '../db/issues.ts';
import { CommentType, insertEvent } from './conversation.ts';

/** Gitea's default [repository.issue] MAX_PINNED. */
export const MAX_PINNED = 3;

const pinnedOf = (db: Db, repoId: number, isPull: number) =>
  db.selectFrom('issue').where('repo_id', '=', repoId).where('is_pull', '=', isPull).where('pin_order', '>', 0);

/** Shifts by `by` the places of the pinned issues (of the issue's kind) that `from` and `to` bound. */
const shift = (db: Db, issue: IssueRow, by: number, range: { above?: number; atLeast?: number; except?: number }) => {
  let q = db
    .updateTable('issue')
    .set({ pin_order: sql<number>`pin_order + ${by}` })
    .where('repo_id', '=', issue.repo_id)
    .where('is_pull', '=', issue.is_pull)
    .where('pin_order', '>', 0);
  if (range.above !== undefined) q = q.where('pin_order', '>', range.above);
  if (range.atLeast !== undefined) q = q.where('pin_order', '>=', range.atLeast);
  if (range.except !== undefined) q = q.where('id', '!=', range.except);
  return q.execute();
};

/**
 * Runs `fn` in a transaction with the repository's row locked on PostgreSQL (SQLite writes one at a
 * time), so two pins at once never take the same place; `fn` gets the issue as stored now.
 */
function withPinsLocked(db: Db, issue: IssueRow, fn: (trx: Db, now: IssueRow) => Promise<void>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'repository', issue.repo_id);
    await fn(trx, await getIssueById(trx, issue.id));
  });
}

async function maxPin(db: Db, repoId: number, isPull: number): Promise<number> {
  const row = await pinnedOf(db, repoId, isPull)
    .select((eb) => eb.fn.max<number>('pin_order').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The repository's pinned issues (or pull requests), in their order. */
export function listPinned(db: Db, repoId: number, isPull: boolean): Promise<IssueRow[]> {
  return pinnedOf(db, repoId, isPull ? 1 : 0)
    .selectAll()
    .orderBy('pin_order')
    .execute();
}

/** Gitea's IsNewPinAllowed for issues and for pull requests. */
export async function newPinsAllowed(db: Db, repoId: number): Promise<{ issues: boolean; pull_requests: boolean }> {
  const [issues, pulls] = await Promise.all([maxPin(db, repoId, 0), maxPin(db, repoId, 1)]);
  return { issues: issues < MAX_PINNED, pull_requests: pulls < MAX_PINNED };
}

/** Pins at the end of the list; a pinned one stays where it is; 422 when the list is full. */
export async function pinIssue(deps: Deps, issue: IssueRow, doer: UserRow): Promise<void> {
  await withPinsLocked(deps.db, issue, async (trx, now) => {
    if (now.pin_order > 0) return;
    const last = await maxPin(trx, now.repo_id, now.is_pull);
    if (last >= MAX_PINNED) throw new ApiError(422, `the maximum of ${MAX_PINNED} pinned ${now.is_pull ? 'pull requests' : 'issues'} has been reached`);
    await trx
      .updateTable('issue')
      .set({ pin_order: last + 1 })
      .where('id', '=', now.id)
      .execute();
    await insertEvent(trx, { type: CommentType.pin, poster_id: doer.id, issue_id: now.id });
  });
}

/** Unpins and closes the gap behind it; an issue that is not pinned stays so. */
export async function unpinIssue(deps: Deps, issue: IssueRow, doer: UserRow): Promise<void> {
  await withPinsLocked(deps.db, issue, async (trx, now) => {
    if (now.pin_order === 0) return;
    await shift(trx, now, -1, { above: now.pin_order });
    await trx.updateTable('issue').set({ pin_order: 0 }).where('id', '=', now.id).execute();
    await insertEvent(trx, { type: CommentType.unpin, poster_id: doer.id, issue_id: now.id });
  });
}

/** Moves a pinned issue to `position` (1 is first; past the end is last); 422 below 1. */
export async function movePin(deps: Deps, issue: IssueRow, position: number): Promise<void> {
  if (!Number.isSafeInteger(position) || position < 1) throw new ApiError(422, "The Position can't be lower than 1");
  await withPinsLocked(deps.db, issue, async (trx, now) => {
    if (now.pin_order === 0) return;
    const to = Math.min(position, await maxPin(trx, now.repo_id, now.is_pull));
    await shift(trx, now, -1, { above: now.pin_order });
    await shift(trx, now, 1, { atLeast: to, except: now.id });
    await trx.updateTable('issue').set({ pin_order: to }).where('id', '=', now.id).execute();
  });
}
