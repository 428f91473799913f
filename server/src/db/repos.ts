// Repository rows: lookups by id and name, creation, edits, deletion, forks and the search and
// fork lists. Which repositories a viewer may read is a rule (services/permissions.ts readableRepo):
// the lists take it as a filter.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from './types.ts';
import type { Database, NewRepo, RepoRow, RepoUpdate, UserRow } from './schema.ts';
import { int32OrNone, lockRow } from './dialect.ts';
import { reachedBy } from './repo-reach.ts';

/** `expr LIKE '%word%'` with % and _ in the word literal, on SQLite and PostgreSQL alike. */
function likeEscaped(expr: Expression<string>, word: string) {
  const like = `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql<SqlBool>`${expr} like ${like} escape '\\'`;
}

/** A condition on `repository` rows, such as readableRepo(viewer). */
export type RepoFilter = (eb: ExpressionBuilder<Database, 'repository'>) => Expression<SqlBool>;

export function findRepoById(db: Db, id: number): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The repository `ownerId` has under this name (any case). */
export function findRepoByOwnerAndName(db: Db, ownerId: number, name: string): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('owner_id', '=', ownerId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** The id of the repository `ownerId` has under this name (any case): whether the name is taken. */
export function findRepoIdByOwnerAndName(db: Db, ownerId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('repository').select('id').where('owner_id', '=', ownerId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** The owners of a list of repositories (users and organizations by id). */
export function listOwnersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  return db.selectFrom('user').selectAll().where('id', 'in', ids).execute();
}

export function insertRepo(db: Db, row: NewRepo): Promise<RepoRow> {
  return db.insertInto('repository').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateRepo(db: Db, id: number, update: RepoUpdate): Promise<RepoRow> {
  return db.updateTable('repository').set(update).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A repository's folder and emptiness state: what start-up reconciliation checks. */
export type RepoFolderState = Pick<RepoRow, 'id' | 'owner_name' | 'name' | 'is_empty' | 'default_branch'>;

export function listRepoFolderStates(db: Db): Promise<RepoFolderState[]> {
  return db.selectFrom('repository').select(['id', 'owner_name', 'name', 'is_empty', 'default_branch']).execute();
}

export function findRepoFolderState(db: Db, id: number): Promise<RepoFolderState | undefined> {
  return db.selectFrom('repository').select(['id', 'owner_name', 'name', 'is_empty', 'default_branch']).where('id', '=', id).executeTakeFirst();
}

/** Like updateRepo, without reading the row back. */
export async function updateRepoColumns(db: Db, id: number, update: RepoUpdate): Promise<void> {
  await db.updateTable('repository').set(update).where('id', '=', id).execute();
}

/** The repositories without any issue yet, oldest first. */
export function listReposWithoutIssues(db: Db): Promise<RepoRow[]> {
  return db.selectFrom('repository').selectAll().where('num_issues', '=', 0).orderBy('id').execute();
}

/** The repository's feed entries follow its visibility. */
export async function updateRepoActionsPrivacy(db: Db, repoId: number, isPrivate: number): Promise<void> {
  await db.updateTable('action').set({ is_private: isPrivate }).where('repo_id', '=', repoId).execute();
}

export async function deleteRepoActions(db: Db, repoId: number): Promise<void> {
  await db.deleteFrom('action').where('repo_id', '=', repoId).execute();
}

export async function deleteRepoRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('repository').where('id', '=', id).execute();
}

/** The forks of `repoId` become ordinary repositories. */
export async function detachForksOf(db: Db, repoId: number): Promise<void> {
  await db.updateTable('repository').set({ is_fork: 0, fork_id: 0 }).where('fork_id', '=', repoId).execute();
}

/** The fork `ownerId` has of repository `baseId`, if any (Gitea's GetUserFork). */
export function findUserFork(db: Db, baseId: number, ownerId: number): Promise<RepoRow | undefined> {
  return db.selectFrom('repository').selectAll().where('fork_id', '=', baseId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** repository.num_forks recounted from the rows (the row locked first), so it can never drift. */
export async function recountRepoForks(db: Db, repoId: number): Promise<void> {
  await lockRow(db, 'repository', repoId);
  await db
    .updateTable('repository')
    .set({ num_forks: sql<number>`(SELECT COUNT(*) FROM repository AS f WHERE f.fork_id = ${repoId})` })
    .where('id', '=', repoId)
    .execute();
}

/** One page of the forks of `repoId` that pass `readable`, by id, and how many there are in all. */
export async function listForksPage(db: Db, repoId: number, readable: RepoFilter, limit: number, offset: number): Promise<{ total: number; rows: RepoRow[] }> {
  const query = db.selectFrom('repository').where('repository.fork_id', '=', repoId).where(readable);
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll('repository').orderBy('repository.id').limit(limit).offset(offset).execute();
  return { total: Number(n), rows };
}

/** Columns GET /repos/search sorts by (then by id). */
export type RepoSortColumn = 'lower_name' | 'created_unix' | 'updated_unix' | 'size' | 'num_stars' | 'num_forks' | 'id';

/** GET /repos/search's filters, already checked. */
export interface RepoSearch {
  q?: string;
  topic?: boolean;
  includeDesc?: boolean;
  uid?: number;
  /** With uid: owned repositories only. */
  exclusive?: boolean;
  /** With uid: the caller is signed in and did not ask private=false (Gitea's opts.Private). */
  includePrivate?: boolean;
  priority_owner_id?: number;
  team_id?: number;
  starredBy?: number;
  private?: boolean;
  is_private?: boolean;
  template?: boolean;
  archived?: boolean;
  mode?: string;
  sort: RepoSortColumn;
  order: 'asc' | 'desc';
}

/** One page of the repositories that pass `readable` and the search's filters, and how many match in all. */
export async function searchRepos(db: Db, readable: RepoFilter, q: RepoSearch, limit: number, offset: number): Promise<{ total: number; rows: RepoRow[] }> {
  let query = db.selectFrom('repository').where(readable);
  if (q.private === false || q.is_private === false) query = query.where('repository.is_private', '=', 0);
  if (q.is_private === true) query = query.where('repository.is_private', '=', 1);
  if (q.template === false) query = query.where('repository.is_template', '=', 0);
  if (q.archived !== undefined) query = query.where('repository.is_archived', '=', q.archived ? 1 : 0);
  // uid: what the user owns and reaches through collaborations, teams and organizations (Gitea's OwnerID + Collaborate).
  if (q.uid)
    query = query.where(
      reachedBy(q.uid, { collaborate: q.exclusive ? false : q.mode === 'collaborative' ? true : undefined, includePrivate: !!q.includePrivate }),
    );
  if (q.mode === 'fork') query = query.where('repository.is_fork', '=', 1);
  if (q.mode === 'source') query = query.where('repository.is_fork', '=', 0);
  if (q.starredBy) query = query.where('repository.id', 'in', db.selectFrom('star').select('star.repo_id').where('star.uid', '=', int32OrNone(q.starredBy!)));
  // No mirrors or teams yet: these filters match nothing (collaborative, not a mirror, is a uid filter above).
  if (q.mode === 'mirror' || q.team_id) query = query.where('repository.id', '<', 0);
  if (q.q) {
    // As Gitea's SearchRepositoryCondition: the keyword is split at commas; a repository matches by a
    // topic (the exact name with topic=true, a part of it without), or else by name or description.
    const words = q.q.toLowerCase().split(',');
    const byTopic = db
      .selectFrom('repo_topic')
      .innerJoin('topic', 'topic.id', 'repo_topic.topic_id')
      .select('repo_topic.repo_id')
      .where((eb) => eb.or(words.map((w) => (q.topic ? eb('topic.name', '=', w) : likeEscaped(eb.ref('topic.name'), w)))));
    query = query.where((eb) => {
      const terms: Expression<SqlBool>[] = [eb('repository.id', 'in', byTopic)];
      if (!q.topic)
        for (const w of words) {
          terms.push(likeEscaped(eb.ref('repository.lower_name'), w));
          if (q.includeDesc) terms.push(likeEscaped(sql<string>`lower(${eb.ref('repository.description')})`, w));
        }
      return eb.or(terms);
    });
  }
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rowsQ = query.selectAll('repository');
  if (q.priority_owner_id) rowsQ = rowsQ.orderBy((eb) => eb.case().when('repository.owner_id', '=', int32OrNone(q.priority_owner_id!)).then(0).else(1).end());
  rowsQ = rowsQ.orderBy(`repository.${q.sort}`, q.order).orderBy('repository.id', q.order);
  const rows = await rowsQ.limit(limit).offset(offset).execute();
  return { total: Number(n), rows };
}
