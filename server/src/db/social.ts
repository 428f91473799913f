// Follows (follow), stars (star) and watches (watch): the rows, the counters that count them, and
// the lists of users and repositories they make, paged, limited by the caller's visibility condition.
import { sql, type Selectable } from 'kysely';
import type { Db } from './types.ts';
import type { RepoRow, UserRow, WatchTable } from './schema.ts';
import { countThenPage, type PageWindow, type RepoFilter, type RowsPage, type UserFilter } from './page-rows.ts';

/** A page of users of the id subquery that pass `visible`, oldest account first. */
function usersPage(
  db: Db,
  ids: ReturnType<typeof followerIds> | ReturnType<typeof followingIds> | ReturnType<typeof stargazerIds> | ReturnType<typeof watcherIds>,
  visible: UserFilter,
  p: PageWindow,
): Promise<RowsPage<UserRow>> {
  const q = db.selectFrom('user').where('user.id', 'in', ids).where(visible);
  return countThenPage(q, p, (page) => page.selectAll('user').orderBy('user.id'));
}

const followerIds = (db: Db, userId: number) => db.selectFrom('follow').select('follow.user_id').where('follow.follow_id', '=', userId);
const followingIds = (db: Db, userId: number) => db.selectFrom('follow').select('follow.follow_id').where('follow.user_id', '=', userId);
const stargazerIds = (db: Db, repoId: number) => db.selectFrom('star').select('star.uid').where('star.repo_id', '=', repoId);
const watcherIds = (db: Db, repoId: number) => db.selectFrom('watch').select('watch.user_id').where('watch.repo_id', '=', repoId);

/** A page of a user's followers that pass `visible`. */
export function listFollowersPage(db: Db, userId: number, visible: UserFilter, p: PageWindow): Promise<RowsPage<UserRow>> {
  return usersPage(db, followerIds(db, userId), visible, p);
}

/** A page of the users a user follows that pass `visible`. */
export function listFollowingPage(db: Db, userId: number, visible: UserFilter, p: PageWindow): Promise<RowsPage<UserRow>> {
  return usersPage(db, followingIds(db, userId), visible, p);
}

/** A page of the users who starred a repository that pass `visible`. */
export function listStargazersPage(db: Db, repoId: number, visible: UserFilter, p: PageWindow): Promise<RowsPage<UserRow>> {
  return usersPage(db, stargazerIds(db, repoId), visible, p);
}

/** A page of the users who watch a repository that pass `visible`. */
export function listWatchersPage(db: Db, repoId: number, visible: UserFilter, p: PageWindow): Promise<RowsPage<UserRow>> {
  return usersPage(db, watcherIds(db, repoId), visible, p);
}

/** A page of repositories of the id subquery that pass `readable`, newest first. */
function reposPage(
  db: Db,
  ids: ReturnType<typeof starredIds> | ReturnType<typeof watchedIds>,
  readable: RepoFilter,
  p: PageWindow,
): Promise<RowsPage<RepoRow>> {
  const q = db.selectFrom('repository').where('repository.id', 'in', ids).where(readable);
  return countThenPage(q, p, (page) => page.selectAll('repository').orderBy('repository.id', 'desc'));
}

const starredIds = (db: Db, uid: number) => db.selectFrom('star').select('star.repo_id').where('star.uid', '=', uid);
const watchedIds = (db: Db, uid: number) => db.selectFrom('watch').select('watch.repo_id').where('watch.user_id', '=', uid);

/** A page of the repositories a user starred that pass `readable`. */
export function listStarredReposPage(db: Db, uid: number, readable: RepoFilter, p: PageWindow): Promise<RowsPage<RepoRow>> {
  return reposPage(db, starredIds(db, uid), readable, p);
}

/** A page of the repositories a user watches that pass `readable`. */
export function listWatchedReposPage(db: Db, uid: number, readable: RepoFilter, p: PageWindow): Promise<RowsPage<RepoRow>> {
  return reposPage(db, watchedIds(db, uid), readable, p);
}

/** The follow row when `userId` follows `followId`. */
export function findFollow(db: Db, userId: number, followId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('follow').select('id').where('user_id', '=', userId).where('follow_id', '=', followId).executeTakeFirst();
}

