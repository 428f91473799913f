// Activity feed records (action): one row per feed that shows an action, and the feed pages.
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db } from './types.ts';
import type { ActionRow, ActionTable, Database, RepoRow } from './schema.ts';
import type { PageWindow, RepoFilter, RowsPage } from './page-rows.ts';

export async function insertActions(db: Db, rows: Insertable<ActionTable>[]): Promise<void> {
  await db.insertInto('action').values(rows).execute();
}

/** Whose feed a page is read from. */
export type FeedSource =
  /** A repository's feed: its rows in the owner's feed. */
  | { kind: 'repo'; repoId: number; ownerId: number }
  /** A user's feed, or only what the user did. */
  | { kind: 'user'; userId: number; onlyPerformedBy: boolean }
  /** An organization's feed, with or without private actions. */
  | { kind: 'org'; orgId: number; includePrivate: boolean }
  /** An organization's feed limited to a team's repositories. */
  | { kind: 'team'; orgId: number; teamId: number };

type FeedQuery = SelectQueryBuilder<Database, 'action' | 'repository', object>;

function feedBase(db: Db, source: FeedSource): FeedQuery {
  const base = db.selectFrom('action').innerJoin('repository', 'repository.id', 'action.repo_id');
  switch (source.kind) {
    case 'repo':
      return base.where('action.repo_id', '=', source.repoId).where('action.user_id', '=', source.ownerId);
    case 'user': {
      const q = base.where('action.user_id', '=', source.userId);
      return source.onlyPerformedBy ? q.where('action.act_user_id', '=', source.userId) : q;
    }
    case 'org': {
      const q = base.where('action.user_id', '=', source.orgId);
      return source.includePrivate ? q : q.where('action.is_private', '=', 0);
    }
    case 'team':
      return base
        .where('action.user_id', '=', source.orgId)
        .where('action.repo_id', 'in', db.selectFrom('team_repo').select('team_repo.repo_id').where('team_repo.team_id', '=', source.teamId));
  }
}

/**
 * A page of a feed, newest first, of repositories that pass `readable`, only of [from, to) when a
 * day is given, with the total.
 */
export async function listFeedPage(
  db: Db,
  source: FeedSource,
  readable: RepoFilter,
  day: [number, number] | null,
  p: PageWindow,
): Promise<RowsPage<ActionRow>> {
  let query = feedBase(db, source).where(readable);
  if (day) {
    const [from, to] = day;
    query = query.where('action.created_unix', '>=', from).where('action.created_unix', '<', to);
  }
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll('action').orderBy('action.created_unix', 'desc').orderBy('action.id', 'desc').limit(p.limit).offset(p.offset).execute();
  return { total: Number(n), rows };
}

/**
 * Actions in `userId`'s feed since `since` (only those they did when `ownActsOnly`), of repositories
 * that pass `readable`, counted per quarter of an hour, oldest first.
 */
export function countActionsByQuarterHour(
  db: Db,
  userId: number,
  ownActsOnly: boolean,
  since: number,
  readable: RepoFilter,
): Promise<Array<{ timestamp: number; contributions: number }>> {
  const slot = sql<number>`(action.created_unix / 900) * 900`;
  let q = db.selectFrom('action').innerJoin('repository', 'repository.id', 'action.repo_id').where('action.user_id', '=', userId);
  if (ownActsOnly) q = q.where('action.act_user_id', '=', userId);
  return q
    .where('action.created_unix', '>', since)
    .where(readable)
    .select([slot.as('timestamp'), (eb) => eb.fn.countAll<number>().as('contributions')])
    .groupBy(slot)
    .orderBy(slot)
    .execute();
}

/** The repositories with these ids. */
export function findReposByIds(db: Db, ids: number[]): Promise<RepoRow[]> {
  return db.selectFrom('repository').selectAll().where('id', 'in', ids).execute();
}
