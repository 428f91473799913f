// Following or muting one issue or pull request (Gitea's models/issues/issue_watch.go and
// routers/api/v1/repo/issue_subscription.go): an explicit choice wins; without one a user follows
// the issues of the repositories they watch and those they take part in.
import type { Db } from '../db/types.ts';
import type { IssueRow, UserRow } from '../db/schema.ts';
import { nowUnix } from '../db/index.ts';
import { findIssueWatch, listIssueWatchersPage, upsertIssueWatch } from '../db/issue-watches.ts';
import { findWatch } from '../db/social.ts';
import { listParticipantIds } from '../db/notifications.ts';
import type { PageWindow } from '../db/page-rows.ts';
import { forbidden } from '../errors.ts';

/** Gitea's CheckIssueWatch. */
export async function isWatchingIssue(db: Db, user: UserRow, issue: IssueRow): Promise<boolean> {
  const explicit = await findIssueWatch(db, user.id, issue.id);
  if (explicit) return explicit.is_watching === 1;
  if (await findWatch(db, user.id, issue.repo_id)) return true;
  return (await listParticipantIds(db, issue.id, issue.poster_id)).includes(user.id);
}

/**
 * Follows (watch) or mutes the issue for `user`, as `doer` asks: only the user themself or a site
 * admin may (403). Whether it changed (Gitea: 201 when it did, 200 when it was so already).
 */
export async function setIssueWatch(db: Db, doer: UserRow, user: UserRow, issue: IssueRow, watch: boolean): Promise<boolean> {
  if (user.id !== doer.id && doer.is_admin !== 1) throw forbidden(`${doer.name} is not permitted to change subscriptions for ${user.name}`);
  if ((await isWatchingIssue(db, user, issue)) === watch) return false;
  await upsertIssueWatch(db, user.id, issue.id, watch, nowUnix());
  return true;
}

/** A page of the users following the issue explicitly. */
export function issueSubscribersPage(db: Db, issue: IssueRow, p: PageWindow) {
  return listIssueWatchersPage(db, issue.id, p);
}
