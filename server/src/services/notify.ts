// Who hears of an event on an issue or pull request, as Gitea's createOrUpdateIssueNotifications:
// the repository's watchers, the issue's participants (author, commenters, assignees, requested
// reviewers) and whoever follows it, without whoever muted it and never the actor; or one
// receiver (a mentioned user, a new assignee, a requested reviewer). Only users who can read the
// issue get a thread. Then notifications.changed for the live pages and the bell.
import type { Deps } from '../context.ts';
import type { IssueRow, RepoRow, UserRow } from '../db/schema.ts';
import { nowUnix } from '../db/index.ts';
import { listIndividualsByLowerNames } from '../db/mentions.ts';
import { listIssueWatchIds } from '../db/issue-watches.ts';
import { NotificationSource, listParticipantIds, listReceivableUsers, listRepoWatcherIds, upsertIssueNotifications } from '../db/notifications.ts';
import { emitEvent } from './events.ts';
import { findMentions } from './mentions.ts';
import { repoPermission, unitEnabled } from './permissions.ts';

export interface IssueNotice {
  actor: UserRow;
  repo: RepoRow;
  owner?: UserRow;
  issue: IssueRow;
  /** The comment the event made, or 0. */
  commentId?: number;
  /** Only these users (a new assignee, a requested reviewer), instead of everyone concerned. */
  receivers?: number[];
  /** Text whose @mentions are told too (a new issue's body, a comment). */
  mentionsIn?: string;
}

/** Everyone concerned with the issue but the actor and whoever muted it. */
async function concerned(deps: Deps, n: IssueNotice): Promise<Set<number>> {
  const { db } = deps;
  const [watchers, participants, following] = await Promise.all([
    listRepoWatcherIds(db, n.repo.id),
    listParticipantIds(db, n.issue.id, n.issue.poster_id),
    listIssueWatchIds(db, n.issue.id, true),
  ]);
  return new Set([...watchers, ...participants, ...following]);
}

/** The users of `ids` who may read the issue (its unit in its repository). */
async function readers(deps: Deps, n: IssueNotice, ids: number[]): Promise<number[]> {
  const users = await listReceivableUsers(deps.db, ids);
  const unit = n.issue.is_pull ? 'pulls' : 'issues';
  // A public repository of a public owner is readable by every signed-in user who is not restricted.
  const open = n.repo.is_private === 0 && unitEnabled(n.repo, unit) && n.owner?.visibility === 'public';
  const out: number[] = [];
  for (const u of users) {
    if (open && u.restricted !== 1) out.push(u.id);
    else if ((await repoPermission(deps.db, u, n.repo, n.owner)).canReadIssuesOrPulls(n.issue.is_pull)) out.push(u.id);
  }
  return out;
}

/** Stores or refreshes the threads of everyone the event concerns; the users told. */
export async function notifyIssue(deps: Deps, n: IssueNotice): Promise<number[]> {
  const { db } = deps;
  const ids = n.receivers ? new Set(n.receivers) : await concerned(deps, n);
  // Whoever muted the thread hears of it only when the event is for them (as Gitea's receiverID).
  if (!n.receivers) for (const id of await listIssueWatchIds(db, n.issue.id, false)) ids.delete(id);
  if (n.mentionsIn) {
    const names = findMentions(n.mentionsIn);
    if (names.length) for (const u of await listIndividualsByLowerNames(db, names)) ids.add(u.id);
  }
  ids.delete(n.actor.id);
  if (!ids.size) return [];
  const users = await readers(deps, n, [...ids]);
  if (!users.length) return [];
  await upsertIssueNotifications(db, {
    userIds: users,
    repo: n.repo,
    issueId: n.issue.id,
    source: n.issue.is_pull ? NotificationSource.pull : NotificationSource.issue,
    commentId: n.commentId ?? 0,
    updatedBy: n.actor.id,
    now: nowUnix(),
  });
  await notificationsChanged(deps, n.actor, n.repo, users);
  return users;
}

/** Tells the live pages these users' bells and inboxes are stale. */
export async function notificationsChanged(deps: Deps, actor: UserRow, repo: RepoRow, users: number[]): Promise<void> {
  if (users.length) await emitEvent(deps, { type: 'notifications.changed', actor, repository: { repo }, users });
}
