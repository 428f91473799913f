// A user's notification threads (Gitea's routers/api/v1/notify and convert.ToNotificationThread):
// listing with Gitea's filters, the unread count, and marking read, unread or pinned. Threads of
// repositories the user can no longer read, or of a unit disabled or unreadable there, are not
// listed nor counted and answer 404 (notification-scopes.ts).
import type { Deps } from '../context.ts';
import type { NotificationRow, RepoRow, UserRow } from '../db/schema.ts';
import { nowUnix, unixToIso } from '../db/index.ts';
import { listIssuesByIds } from '../db/issues.ts';
import { listPullMergeStates } from '../db/issue-views.ts';
import { listOwnersByIds } from '../db/repos.ts';
import {
  NotificationSource,
  NotificationStatus,
  type NotificationFilter,
  countNotifications,
  findNotificationById,
  listLatestCommentIds,
  listNotifications,
  listNotificationsPage,
  listReleasesByIds,
  listReposByIds,
  setNotificationsStatus,
} from '../db/notifications.ts';
import { repoDir } from '../context.ts';
import { logCommits } from '../git/log.ts';
import { escapeSegments } from './releases-convert.ts';
import type { PageWindow } from '../db/page-rows.ts';
import { toApiRepo } from '../api/convert.ts';
import { ApiError, notFound } from '../errors.ts';
import { Access } from './permissions.ts';
import { maySeeThread, notificationScopes } from './notification-scopes.ts';
import { notificationsChanged } from './notify.ts';

export { NotificationStatus };

/** Gitea's statusStringToNotificationStatus: unread, read, pinned (any case), else 0. */
export function statusOf(s: string | undefined): number {
  return ({ unread: 1, read: 2, pinned: 3 } as Record<string, number>)[(s ?? '').trim().toLowerCase()] ?? 0;
}

/** The statuses named, or `fallback` when none is known. */
export function statusesOf(list: string[] | undefined, fallback: string[]): number[] {
  const known = (list ?? []).map(statusOf).filter((s) => s > 0);
  return known.length ? [...new Set(known)] : fallback.map(statusOf);
}

/** Gitea's subjectToSource: issue, pull, commit, repository, release (any case). */
export function sourcesOf(list: string[] | undefined): number[] {
  const map: Record<string, number> = NotificationSource;
  return [...new Set((list ?? []).map((s) => map[s.trim().toLowerCase()] ?? 0).filter((s) => s > 0))];
}

export interface ListQuery {
  all?: boolean;
  statuses?: string[];
  subjects?: string[];
  since?: number;
  before?: number;
  repoId?: number;
}

export async function notificationFilter(deps: Deps, user: UserRow, q: ListQuery, defaults: string[]): Promise<NotificationFilter> {
  return {
    userId: user.id,
    scopes: await notificationScopes(deps, user, q.repoId),
    repoId: q.repoId,
    statuses: q.all ? undefined : statusesOf(q.statuses, defaults),
    sources: sourcesOf(q.subjects),
    since: q.since,
    before: q.before,
  };
}

type SubjectType = 'Issue' | 'Pull' | 'Commit' | 'Repository' | 'Release';
type SubjectState = 'open' | 'closed' | 'merged' | '';

/** The commits' messages, trimmed (Gitea's subject title of a commit), by `repoId:sha`. */
async function commitMessages(deps: Deps, rows: NotificationRow[], fullName: (repoId: number) => string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const n of rows) {
    const key = `${n.repo_id}:${n.commit_id}`;
    if (n.source !== NotificationSource.commit || !n.commit_id || out.has(key) || !fullName(n.repo_id)) continue;
    const [owner, name] = fullName(n.repo_id).split('/') as [string, string];
    const [c] = await logCommits(repoDir(deps.config, owner, name), { revs: [n.commit_id], max: 1 }).catch(() => []);
    out.set(key, c?.message.trim() ?? '');
  }
  return out;
}

