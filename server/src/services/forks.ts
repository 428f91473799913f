// Forks, as Gitea's services/repository/fork.go and routers/api/v1/repo/fork.go: a fork is a full bare
// copy of its parent (`git clone --bare`, prepared under <data>/tmp and renamed into place so a crash
// never leaves half a repository), with is_fork, fork_id and the parent's num_forks kept right.
// Also: a fork's `parent` as the viewer may see it, and finding a repository of a fork network from
// a head written `owner:branch` or `owner/repo:branch` (pull requests and comparisons across forks).
import fs from 'node:fs';
import { toApiRepo } from '../api/convert.ts';
import type { ApiRepository } from '../api/schemas.ts';
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { findRepoById, findRepoByOwnerAndName, findRepoIdByOwnerAndName, findUserFork, insertRepo, recountRepoForks } from '../db/repos.ts';
import { findUserById, findUserByName } from '../db/users.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { setHead } from '../git/repo.ts';
import { allowHttpPushAndFilter, cloneBare, removeOriginRemote } from '../git/repo-admin.ts';
import { recordAction } from './activity.ts';
import { ORG_TYPE, afterOrgRepoCreated } from './orgs.ts';
import { apiRepoMode, repoPermission, type RepoPermission } from './permissions.ts';
import { ALREADY_EXISTS, folderSize, newRepoRow, validateRepoName } from './repos.ts';
import { asidePath, crashPoint, placeRepository } from './repo-folders.ts';

/** A repository with its owner and folder: one member of a fork network. */
export interface NetworkRepo {
  repo: RepoRow;
  owner: UserRow;
  dir: string;
}

/** repository.num_forks recounted from the rows, so creating and deleting forks can never make it drift. */
export async function recountForks(db: Db, repoId: number): Promise<void> {
  if (!repoId) return;
  await recountRepoForks(db, repoId);
}

export interface ForkOptions {
  name: string;
  description: string;
}

/**
 * Forks `base` for `owner` (the doer or an organization the caller checked). 409 when `owner` already
 * has a fork of it or the name is taken. A fork of a private repository (or of one whose owner is
 * private) is private; an empty repository gives an empty fork, as Gitea copies IsEmpty.
 */
export async function forkRepository(deps: Deps, doer: UserRow, owner: UserRow, base: NetworkRepo, opts: ForkOptions): Promise<RepoRow> {
  const { db, config } = deps;
  validateRepoName(opts.name);
  const existing = await findUserFork(db, base.repo.id, owner.id);
  if (existing) {
    throw conflict(
      `repository is already forked by user [uname: ${owner.name}, repo path: ${base.owner.name}/${base.repo.name}, fork path: ${owner.name}/${existing.name}]`,
    );
  }
  const nameTaken = (q: Db) => findRepoIdByOwnerAndName(q, owner.id, opts.name);
  if (await nameTaken(db)) throw conflict(ALREADY_EXISTS);

  const dir = repoDir(config, owner.name, opts.name);
  const tmp = asidePath(config, 'fork', '.git');
  let placed = false;
  let row: RepoRow;
  try {
    // Branches and tags, not the parent's refs/pull/*: those belong to the parent's pull requests.
    await cloneBare(base.dir, tmp);
    // The copy must not point back at the parent's folder; and it serves pushes as initBare's do.
    await removeOriginRemote(tmp).catch(() => {});
    await allowHttpPushAndFilter(tmp);
    await setHead(tmp, base.repo.default_branch);
    const size = folderSize(tmp);
    const t = nowUnix();
    // The row, the parent's count and the folder's rename into place (last) in one transaction: a
    // crash leaves either no fork or a whole one (see repo-folders.ts).
    row = await db.transaction().execute(async (trx) => {
      if (await nameTaken(trx)) throw conflict(ALREADY_EXISTS);
      const inserted = await insertRepo(
        trx,
        newRepoRow(
          owner,
          {
            name: opts.name,
            description: opts.description,
            is_private: base.repo.is_private === 1 || base.owner.visibility === 'private' ? 1 : 0,
            is_empty: base.repo.is_empty,
            is_fork: 1,
            fork_id: base.repo.id,
            default_branch: base.repo.default_branch,
            size,
          },
          t,
        ),
      ).catch((e: unknown) => {
        // Two forks racing past the check above meet the unique index.
        if (String((e as Error)?.message).includes('UNIQUE')) throw conflict(ALREADY_EXISTS);
        throw e;
      });
      await recountForks(trx, base.repo.id);
      await recordAction(trx as unknown as Db, { op_type: 'create_repo', act_user_id: doer.id, repo: inserted });
      placeRepository(tmp, dir);
      placed = true;
      crashPoint('fork:placed');
      return inserted;
    });
  } catch (e) {
    fs.rmSync(placed ? dir : tmp, { recursive: true, force: true });
    throw e;
  }
  // Teams of an organization owner: their own transaction (it cannot nest); a failure there leaves
  // a whole fork the organization's owners can already manage.
  if (owner.type === ORG_TYPE) await afterOrgRepoCreated(db, owner, row, doer);
  return row;
}

