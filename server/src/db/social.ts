// Follows (follow), stars (star) and watches (watch): the lists of users and repositories they
// make, paged, limited by the caller's visibility condition.
import type { Db } from './types.ts';
import type { RepoRow, UserRow } from './schema.ts';
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