/** Converts rows to Gitea's NotificationThread objects, reading what they show in a few queries. */
export async function toThreads(deps: Deps, user: UserRow, rows: NotificationRow[]) {
  const { db, config } = deps;
  const issueIds = [...new Set(rows.map((r) => r.issue_id).filter((id) => id > 0))];
  const releaseIds = [...new Set(rows.map((r) => r.release_id).filter((id) => id > 0))];
  const [issues, repos, merged, latest, releases] = await Promise.all([
    issueIds.length ? listIssuesByIds(db, issueIds) : [],
    listReposByIds(db, [...new Set(rows.map((r) => r.repo_id))]),
    issueIds.length ? listPullMergeStates(db, issueIds) : [],
    listLatestCommentIds(db, issueIds),
    listReleasesByIds(db, releaseIds),
  ]);
  const owners = new Map((await listOwnersByIds(db, [...new Set(repos.map((r) => r.owner_id)), 0])).map((u) => [u.id, u]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  const releaseById = new Map(releases.map((r) => [r.id, r]));
  const repoById = new Map(repos.map((r) => [r.id, r]));
  const mergedIds = new Set(merged.filter((m) => m.has_merged === 1).map((m) => m.issue_id));
  const apiRepos = new Map<number, ReturnType<typeof toApiRepo>>();
  const apiRepo = (r: RepoRow) => {
    if (!apiRepos.has(r.id)) apiRepos.set(r.id, toApiRepo(r, owners.get(r.owner_id)!, Access.read, config, user));
    return apiRepos.get(r.id)!;
  };
  const fullName = (repoId: number) => {
    const repo = repoById.get(repoId);
    return repo ? `${owners.get(repo.owner_id)?.name ?? repo.owner_name}/${repo.name}` : '';
  };
  const messages = await commitMessages(deps, rows, fullName);
  const subjectOf = (n: NotificationRow) => {
    const full = fullName(n.repo_id);
    const none = { latest_comment_url: '', latest_comment_html_url: '', state: '' as SubjectState };
    if (n.source === NotificationSource.commit) {
      // Gitea gives the web address of the commit as both url and html_url.
      const url = `${config.rootUrl}${full}/commit/${encodeURIComponent(n.commit_id)}`;
      return { ...none, title: messages.get(`${n.repo_id}:${n.commit_id}`) ?? '', url, html_url: url, type: 'Commit' as SubjectType };
    }
    if (n.source === NotificationSource.repository) {
      return { ...none, title: full, url: `/${full}`, html_url: `${config.rootUrl}${full}`, type: 'Repository' as SubjectType };
    }
    if (n.source === NotificationSource.release) {
      const rel = releaseById.get(n.release_id);
      // As Gitea: url is the release's link (relative), html_url its page.
      const link = rel ? `${full}/releases/tag/${escapeSegments(rel.tag_name)}` : '';
      return {
        ...none,
        title: rel ? rel.title || rel.tag_name : '',
        url: link && `/${link}`,
        html_url: link && `${config.rootUrl}${link}`,
        type: 'Release' as SubjectType,
      };
    }
    const issue = issueById.get(n.issue_id);
    const apiBase = `${config.rootUrl}api/v1/repos/${full}`;
    const commentId = issue ? latest.get(issue.id) : undefined;
    const htmlUrl = issue ? `${config.rootUrl}${full}/${issue.is_pull ? 'pulls' : 'issues'}/${issue.index}` : '';
    return {
      title: issue?.name ?? '',
      url: issue ? `${apiBase}/issues/${issue.index}` : '',
      latest_comment_url: commentId ? `${apiBase}/issues/comments/${commentId}` : '',
      html_url: htmlUrl,
      latest_comment_html_url: commentId ? `${htmlUrl}#issuecomment-${commentId}` : '',
      type: (n.source === NotificationSource.pull ? 'Pull' : 'Issue') as SubjectType,
      state: (!issue ? '' : mergedIds.has(issue.id) ? 'merged' : issue.is_closed ? 'closed' : 'open') as SubjectState,
    };
  };
  return rows.map((n) => {
    const repo = repoById.get(n.repo_id);
    return {
      id: n.id,
      repository: repo ? apiRepo(repo) : null,
      subject: subjectOf(n),
      unread: n.status === NotificationStatus.unread,
      pinned: n.status === NotificationStatus.pinned,
      updated_at: unixToIso(n.updated_unix),
      url: `${config.rootUrl}api/v1/notifications/threads/${n.id}`,
    };
  });
}

export type ApiThread = Awaited<ReturnType<typeof toThreads>>[number];

export async function listThreadsPage(deps: Deps, user: UserRow, f: NotificationFilter, p: PageWindow) {
  const { total, rows } = await listNotificationsPage(deps.db, f, p);
  return { total, threads: await toThreads(deps, user, rows) };
}

/** Gitea's GET /notifications/new: how many unread threads the user has. */
export async function countUnread(deps: Deps, user: UserRow): Promise<number> {
  return countNotifications(deps.db, { userId: user.id, scopes: await notificationScopes(deps, user), statuses: [NotificationStatus.unread] });
}

/**
 * One thread: 404 when there is none, or its repository is one the user can no longer read, or
 * its subject's unit is disabled or not readable there (notification-scopes.ts); 403 for another
 * user's thread (a site admin may read it, as Gitea).
 */
export async function threadFor(deps: Deps, user: UserRow, id: number, change: boolean): Promise<NotificationRow> {
  const n = await findNotificationById(deps.db, id);
  if (!n) throw notFound();
  if (n.user_id !== user.id && (change || user.is_admin !== 1)) {
    throw new ApiError(403, `only user itself and admin are allowed to read/change this thread ${n.id}`);
  }
  const owner = await findNotificationOwner(deps, n.user_id, user);
  if (!owner || !(await maySeeThread(deps, owner, n))) throw notFound();
  return n;
}

async function findNotificationOwner(deps: Deps, id: number, user: UserRow): Promise<UserRow | undefined> {
  if (id === user.id) return user;
  return (await listOwnersByIds(deps.db, [id]))[0];
}

/** Sets the status of threads of the user and tells the live pages; how many there were. */
export async function markThreads(deps: Deps, user: UserRow, rows: NotificationRow[], status: number): Promise<number> {
  const changed = await setNotificationsStatus(
    deps.db,
    user.id,
    rows.map((r) => r.id),
    status,
    nowUnix(),
  );
  if (changed.length) {
    const [repo] = await listReposByIds(deps.db, [changed[0]!.repo_id]);
    if (repo) await notificationsChanged(deps, user, repo, [user.id]);
  }
  return changed.length;
}

/** Gitea's PUT /notifications (and the repository's): every matching thread to `status`. */
export async function markAll(deps: Deps, user: UserRow, f: NotificationFilter, status: number): Promise<number> {
  return markThreads(deps, user, await listNotifications(deps.db, f), status);
}
