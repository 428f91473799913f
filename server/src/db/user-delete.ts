// Deleting a user's own account (issue #20), as Gitea's deleteUser: what only concerns the user
// goes; what they wrote in other people's repositories (issues, comments, reviews) stays and is
// shown as by Gitea's "Ghost". The service refuses first while they own repositories or belong to
// organizations, so there is nothing of theirs left that others depend on.
import { sql } from 'kysely';
import type { Db } from './types.ts';
import { deleteUserNotifications } from './notifications.ts';
import { deleteIssueWatches } from './issue-watches.ts';

/** How many organizations the user is a member of. */
export async function countOrgMemberships(db: Db, uid: number): Promise<number> {
  const { n } = await db
    .selectFrom('org_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many active site administrators there are. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .where('type', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The user and everything only theirs, in one transaction; the counters of others follow. */
export async function deleteUserRows(db: Db, uid: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Stars and watches: the repositories' counters lose them.
    await trx
      .updateTable('repository')
      .set({ num_stars: sql`num_stars - 1` })
      .where('id', 'in', trx.selectFrom('star').select('star.repo_id').where('star.uid', '=', uid))
      .execute();
    await trx
      .updateTable('repository')
      .set({ num_watches: sql`num_watches - 1` })
      .where('id', 'in', trx.selectFrom('watch').select('watch.repo_id').where('watch.user_id', '=', uid))
      .execute();
    // Follows both ways: the others' follower and following counts.
    await trx
      .updateTable('user')
      .set({ num_followers: sql`num_followers - 1` })
      .where('id', 'in', trx.selectFrom('follow').select('follow.follow_id').where('follow.user_id', '=', uid))
      .execute();
    await trx
      .updateTable('user')
      .set({ num_following: sql`num_following - 1` })
      .where('id', 'in', trx.selectFrom('follow').select('follow.user_id').where('follow.follow_id', '=', uid))
      .execute();
    await trx.deleteFrom('star').where('uid', '=', uid).execute();
    await trx.deleteFrom('watch').where('user_id', '=', uid).execute();
    await trx
      .deleteFrom('follow')
      .where((eb) => eb.or([eb('user_id', '=', uid), eb('follow_id', '=', uid)]))
      .execute();
    await trx.deleteFrom('collaboration').where('user_id', '=', uid).execute();
    await trx.deleteFrom('issue_assignees').where('assignee_id', '=', uid).execute();
    await trx.deleteFrom('issue_user').where('uid', '=', uid).execute();
    await trx.deleteFrom('pull_auto_merge').where('doer_id', '=', uid).execute();
    await trx.deleteFrom('action').where('user_id', '=', uid).execute();
    await trx.deleteFrom('email_address').where('uid', '=', uid).execute();
    await trx.deleteFrom('public_key').where('owner_id', '=', uid).execute();
    await trx.deleteFrom('access_token').where('user_id', '=', uid).execute();
    await trx.deleteFrom('web_session').where('user_id', '=', uid).execute();
    await trx.deleteFrom('user_redirect').where('redirect_user_id', '=', uid).execute();
    // Their inbox and issue subscriptions (issue #20).
    await deleteUserNotifications(trx, uid);
    await deleteIssueWatches(trx, { userId: uid });
    await trx.deleteFrom('user').where('id', '=', uid).execute();
  });
}
