// Commit statuses (CI results posted against a commit): the latest per context, the full list with
// Gitea's sorts, and storing one. Data access only; the rules are services/pulls/statuses.ts.
import type { Db } from './types.ts';
import type { CommitStatusRow } from './schema.ts';

/** The latest status of each context of a commit, newest context first (Gitea's GetLatestCommitStatus). */
export async function latestStatuses(db: Db, repoId: number, sha: string, page?: { offset: number; limit: number }) {
  let q = db
    .selectFrom('commit_status')
    .select((eb) => eb.fn.max('index').as('index'))
    .where('repo_id', '=', repoId)
    .where('sha', '=', sha)
    .groupBy('context')
    .orderBy((eb) => eb.fn.max('index'), 'desc');
  const total = page
    ? Number(
        (
          await db
            .selectFrom('commit_status')
            .select((eb) => eb.fn.count<number>('context').distinct().as('n'))
            .where('repo_id', '=', repoId)
            .where('sha', '=', sha)
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  if (page) q = q.limit(page.limit).offset(page.offset);
  const indices = (await q.execute()).map((r) => Number(r.index));
  const rows = indices.length
    ? await db
        .selectFrom('commit_status')
        .selectAll()
        .where('repo_id', '=', repoId)
        .where('sha', '=', sha)
        .where('index', 'in', indices)
        .orderBy('index', 'desc')
        .execute()
    : [];
  return { rows, total: page ? total : rows.length };
}

export interface ListStatusOptions {
  sort?: string;
  state?: string;
  offset: number;
  limit: number;
}

/** Every status of a commit, with Gitea's sorts and a state filter (a known state: the caller checked it). */
export async function listCommitStatuses(db: Db, repoId: number, sha: string, opts: ListStatusOptions) {
  let q = db.selectFrom('commit_status').where('repo_id', '=', repoId).where('sha', '=', sha);
  if (opts.state) q = q.where('state', '=', opts.state);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = q.selectAll();
  // Gitea's ToOrders; "leastindex" and "highestindex" are the other way round there too, and the index
  // breaks ties between statuses posted in the same second.
  switch (opts.sort) {
    case 'oldest':
      rows = rows.orderBy('created_unix', 'asc').orderBy('index', 'asc');
      break;
    case 'recentupdate':
      rows = rows.orderBy('updated_unix', 'desc').orderBy('index', 'desc');
      break;
    case 'leastupdate':
      rows = rows.orderBy('updated_unix', 'asc').orderBy('index', 'asc');
      break;
    case 'leastindex':
      rows = rows.orderBy('index', 'desc');
      break;
    case 'highestindex':
      rows = rows.orderBy('index', 'asc');
      break;
    default:
      rows = rows.orderBy('created_unix', 'desc').orderBy('index', 'desc');
  }
  return { total: Number(n), rows: await rows.limit(opts.limit).offset(opts.offset).execute() };
}

/** The highest status number of a commit so far (null when it has none). */
export async function maxStatusIndex(db: Db, repoId: number, sha: string) {
  const { max } = await db
    .selectFrom('commit_status')
    .select((eb) => eb.fn.max('index').as('max'))
    .where('repo_id', '=', repoId)
    .where('sha', '=', sha)
    .executeTakeFirstOrThrow();
  return max;
}

export function insertCommitStatus(db: Db, v: Omit<CommitStatusRow, 'id'>): Promise<CommitStatusRow> {
  return db.insertInto('commit_status').values(v).returningAll().executeTakeFirstOrThrow();
}
