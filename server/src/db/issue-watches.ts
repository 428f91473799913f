// Issue subscriptions (Gitea's issue_watch): a user follows (is_watching 1) or mutes (0) one
// issue or pull request, whatever the repository watch says.
import type { Db } from './types.ts';
import type { UserRow } from './schema.ts';
import type { PageWindow, RowsPage } from './page-rows.ts';
import { countThenPage } from './page-rows.ts';

export function findIssueWatch(db: Db, userId: number, issueId: number) {
  return db.selectFrom('issue_watch').selectAll().where('user_id', '=', userId).where('issue_id', '=', issueId).executeTakeFirst();
}

/** Follows or mutes, in one statement (an existing row is updated). */
export async function upsertIssueWatch(db: Db, userId: number, issueId: number, watching: boolean, now: number): Promise<void> {
  await db
    .insertInto('issue_watch')
    .values({ user_id: userId, issue_id: issueId, is_watching: watching ? 1 : 0, created_unix: now, updated_unix: now })
    .onConflict((oc) => oc.columns(['user_id', 'issue_id']).doUpdateSet({ is_watching: watching ? 1 : 0, updated_unix: now }))
    .execute();
}

/** Users who follow (watching) or muted (not watching) the issue. */
export async function listIssueWatchIds(db: Db, issueId: number, watching: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('issue_watch')
    .select('user_id')
    .where('issue_id', '=', issueId)
    .where('is_watching', '=', watching ? 1 : 0)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A page of the active users following the issue, in the order they subscribed. */
export function listIssueWatchersPage(db: Db, issueId: number, p: PageWindow): Promise<RowsPage<UserRow>> {
  const q = db
    .selectFrom('issue_watch')
    .innerJoin('user', 'user.id', 'issue_watch.user_id')
    .where('issue_watch.issue_id', '=', issueId)
    .where('issue_watch.is_watching', '=', 1)
    .where('user.active', '=', 1)
    .where('user.prohibit_login', '=', 0);
  return countThenPage(q, p, (page) => page.selectAll('user').orderBy('issue_watch.id'));
}

/** Subscriptions of these issues (deleted with them), or of one user (deleted with them). */
export async function deleteIssueWatches(db: Db, of: { issueIds: number[] } | { userId: number }): Promise<void> {
  if ('userId' in of) await db.deleteFrom('issue_watch').where('user_id', '=', of.userId).execute();
  else if (of.issueIds.length) await db.deleteFrom('issue_watch').where('issue_id', 'in', of.issueIds).execute();
}