/** The repository `id` with its owner, or undefined when it is gone. */
export async function networkRepoById(deps: Deps, id: number): Promise<NetworkRepo | undefined> {
  if (!id) return undefined;
  const repo = await findRepoById(deps.db, id);
  const owner = repo && (await findUserById(deps.db, repo.owner_id));
  return repo && owner ? { repo, owner, dir: repoDir(deps.config, owner.name, repo.name) } : undefined;
}

/**
 * A fork's parent as `viewer` sees it: null when the parent is gone or the viewer cannot read it,
 * undefined (no field) for a repository that is not a fork.
 */
export async function apiParent(deps: Deps, repo: RepoRow, viewer: UserRow | null): Promise<ApiRepository | null | undefined> {
  if (repo.is_fork !== 1) return undefined;
  const parent = await networkRepoById(deps, repo.fork_id);
  if (!parent) return null;
  const perm = await repoPermission(deps.db, viewer, parent.repo, parent.owner);
  if (!perm.canReadAny()) return null;
  return toApiRepo(parent.repo, parent.owner, apiRepoMode(perm), deps.config, viewer);
}

/** toApiRepo with the permission looked up (unless given) and, for a fork, its parent. */
export async function toApiRepoWithParent(deps: Deps, repo: RepoRow, owner: UserRow, viewer: UserRow | null, perm?: RepoPermission): Promise<ApiRepository> {
  const p = perm ?? (await repoPermission(deps.db, viewer, repo, owner));
  return toApiRepo(repo, owner, apiRepoMode(p), deps.config, viewer, await apiParent(deps, repo, viewer));
}

/** Whether two repositories belong to one fork network: the same, parent and fork, or two forks of one parent. */
export function sameNetwork(a: RepoRow, b: RepoRow): boolean {
  return a.id === b.id || a.fork_id === b.id || b.fork_id === a.id || (a.fork_id !== 0 && a.fork_id === b.fork_id);
}

/**
 * Reads a head as Gitea's parseCompareInfo does: "branch" (this repository), "owner:branch" (this
 * repository when `owner` owns it, else owner's fork of it, its parent, or owner's fork of its
 * parent) or "owner/repo:branch" (any repository of the network). A repository the viewer cannot
 * read the code of does not exist for them (404).
 */
export async function resolveNetworkHead(deps: Deps, base: NetworkRepo, viewer: UserRow | null, head: string): Promise<{ head: NetworkRepo; branch: string }> {
  const colon = head.indexOf(':');
  if (colon < 0) return { head: base, branch: head };
  const { db } = deps;
  const spec = head.slice(0, colon);
  const branch = head.slice(colon + 1);
  const slash = spec.indexOf('/');
  const ownerName = slash < 0 ? spec : spec.slice(0, slash);
  const headOwner = await findUserByName(db, ownerName);
  if (!headOwner) throw notFound(`user does not exist [name: ${ownerName}]`);
  let repo: RepoRow | undefined;
  if (slash >= 0) {
    const found = await findRepoByOwnerAndName(db, headOwner.id, spec.slice(slash + 1));
    repo = found && sameNetwork(base.repo, found) ? found : undefined;
  } else if (headOwner.id === base.repo.owner_id) {
    repo = base.repo;
  } else {
    repo = await findUserFork(db, base.repo.id, headOwner.id);
    if (!repo && base.repo.fork_id) {
      const parent = await findRepoById(db, base.repo.fork_id);
      repo = parent?.owner_id === headOwner.id ? parent : await findUserFork(db, base.repo.fork_id, headOwner.id);
    }
  }
  const missing = () => notFound(`${headOwner.name} has no fork of ${base.owner.name}/${base.repo.name}`);
  if (!repo) throw missing();
  if (repo.id === base.repo.id) return { head: base, branch };
  // Gitea: the doer needs read access to the head repository's code.
  if (!(await repoPermission(db, viewer, repo, headOwner)).canRead('code')) throw missing();
  return { head: { repo, owner: headOwner, dir: repoDir(deps.config, headOwner.name, repo.name) }, branch };
}
