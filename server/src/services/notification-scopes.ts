// Which of a user's notification threads they may still see: those of a repository they can read
// (Gitea's web inbox drops the others: made private, collaborator or team removed) and whose
// subject's unit is enabled and readable there (issues, pull requests, code for commits,
// releases). Everything listing, counting or marking threads goes through these scopes, so the
// bell's count and the inbox agree. Gitea's API lists such threads; this server hides them, and
// answers 404 for one of them, as for any private data the caller may not see.
import type { Deps } from '../context.ts';
import type { NotificationRow, UserRow } from '../db/schema.ts';
import { NotificationSource, type NotificationScope, listNotificationRepoIds, listReposByIds } from '../db/notifications.ts';
import { listOwnersByIds } from '../db/repos.ts';
import { type RepoPermission, type Unit, readableRepo, repoPermissions } from './permissions.ts';

/** The unit a thread's subject belongs to; a repository thread needs any unit. */
const unitOfSource: Record<number, Unit | 'any'> = {
  [NotificationSource.issue]: 'issues',
  [NotificationSource.pull]: 'pulls',
  [NotificationSource.commit]: 'code',
  [NotificationSource.repository]: 'any',
  [NotificationSource.release]: 'releases',
};

/** Whether the permission lets its holder see a thread of this source. */
export function mayReadSource(p: RepoPermission, source: number): boolean {
  const unit = unitOfSource[source];
  if (!unit) return false;
  return unit === 'any' ? p.canReadAny() : p.canRead(unit);
}

/** The (source, repositories) pairs of the user's threads they may see (of one repository when given). */
export async function notificationScopes(deps: Deps, user: UserRow, repoId?: number): Promise<NotificationScope[]> {
  const ids = await listNotificationRepoIds(deps.db, user.id, readableRepo(user), repoId);
  const repos = await listReposByIds(deps.db, ids);
  const owners = new Map((await listOwnersByIds(deps.db, [...new Set(repos.map((r) => r.owner_id)), 0])).map((u) => [u.id, u]));
  const list = repos.flatMap((repo) => {
    const owner = owners.get(repo.owner_id);
    return owner ? [{ repo, owner }] : [];
  });
  const perms = await repoPermissions(deps.db, user, list);
  return Object.keys(unitOfSource).map((key) => {
    const source = Number(key);
    return { source, repoIds: list.filter((_, i) => mayReadSource(perms[i]!, source)).map((x) => x.repo.id) };
  });
}

/** Whether the user may see this one thread (see notificationScopes). */
export async function maySeeThread(deps: Deps, user: UserRow, n: NotificationRow): Promise<boolean> {
  const scopes = await notificationScopes(deps, user, n.repo_id);
  return scopes.some((s) => s.source === n.source && s.repoIds.includes(n.repo_id));
}
