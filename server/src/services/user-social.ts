// Following users, starring and watching repositories. Each row and the counters that count it
// (user.num_followers/num_following/num_stars, repository.num_stars/num_watches) change in one
// transaction, so the counts in User and Repository objects are always the number of rows.
// As Gitea's StarRepo/WatchRepo, starring and watching add no activity feed record.
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';

export async function isFollowing(db: Db, userId: number, followId: number) {
  return !!(await db.selectFrom('follow').select('id').where('user_id', '=', userId).where('follow_id', '=', followId).executeTakeFirst());
}

/** Following oneself or someone already followed changes nothing (Gitea's FollowUser). */
export async function followUser(db: Db, userId: number, followId: number) {
  if (userId === followId) return;
  await db.transaction().execute(async (tx) => {
    const res = await tx
      .insertInto('follow')
      .values({ user_id: userId, follow_id: followId, created_unix: nowUnix() })
      .onConflict((oc) => oc.columns(['user_id', 'follow_id']).doNothing())
      .executeTakeFirst();
    if (!Number(res.numInsertedOrUpdatedRows)) return;
    await tx
      .updateTable('user')
      .set({ num_followers: sql`num_followers + 1` })
      .where('id', '=', followId)
      .execute();
    await tx
      .updateTable('user')
      .set({ num_following: sql`num_following + 1` })
      .where('id', '=', userId)
      .execute();
  });
}

export async function unfollowUser(db: Db, userId: number, followId: number) {
  await db.transaction().execute(async (tx) => {
    const res = await tx.deleteFrom('follow').where('user_id', '=', userId).where('follow_id', '=', followId).executeTakeFirst();
    if (!Number(res.numDeletedRows)) return;
    await tx
      .updateTable('user')
      .set({ num_followers: sql`num_followers - 1` })
      .where('id', '=', followId)
      .execute();
    await tx
      .updateTable('user')
      .set({ num_following: sql`num_following - 1` })
      .where('id', '=', userId)
      .execute();
  });
}

export async function isStarring(db: Db, uid: number, repoId: number) {
  return !!(await db.selectFrom('star').select('id').where('uid', '=', uid).where('repo_id', '=', repoId).executeTakeFirst());
}

/** star=true stars, false unstars; a no-op when already so (Gitea's StarRepo). */
export async function setStar(db: Db, uid: number, repoId: number, star: boolean) {
  await db.transaction().execute(async (tx) => {
    let changed: boolean;
    if (star) {
      const res = await tx
        .insertInto('star')
        .values({ uid, repo_id: repoId, created_unix: nowUnix() })
        .onConflict((oc) => oc.columns(['uid', 'repo_id']).doNothing())
        .executeTakeFirst();
      changed = Number(res.numInsertedOrUpdatedRows) > 0;
    } else {
      const res = await tx.deleteFrom('star').where('uid', '=', uid).where('repo_id', '=', repoId).executeTakeFirst();
      changed = Number(res.numDeletedRows) > 0;
    }
    if (!changed) return;
    const d = star ? 1 : -1;
    await tx
      .updateTable('repository')
      .set({ num_stars: sql`num_stars + ${d}` })
      .where('id', '=', repoId)
      .execute();
    await tx
      .updateTable('user')
      .set({ num_stars: sql`num_stars + ${d}` })
      .where('id', '=', uid)
      .execute();
  });
}

export async function getWatch(db: Db, userId: number, repoId: number) {
  return db.selectFrom('watch').selectAll().where('user_id', '=', userId).where('repo_id', '=', repoId).executeTakeFirst();
}

export async function setWatch(db: Db, userId: number, repoId: number, watch: boolean) {
  await db.transaction().execute(async (tx) => {
    let changed: boolean;
    if (watch) {
      const t = nowUnix();
      const res = await tx
        .insertInto('watch')
        .values({ user_id: userId, repo_id: repoId, mode: 1, created_unix: t, updated_unix: t })
        .onConflict((oc) => oc.columns(['user_id', 'repo_id']).doNothing())
        .executeTakeFirst();
      changed = Number(res.numInsertedOrUpdatedRows) > 0;
    } else {
      const res = await tx.deleteFrom('watch').where('user_id', '=', userId).where('repo_id', '=', repoId).executeTakeFirst();
      changed = Number(res.numDeletedRows) > 0;
    }
    if (changed)
      await tx
        .updateTable('repository')
        .set({ num_watches: sql`num_watches + ${watch ? 1 : -1}` })
        .where('id', '=', repoId)
        .execute();
  });
}

/**
 * For deleting a repository, inside the caller's transaction: drops its stars and watches and
 * takes the stars off its stargazers' num_stars, so starred_repos_count stays the number of rows.
 */
export async function forgetRepoSocial(tx: Db, repoId: number) {
  await tx
    .updateTable('user')
    .set({ num_stars: sql`num_stars - 1` })
    .where('id', 'in', tx.selectFrom('star').select('star.uid').where('star.repo_id', '=', repoId))
    .execute();
  await tx.deleteFrom('star').where('repo_id', '=', repoId).execute();
  await tx.deleteFrom('watch').where('repo_id', '=', repoId).execute();
}
