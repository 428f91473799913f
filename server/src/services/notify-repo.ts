// Threads about a repository's commits and releases (issue #20), as Gitea's uinotification: a
// release published or edited tells the repository's watchers and its owner (a user, not an
// organization), never whoever published it, if they may read releases (NewRelease/UpdateRelease,
// subject type "Release"); a pushed commit whose message @mentions users tells them, if they may
// read the code (PushCommits, subject type "Commit"). One thread per user and release or commit.
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { nowUnix } from '../db/index.ts';
import { listIndividualsByLowerNames } from '../db/mentions.ts';
import { listOwnersByIds } from '../db/repos.ts';
import {
  NotificationSource,
  commitNotificationKey,
  listReceivableUsers,
  listRepoWatcherIds,
  releaseNotificationKey,
  upsertNotifications,
} from '../db/notifications.ts';
import { ZERO_SHA } from '../git/refs.ts';
import { logCommits } from '../git/log.ts';
import type { RefChange } from '../git/pull-refs.ts';
import type { EventOf } from './events.ts';
import { findMentions } from './mentions.ts';
import { notificationsChanged } from './notify.ts';
import { repoPermission, type Unit } from './permissions.ts';

/** Gitea's setting.UI.FeedMaxCommitNum: the newest commits of a push that are looked at. */
const PUSH_COMMITS = 5;

async function ownerOf(deps: Deps, repo: RepoRow, owner?: UserRow): Promise<UserRow | undefined> {
  return owner ?? (await listOwnersByIds(deps.db, [repo.owner_id]))[0];
}

/** The users of `ids` who may sign in and read `unit` of the repository. */
async function readersOf(deps: Deps, repo: RepoRow, owner: UserRow | undefined, ids: number[], unit: Unit): Promise<number[]> {
  const out: number[] = [];
  for (const u of await listReceivableUsers(deps.db, ids)) {
    if ((await repoPermission(deps.db, u, repo, owner)).canRead(unit)) out.push(u.id);
  }
  return out;
}

/** release.published / release.updated: the watchers (and a user owner) hear of it. */
export async function notifyRelease(deps: Deps, e: EventOf<'release.published' | 'release.updated'>): Promise<number[]> {
  const { repo } = e.repository;
  const owner = await ownerOf(deps, repo, e.repository.owner);
  const ids = new Set(await listRepoWatcherIds(deps.db, repo.id));
  if (owner && owner.type === 0) ids.add(owner.id);
  ids.delete(e.actor.id);
  const users = await readersOf(deps, repo, owner, [...ids], 'releases');
  if (!users.length) return [];
  await upsertNotifications(deps.db, {
    userIds: users,
    repoId: repo.id,
    source: NotificationSource.release,
    releaseId: e.release.id,
    uniqueKey: releaseNotificationKey(e.release.id),
    updatedBy: e.actor.id,
    now: nowUnix(),
  });
  await notificationsChanged(deps, e.actor, repo, users);
  return users;
}

/** The commits a branch update brought, newest first, at most PUSH_COMMITS (as Gitea's push feed). */
async function pushedCommits(dir: string, c: RefChange) {
  if (!c.ref.startsWith('refs/heads/') || c.newId === ZERO_SHA) return [];
  const revs = c.oldId === ZERO_SHA ? [c.newId] : [c.newId, `^${c.oldId}`];
  return logCommits(dir, { revs, max: PUSH_COMMITS });
}

/** push: users @mentioned in the messages of the pushed commits, one thread per commit. */
export async function notifyCommitMentions(deps: Deps, e: EventOf<'push'>): Promise<number[]> {
  const { repo } = e.repository;
  const owner = await ownerOf(deps, repo, e.repository.owner);
  const dir = repoDir(deps.config, owner?.name ?? repo.owner_name, repo.name);
  const told = new Set<number>();
  const seen = new Set<string>();
  for (const change of e.changes) {
    for (const commit of await pushedCommits(dir, change)) {
      if (seen.has(commit.sha)) continue;
      seen.add(commit.sha);
      const names = findMentions(commit.message);
      if (!names.length) continue;
      const mentioned = (await listIndividualsByLowerNames(deps.db, names)).map((u) => u.id).filter((id) => id !== e.actor.id);
      const users = await readersOf(deps, repo, owner, mentioned, 'code');
      if (!users.length) continue;
      await upsertNotifications(deps.db, {
        userIds: users,
        repoId: repo.id,
        source: NotificationSource.commit,
        commitId: commit.sha,
        uniqueKey: commitNotificationKey(repo.id, commit.sha),
        updatedBy: e.actor.id,
        now: nowUnix(),
      });
      for (const id of users) told.add(id);
    }
  }
  if (told.size) await notificationsChanged(deps, e.actor, repo, [...told]);
  return [...told];
}