/** Adds the follow row unless there is one; whether it was added. */
export async function insertFollow(db: Db, userId: number, followId: number, now: number): Promise<boolean> {
  const res = await db
    .insertInto('follow')
    .values({ user_id: userId, follow_id: followId, created_unix: now })
    .onConflict((oc) => oc.columns(['user_id', 'follow_id']).doNothing())
    .executeTakeFirst();
  return !!Number(res.numInsertedOrUpdatedRows);
}

/** Removes the follow row; whether there was one. */
export async function deleteFollow(db: Db, userId: number, followId: number): Promise<boolean> {
  const res = await db.deleteFrom('follow').where('user_id', '=', userId).where('follow_id', '=', followId).executeTakeFirst();
  return !!Number(res.numDeletedRows);
}

/** One more follower for `followId`, one more followed user for `userId`. */
export async function incrementFollowCounts(db: Db, userId: number, followId: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ num_followers: sql`num_followers + 1` })
    .where('id', '=', followId)
    .execute();
  await db
    .updateTable('user')
    .set({ num_following: sql`num_following + 1` })
    .where('id', '=', userId)
    .execute();
}

/** One follower less for `followId`, one followed user less for `userId`. */
export async function decrementFollowCounts(db: Db, userId: number, followId: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ num_followers: sql`num_followers - 1` })
    .where('id', '=', followId)
    .execute();
  await db
    .updateTable('user')
    .set({ num_following: sql`num_following - 1` })
    .where('id', '=', userId)
    .execute();
}

/** The star row when `uid` starred the repository. */
export function findStar(db: Db, uid: number, repoId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('star').select('id').where('uid', '=', uid).where('repo_id', '=', repoId).executeTakeFirst();
}

/** Adds the star row unless there is one; whether it was added. */
export async function insertStar(db: Db, uid: number, repoId: number, now: number): Promise<boolean> {
  const res = await db
    .insertInto('star')
    .values({ uid, repo_id: repoId, created_unix: now })
    .onConflict((oc) => oc.columns(['uid', 'repo_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) > 0;
}

/** Removes the star row; whether there was one. */
export async function deleteStar(db: Db, uid: number, repoId: number): Promise<boolean> {
  const res = await db.deleteFrom('star').where('uid', '=', uid).where('repo_id', '=', repoId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Adds `d` (1 or -1) to the repository's num_stars and to the user's. */
export async function addStarCounts(db: Db, uid: number, repoId: number, d: number): Promise<void> {
  await db
    .updateTable('repository')
    .set({ num_stars: sql`num_stars + ${d}` })
    .where('id', '=', repoId)
    .execute();
  await db
    .updateTable('user')
    .set({ num_stars: sql`num_stars + ${d}` })
    .where('id', '=', uid)
    .execute();
}

export type WatchRow = Selectable<WatchTable>;

export function findWatch(db: Db, userId: number, repoId: number): Promise<WatchRow | undefined> {
  return db.selectFrom('watch').selectAll().where('user_id', '=', userId).where('repo_id', '=', repoId).executeTakeFirst();
}

/** Adds the watch row unless there is one; whether it was added. */
export async function insertWatch(db: Db, userId: number, repoId: number, now: number): Promise<boolean> {
  const res = await db
    .insertInto('watch')
    .values({ user_id: userId, repo_id: repoId, mode: 1, created_unix: now, updated_unix: now })
    .onConflict((oc) => oc.columns(['user_id', 'repo_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) > 0;
}

/** Removes the watch row; whether there was one. */
export async function deleteWatch(db: Db, userId: number, repoId: number): Promise<boolean> {
  const res = await db.deleteFrom('watch').where('user_id', '=', userId).where('repo_id', '=', repoId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Adds `d` (1 or -1) to the repository's num_watches. */
export async function addWatchCount(db: Db, repoId: number, d: number): Promise<void> {
  await db
    .updateTable('repository')
    .set({ num_watches: sql`num_watches + ${d}` })
    .where('id', '=', repoId)
    .execute();
}

/** A repository's stars and watches, its stargazers' num_stars one lower each. */
export async function deleteRepoStarsAndWatches(db: Db, repoId: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ num_stars: sql`num_stars - 1` })
    .where('id', 'in', db.selectFrom('star').select('star.uid').where('star.repo_id', '=', repoId))
    .execute();
  await db.deleteFrom('star').where('repo_id', '=', repoId).execute();
  await db.deleteFrom('watch').where('repo_id', '=', repoId).execute();
}
