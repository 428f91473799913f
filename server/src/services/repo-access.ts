// A repository as a service sees it (RepoContext: the rows, the caller's permission, the folder)
// and the access rules applied to it in one place: unreadable is 404 (never 403), too little
// access is 403, a write to an archived repository is 423. http/repo-context.ts loads one for a
// request; writers outside a request (scheduled merges, references, the demo) use repoContextFor.
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import { nowTicket, scopedDbVersion } from '../db/index.ts';
import { countsTable, type Dependencies } from '../db/write-scopes.ts';
import type { Db } from '../db/types.ts';
import { isPostgres, tableColumns } from '../db/dialect.ts';
import { queryRepoWithOwner } from '../db/repo-lookup.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import { forbidden, locked, notFound, unauthorized } from '../errors.ts';
import { type AccessMode, type RepoPermission, type Unit, repoPermission, unitEnabled } from './permissions.ts';

export interface RepoContext {
  repo: RepoRow;
  owner: UserRow;
  /** The overall mode (max over units); ask `perm` for a unit. */
  mode: AccessMode;
  perm: RepoPermission;
  /** Path of the bare git repository. */
  dir: string;
}

/**
 * 'read': any unit readable (else 404); 'read:<unit>': that unit readable (else 403, as Gitea's
 * reqRepoReader); 'write' is 'write:code' (Gitea's reqRepoWriter(unit.TypeCode)); 'write:<unit>':
 * that unit writable; 'admin': repository admin (settings, collaborators).
 */
export type Need = 'read' | 'write' | 'admin' | `read:${Unit}` | `write:${Unit}`;

/** Applies `need` for `user` to a repository: the RepoContext, or the error Gitea answers. */
export async function checkRepoAccess(
  db: Db,
  user: UserRow | null,
  rc: Omit<RepoContext, 'mode' | 'perm'>,
  need: Need,
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const perm = await repoPermission(db, user, rc.repo, rc.owner);
  if (!perm.canReadAny()) throw notFound();
  if (need !== 'read') {
    const [kind, unit] = need === 'write' ? ['write', 'code' as Unit] : need === 'admin' ? ['admin', undefined] : (need.split(':') as [string, Unit]);
    // A unit the repository turned off does not exist (Gitea's mustEnableIssues / mustAllowPulls).
    if (unit && !unitEnabled(rc.repo, unit)) throw notFound();
    if (kind === 'read') {
      if (!perm.canRead(unit!)) throw forbidden('user should have specific read permission or be a repo admin or a site admin');
    } else {
      if (!user) throw unauthorized();
      if (kind === 'admin' ? !perm.canAdmin() : !perm.canWrite(unit!)) throw forbidden();
      if (rc.repo.is_archived === 1 && !opts.allowArchived) throw locked();
    }
  }
  return { ...rc, mode: perm.mode, perm };
}

/** A RepoContext for `user` outside a request (scheduled merges, references, the demo seed). */
export async function repoContextFor(deps: Deps, user: UserRow | null, repo: RepoRow, owner: UserRow): Promise<RepoContext> {
  const perm = await repoPermission(deps.db, user, repo, owner);
  return { repo, owner, dir: repoDir(deps.config, owner.name, repo.name), mode: perm.mode, perm };
}

// The owner's columns, read from the schema once per database, so one query can return the
// repository and its owner (each with every column) without a list to keep in step with schema.ts.
const ownerColumns = new WeakMap<Db, Promise<string[]>>();
function userColumns(db: Db): Promise<string[]> {
  let cols = ownerColumns.get(db);
  if (!cols) {
    cols = tableColumns(db, 'user');
    ownerColumns.set(db, cols);
  }
  return cols;
}

// Rows by name while what they are read from is unchanged, so repeated reads of one repository
// skip the query; callers get their own copies, as from a fresh query. A row depends on its own
// repository row and counters and on the users (its owner's name); a name can point to another
// repository only after a write to this one (a rename, a transfer, a delete), so writes to other
// repositories leave it valid (issue #22). On PostgreSQL the version costs a snapshot, taken once
// per request: kept only for callers that pass the request's ticket (db/pg-snapshot.ts).
const MAX_FOUND = 500;
const foundRows = new WeakMap<Db, Map<string, { version: string; repo: RepoRow; owner: UserRow }>>();
const REPO_COUNTS = countsTable('repository');
const ANY_REPO: Dependencies = { scoped: [], ignored: [], only: ['repository', REPO_COUNTS, 'user'] };
const readsOf = (id: number): Dependencies => ({
  scoped: [
    ['repository', { repo: id }],
    [REPO_COUNTS, { repo: id }],
  ],
  ignored: [],
  only: ['user'],
});

/** {owner}/{repo} by name (case-insensitive) with its owner row, in one indexed query. `ticket`: the request's (db/index.ts requestTicket). */
export async function findRepoWithOwner(db: Db, ownerName: string, repoName: string, ticket?: number): Promise<{ repo: RepoRow; owner: UserRow } | undefined> {
  if (ticket === undefined && isPostgres(db)) return queryRepoWithOwner(db, await userColumns(db), ownerName, repoName);
  let cache = foundRows.get(db);
  if (!cache) foundRows.set(db, (cache = new Map()));
  const key = `${ownerName.toLowerCase()}/${repoName.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && hit.version === (await scopedDbVersion(db, readsOf(hit.repo.id), ticket))) return { repo: { ...hit.repo }, owner: { ...hit.owner } };
  const before = await scopedDbVersion(db, ANY_REPO, ticket);
  const found = await queryRepoWithOwner(db, await userColumns(db), ownerName, repoName);
  if (!found) return found;
  // Kept only when nothing was written to repositories or users while it was read.
  const now = nowTicket();
  if ((await scopedDbVersion(db, ANY_REPO, now)) === before) {
    const version = await scopedDbVersion(db, readsOf(found.repo.id), now);
    cache.delete(key);
    if (cache.size >= MAX_FOUND) cache.delete(cache.keys().next().value!);
    cache.set(key, { version, repo: { ...found.repo }, owner: { ...found.owner } });
  }
  return found;
}
