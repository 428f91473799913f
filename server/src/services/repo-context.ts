// Loads {owner}/{repo} for a request and applies the access rules in one place: unreadable is
// 404 (never 403), too little access is 403, a write to an archived repository is 423. What the
// user may do comes from services/permissions.ts (rc.perm); rc.mode is its overall mode.
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { repoDir } from '../context.ts';
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

export async function loadRepo(
  c: Context<AppEnv>,
  ownerName: string,
  repoName: string,
  need: Need = 'read',
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const { db, config } = c.var.deps;
  const owner = await db.selectFrom('user').selectAll().where('lower_name', '=', ownerName.toLowerCase()).executeTakeFirst();
  const repo = owner
    ? await db
        .selectFrom('repository')
        .selectAll()
        .where('owner_id', '=', owner.id)
        .where('lower_name', '=', repoName.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (!owner || !repo) throw notFound();
  return checkRepo(c, { repo, owner, dir: repoDir(config, owner.name, repo.name) }, need, opts);
}

export async function checkRepo(
  c: Context<AppEnv>,
  rc: Omit<RepoContext, 'mode' | 'perm'>,
  need: Need,
  opts: { allowArchived?: boolean } = {},
): Promise<RepoContext> {
  const user = c.var.user;
  const perm = await repoPermission(c.var.deps.db, user, rc.repo, rc.owner);
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
