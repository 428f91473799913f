// Following users, starring and watching repositories. Each row and the counters that count it
// (user.num_followers/num_following/num_stars, repository.num_stars/num_watches) change in one
// transaction, so the counts in User and Repository objects are always the number of rows.
// As Gitea's StarRepo/WatchRepo, starring and watching add no activity feed record.
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import {
  addStarCounts,
  addWatchCount,
  decrementFollowCounts,
  deleteFollow,
  deleteRepoStarsAndWatches,
  deleteStar,
  deleteWatch,
  findFollow,
  findStar,
  findWatch,
  incrementFollowCounts,
  insertFollow,
  insertStar,
  insertWatch,
} from '../db/social.ts';

export async function isFollowing(db: Db, userId: number, followId: number) {
  return !!(await findFollow(db, userId, followId));
}

/** Following oneself or someone already followed changes nothing (Gitea's FollowUser). */
export async function followUser(db: Db, userId: number, followId: number) {
  if (userId === followId) return;
  await db.transaction().execute(async (tx) => {
    if (!(await insertFollow(tx, userId, followId, nowUnix()))) return;
    await incrementFollowCounts(tx, userId, followId);
  });
}

export async function unfollowUser(db: Db, userId: number, followId: number) {
  await db.transaction().execute(async (tx) => {
    if (!(await deleteFollow(tx, userId, followId))) return;
    await decrementFollowCounts(tx, userId, followId);
  });
}

export async function isStarring(db: Db, uid: number, repoId: number) {
  return !!(await findStar(db, uid, repoId));
}

/** star=true stars, false unstars; a no-op when already so (Gitea's StarRepo). */
export async function setStar(db: Db, uid: number, repoId: number, star: boolean) {
  await db.transaction().execute(async (tx) => {
    const changed = star ? await insertStar(tx, uid, repoId, nowUnix()) : await deleteStar(tx, uid, repoId);
    if (!changed) return;
    await addStarCounts(tx, uid, repoId, star ? 1 : -1);
  });
}

export async function getWatch(db: Db, userId: number, repoId: number) {
  return findWatch(db, userId, repoId);
}

export async function setWatch(db: Db, userId: number, repoId: number, watch: boolean) {
  await db.transaction().execute(async (tx) => {
    const changed = watch ? await insertWatch(tx, userId, repoId, nowUnix()) : await deleteWatch(tx, userId, repoId);
    if (changed) await addWatchCount(tx, repoId, watch ? 1 : -1);
  });
}

/**
 * For deleting a repository, inside the caller's transaction: drops its stars and watches and
 * takes the stars off its stargazers' num_stars, so starred_repos_count stays the number of rows.
 */
export async function forgetRepoSocial(tx: Db, repoId: number) {
  await deleteRepoStarsAndWatches(tx, repoId);
}
